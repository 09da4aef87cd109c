import { createHash } from 'node:crypto';
import type { BoothScope } from '@shared/auth/booth-scope';
import { HttpError } from '../../plugins/error-handler';

// The sync cursor (decision 033), as text "v1.<scope>.<mode>.<a>.<b>":
// - scope: a short hash of the booths the user reaches; when it no longer matches, the sync
//   starts over with reset (the phone drops what it holds, so lost booths leave the phone).
// - full sync ("f"): a = the change counter when the sync began, b = the last voter id sent.
// - changes ("c"): every voter whose (change_seq, id) comes after (a, b).
export type SyncPosition = { mode: 'full'; startedAt: number; afterId: number } | { mode: 'changes'; afterSeq: number; afterId: number };

export interface SyncCursor {
  scope: string;
  position: SyncPosition;
}

export const SYNC_CURSOR_INVALID = 'The sync cursor is not valid';
// After a full sync every voter numbered up to its start is on the phone: no voter id is this
// high (the largest 32-bit integer, what PostgreSQL's integer column holds).
export const PAST_EVERY_ID = 2_147_483_647;

export function scopeKeyOf(userId: number, scope: BoothScope): string {
  const booths = scope.kind === 'all' ? ['*'] : [...scope.booths].sort();
  return createHash('sha256').update(`${userId}|${booths.join('|')}`).digest('hex').slice(0, 12);
}

export function encodeCursor(cursor: SyncCursor): string {
  const { position } = cursor;
  const [a, b] = position.mode === 'full' ? [position.startedAt, position.afterId] : [position.afterSeq, position.afterId];
  return ['v1', cursor.scope, position.mode === 'full' ? 'f' : 'c', a.toString(36), b.toString(36)].join('.');
}

const number36 = (text: string | undefined): number => {
  if (!text || !/^[0-9a-z]{1,11}$/.test(text)) throw new HttpError(400, SYNC_CURSOR_INVALID, { cursor: SYNC_CURSOR_INVALID });
  const value = parseInt(text, 36);
  if (!Number.isSafeInteger(value)) throw new HttpError(400, SYNC_CURSOR_INVALID, { cursor: SYNC_CURSOR_INVALID });
  return value;
};

export function decodeCursor(text: string): SyncCursor {
  const [version, scope, mode, a, b, ...rest] = text.split('.');
  if (version !== 'v1' || !scope || !/^[0-9a-f]{12}$/.test(scope) || (mode !== 'f' && mode !== 'c') || rest.length > 0) {
    throw new HttpError(400, SYNC_CURSOR_INVALID, { cursor: SYNC_CURSOR_INVALID });
  }
  const first = number36(a);
  const second = number36(b);
  if (second > PAST_EVERY_ID) throw new HttpError(400, SYNC_CURSOR_INVALID, { cursor: SYNC_CURSOR_INVALID });
  return { scope, position: mode === 'f' ? { mode: 'full', startedAt: first, afterId: second } : { mode: 'changes', afterSeq: first, afterId: second } };
}
