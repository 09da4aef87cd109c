import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/dialects/database-dialect';

// The one store of Idempotency-Keys (migration 030; poll-day marks joined it in 035, decision
// 040; leases and request hashes in 046, decision 059): (user, key) -> the request it was sent
// with and the answer given, for a day. A phone's outbox resends a change whose answer it lost;
// the same key again gets that answer back. Callers: plugins/idempotency.ts (any route marked
// idempotent) and the poll-day marks (claim and answer inside the mark's own transaction).

export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;
// Keys older than a day are deleted at most this often per process (an index range at the old
// end of created_at), rather than on every keyed request.
const PRUNE_EVERY_MS = 60_000;

// Rows written by poll_requests before migration 035 (which did not keep the URL): they replay
// for any poll-day mark or undo.
export const LEGACY_POLL_REQUEST = 'POST /api/poll';

// What a key was sent with: "METHOD /url" and a hash of its fields (requestFingerprint).
export interface KeyedRequest {
  request: string;
  requestHash: string;
}

export type KeyClaim =
  // This request holds the key: `token` names its claim in every later write.
  | { kind: 'claimed'; token: string; takenOver: boolean }
  // The key was used before: for `request` (method and URL) with `requestHash` (null on keys
  // kept before hashes), answered with status and response (both null while that first request
  // is still being answered within its lease).
  | { kind: 'used'; request: string; requestHash: string | null; status: number | null; response: string | null };

// Per process, whichever database: pruning is upkeep, not correctness (an expired key is
// claimed afresh below whether or not it was pruned yet).
let nextPruneAt = 0;

async function pruneOldKeys(db: Executor, now: Date): Promise<void> {
  if (nextPruneAt > now.getTime()) return;
  nextPruneAt = now.getTime() + PRUNE_EVERY_MS;
  await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()).execute();
}

const newToken = () => randomBytes(12).toString('base64url');
const leaseEnd = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs).toISOString();

interface ClaimInput extends KeyedRequest {
  userId: number;
  key: string;
  now: Date;
  // How long the claim holds without being renewed (plugins/idempotency.ts renews it while the
  // request runs); a claim answered in the same transaction as its change needs none.
  leaseMs: number;
}

async function insertClaim(db: Executor, claim: ClaimInput, token: string): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request: claim.request,
      request_hash: claim.requestHash,
      status: null,
      response: null,
      created_at: claim.now.toISOString(),
      lease_until: leaseEnd(claim.now, claim.leaseMs),
      claim_token: token,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

const sameRequest = (stored: { request: string; request_hash: string | null }, claim: KeyedRequest) =>
  stored.request === claim.request && (stored.request_hash === null || stored.request_hash === claim.requestHash);

// Claims (user, key) for this request, or tells what the key was used for. A key a day old or
// more is forgotten: it is claimed afresh. An unanswered claim whose lease ran out (its process
// died mid-request: the change was rolled back with it, see keepAnswer) is taken over, so the
// retry runs once. On PostgreSQL a claim made by a transaction not yet committed makes this
// wait for it, then read what it stored.
export async function claimKey(db: Executor, claim: ClaimInput): Promise<KeyClaim> {
  const token = newToken();
  if (await insertClaim(db, claim, token)) {
    await pruneOldKeys(db, claim.now);
    return { kind: 'claimed', token, takenOver: false };
  }
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['request', 'request_hash', 'status', 'response', 'created_at', 'lease_until', 'claim_token'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  const inProgress = { kind: 'used', request: claim.request, requestHash: claim.requestHash, status: null, response: null } as const;
  // Gone between the two statements (pruned, or given up after a server error): claim again.
  if (!stored) return (await insertClaim(db, claim, token)) ? { kind: 'claimed', token, takenOver: false } : inProgress;
  if (stored.created_at < new Date(claim.now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key).where('created_at', '=', stored.created_at).execute();
    return (await insertClaim(db, claim, token)) ? { kind: 'claimed', token, takenOver: false } : inProgress;
  }
  const used = { kind: 'used', request: stored.request, requestHash: stored.request_hash, status: stored.status, response: stored.response } as const;
  const leaseOver = stored.lease_until === null || stored.lease_until <= claim.now.toISOString();
  if (stored.status !== null || !leaseOver || !sameRequest(stored, claim)) return used;
  // Taken over only from the claim read above and only while still unanswered: of two retries
  // one wins; an answer committed meanwhile (PostgreSQL waits for it) keeps the key.
  let takeOver = db
    .updateTable('idempotency_keys')
    .set({ claim_token: token, lease_until: leaseEnd(claim.now, claim.leaseMs), request_hash: claim.requestHash })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('status', 'is', null);
  takeOver = stored.claim_token === null ? takeOver.where('claim_token', 'is', null) : takeOver.where('claim_token', '=', stored.claim_token);
  const taken = await takeOver.executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { kind: 'claimed', token, takenOver: true } : inProgress;
}

interface HeldClaim {
  userId: number;
  key: string;
  token: string;
}

const ofClaim = (db: Executor, claim: HeldClaim) =>
  db.updateTable('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key).where('claim_token', '=', claim.token);

// The answer stored inside the change's own transaction, so the change and its answer commit
// together: a process killed after the commit leaves the answer to replay, one killed before
// leaves neither. False when the claim is no longer this request's (its lease ran out and a
// retry took it over): the caller must then roll its change back.
export async function keepAnswer(db: Executor, answer: HeldClaim & { status: number; response: string }): Promise<boolean> {
  const kept = await ofClaim(db, answer).set({ status: answer.status, response: answer.response, lease_until: null }).where('status', 'is', null).executeTakeFirst();
  return Number(kept.numUpdatedRows) === 1;
}

// The answer as it leaves (the exact bytes sent), over any kept in the transaction.
export async function saveAnswer(db: Executor, answer: HeldClaim & { status: number; response: string }): Promise<void> {
  await ofClaim(db, answer).set({ status: answer.status, response: answer.response, lease_until: null }).execute();
}

// The request is still running: its claim holds for another lease.
export async function renewLease(db: Executor, claim: HeldClaim & { now: Date; leaseMs: number }): Promise<void> {
  await ofClaim(db, claim).set({ lease_until: leaseEnd(claim.now, claim.leaseMs) }).where('status', 'is', null).execute();
}

// Gives a claim up (a server error before any answer was kept): a retry with the key runs the
// change. An answer kept with the change stays: the change happened.
export async function releaseKey(db: Executor, claim: HeldClaim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('key', '=', claim.key).where('claim_token', '=', claim.token).where('status', 'is', null).execute();
}
