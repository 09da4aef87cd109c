import type { Executor } from '../../db/dialects/database-dialect';

// The one store of Idempotency-Keys (migration 030; poll-day marks joined it in 035, decision
// 040): (user, key) -> the request it was sent with and the answer given, for a day. A phone's
// outbox resends a change whose answer it lost; the same key again gets that answer back.
// Callers: plugins/idempotency.ts (any route marked idempotent, answer stored as it leaves) and
// the poll-day marks (claim and answer inside the mark's own transaction).

export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;
// Keys older than a day are deleted at most this often per process (an index range at the old
// end of created_at), rather than on every keyed request.
const PRUNE_EVERY_MS = 60_000;

// Rows written by poll_requests before migration 035 (which did not keep the URL): they replay
// for any poll-day mark or undo.
export const LEGACY_POLL_REQUEST = 'POST /api/poll';

export type KeyClaim =
  | { kind: 'claimed' }
  // The key was used before: for `request` (method and URL), answered with status and response
  // (both null while that first request is still being answered).
  | { kind: 'used'; request: string; status: number | null; response: string | null };

// Per process, whichever database: pruning is upkeep, not correctness (an expired key is
// claimed afresh below whether or not it was pruned yet).
let nextPruneAt = 0;

async function pruneOldKeys(db: Executor, now: Date): Promise<void> {
  if (nextPruneAt > now.getTime()) return;
  nextPruneAt = now.getTime() + PRUNE_EVERY_MS;
  await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()).execute();
}

const insertClaim = async (db: Executor, claim: { userId: number; key: string; request: string; at: string }) =>
  (await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, request: claim.request, status: null, response: null, created_at: claim.at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()) !== undefined;

// Claims (user, key) for this request, or tells what the key was used for. A key a day old or
// more is forgotten: it is claimed afresh. On PostgreSQL a claim made by a transaction not yet
// committed makes this wait for it, then read what it stored.
export async function claimKey(db: Executor, claim: { userId: number; key: string; request: string; now: Date }): Promise<KeyClaim> {
  const at = claim.now.toISOString();
  const row = { userId: claim.userId, key: claim.key, request: claim.request, at };
  if (await insertClaim(db, row)) {
    await pruneOldKeys(db, claim.now);
    return { kind: 'claimed' };
  }
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['request', 'status', 'response', 'created_at'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  // Gone between the two statements (pruned, or given up after a server error): claim again.
  if (!stored) return (await insertClaim(db, row)) ? { kind: 'claimed' } : { kind: 'used', request: claim.request, status: null, response: null };
  if (stored.created_at < new Date(claim.now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key).where('created_at', '=', stored.created_at).execute();
    return (await insertClaim(db, row)) ? { kind: 'claimed' } : { kind: 'used', request: claim.request, status: null, response: null };
  }
  return { kind: 'used', request: stored.request, status: stored.status, response: stored.response };
}

export async function saveAnswer(db: Executor, answer: { userId: number; key: string; status: number; response: string }): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status: answer.status, response: answer.response }).where('user_id', '=', answer.userId).where('key', '=', answer.key).execute();
}

// Gives a claim up (a server error): a retry with the key runs the change.
export async function releaseKey(db: Executor, claim: { userId: number; key: string }): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key).execute();
}
