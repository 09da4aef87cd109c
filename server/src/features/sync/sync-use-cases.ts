import type { Role } from '@shared/auth/roles';
import { boothScopeOf } from '@shared/auth/booth-scope';
import { SYNC_COLUMNS, type SyncPage, syncRowOf } from '@shared/sync/sync-schema';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { parseBoothAccess } from '../users/users-repository';
import { toVoterDto } from '../voters/voter-rows';
import { decodeCursor, encodeCursor, PAST_EVERY_ID, scopeKeyOf, type SyncPosition } from './sync-cursor';
import { currentChangeSeq, listedVotersAfter, votersChangedAfter } from './sync-repository';
import { type UserActor } from '../audit/actor';

export const SYNC_ALL_BOOTHS = 'The offline copy holds the voters of your own booths; your account reaches every booth, so use the voter list online';

// One page of the phone's sync (decision 033). Supervisors and Karyakartas get every listed
// voter of their booths (a Karyakarta's roll pages narrow their work, not what they may see,
// and a worker in the village meets voters of the whole booth). Office roles reach every booth:
// a copy of the whole constituency has no place on a phone, so they are refused.
export async function syncVoters(ctx: AppContext, actor: UserActor, cursorText: string | undefined, limit: number): Promise<SyncPage> {
  const scope = boothScopeOf(actor.user.role as Role, parseBoothAccess(actor.user.booth_access));
  if (scope.kind === 'all') throw new HttpError(403, SYNC_ALL_BOOTHS);
  const scopeKey = scopeKeyOf(actor.user.id, scope);
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
  // A cursor of other booths (access given or taken away since) starts over: the phone drops its copy.
  const reset = !cursor || cursor.scope !== scopeKey;
  let position: SyncPosition = reset || !cursor ? { mode: 'full', startedAt: await currentChangeSeq(ctx.db), afterId: 0 } : cursor.position;
  if (reset) {
    await recordAudit(ctx.db, {
      action: 'SYNC_VOTERS',
      userId: actor.user.id,
      userName: actor.user.full_name,
      tableName: 'voters',
      ipAddress: actor.ipAddress,
      details: { booths: scope.booths, reason: cursor ? 'booths changed' : 'first sync' },
    });
  }
  const keepDays = Number((await readSettings(ctx.db)).offline_copy_days);
  const page = { reset, columns: [...SYNC_COLUMNS], rows: [] as unknown[][], removed: [] as number[], keep_days: keepDays };
  const booths = scope.booths;
  if (booths.length === 0) {
    const done: SyncPosition = position.mode === 'full' ? { mode: 'changes', afterSeq: position.startedAt, afterId: PAST_EVERY_ID } : position;
    return { ...page, cursor: encodeCursor({ scope: scopeKey, position: done }), more: false };
  }
  if (position.mode === 'full') {
    const rows = await listedVotersAfter(ctx.db, booths, position.afterId, limit);
    page.rows = rows.map((row) => syncRowOf(toVoterDto(row)));
    const last = rows.at(-1);
    if (rows.length === limit && last) {
      position = { ...position, afterId: last.id };
      return { ...page, cursor: encodeCursor({ scope: scopeKey, position }), more: true };
    }
    // Every voter of the booths up to the start is on the phone: go on with what changed since.
    position = { mode: 'changes', afterSeq: position.startedAt, afterId: PAST_EVERY_ID };
    return { ...page, cursor: encodeCursor({ scope: scopeKey, position }), more: true };
  }
  const rows = await votersChangedAfter(ctx.db, booths, position.afterSeq, position.afterId, limit);
  for (const row of rows) {
    const kept = row.deleted_at === null && row.duplicate_of === null && row.booth !== null && booths.includes(row.booth);
    if (kept) page.rows.push(syncRowOf(toVoterDto(row)));
    else page.removed.push(row.id);
  }
  const last = rows.at(-1);
  if (last) position = { mode: 'changes', afterSeq: last.change_seq, afterId: last.id };
  return { ...page, cursor: encodeCursor({ scope: scopeKey, position }), more: rows.length === limit };
}
