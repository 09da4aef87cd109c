import { boothScopeOf } from '@shared/auth/booth-scope';
import type { Role } from '@shared/auth/roles';
import type { DuplicateListQuery, DuplicatePair, DuplicatePairList } from '@shared/duplicates/duplicate-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { DuplicatePairRow, UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { retireDuplicate } from '../voters/voter-lifecycle';
import { parseBoothAccess } from '../users/users-repository';
import { findPair, listPairs, pairDtos, pairOf, type PairVoterRow, pairVoters, reviewPair, setDuplicateOf } from './duplicates-repository';
import { type UserActor, userAudit } from '../audit/actor';

// The review of duplicate pairs by office roles and Supervisors. A Supervisor sees and reviews
// a pair only when both voters are in their booths: the other entry's details are otherwise
// out of their reach.

export const PAIR_NOT_FOUND = 'Duplicate pair not found';
export const PAIR_REVIEWED = 'Someone else has already reviewed this pair';

const scopeOf = (user: UserRow) => boothScopeOf(user.role as Role, parseBoothAccess(user.booth_access));

export async function listDuplicatePairs(ctx: AppContext, user: UserRow, query: DuplicateListQuery): Promise<DuplicatePairList> {
  const { rows, total } = await listPairs(ctx.db, { status: query.status, scope: scopeOf(user), page: query.page, limit: query.limit });
  return { pairs: await pairDtos(ctx.db, rows), total, totalPages: Math.ceil(total / query.limit), page: query.page, limit: query.limit };
}

// The pair and its two voters, when the caller may see both.
async function pairFor(db: Executor, user: UserRow, id: number): Promise<{ pair: DuplicatePairRow; a: PairVoterRow; b: PairVoterRow }> {
  const pair = await findPair(db, id);
  if (!pair) throw new HttpError(404, PAIR_NOT_FOUND);
  const voters = await pairVoters(db, [pair.voter_a, pair.voter_b]);
  const a = voters.find((voter) => voter.id === pair.voter_a);
  const b = voters.find((voter) => voter.id === pair.voter_b);
  const scope = scopeOf(user);
  const reachable = (voter: PairVoterRow | undefined): voter is PairVoterRow => voter !== undefined && (scope.kind === 'all' || (voter.booth !== null && scope.booths.includes(voter.booth)));
  if (!reachable(a) || !reachable(b)) throw new HttpError(404, PAIR_NOT_FOUND);
  return { pair, a, b };
}

const listed = (voter: PairVoterRow) => voter.deleted_at === null && voter.duplicate_of === null;
async function dtoOf(ctx: AppContext, id: number): Promise<DuplicatePair> {
  return (await pairDtos(ctx.db, [(await findPair(ctx.db, id))!]))[0]!;
}

// One entry of the pair is the duplicate of the other: it keeps its record but leaves every list,
// count and household. Audited on the duplicate voter.
export async function markDuplicate(ctx: AppContext, actor: UserActor, id: number, duplicateVoterId: number): Promise<DuplicatePair> {
  await ctx.db.transaction().execute(async (trx) => {
    const { pair, a, b } = await pairFor(trx, actor.user, id);
    if (pair.status !== 'open') throw new HttpError(409, PAIR_REVIEWED);
    if (duplicateVoterId !== a.id && duplicateVoterId !== b.id) {
      throw new HttpError(400, 'Choose one of the two entries as the duplicate', { duplicate_voter_id: 'Choose one of the two entries as the duplicate' });
    }
    const [duplicate, kept] = duplicateVoterId === a.id ? [a, b] : [b, a];
    if (!listed(a) || !listed(b)) throw new HttpError(409, ENTRY_GONE);
    await markDuplicateEntry(trx, actor, { duplicate, kept, pair });
  });
  return dtoOf(ctx, id);
}

export const ENTRY_GONE = 'One of these entries was deleted or marked as a duplicate meanwhile';

// The one way a voter becomes the second entry of another (issue 20; issue 61's confirmed
// "double entry" reports come here too): the pair of the two is reviewed as a duplicate (found
// by the scan, or made now when the scan never paired them; a pair dismissed before is
// overruled), the voter is marked, leaves its other pairs and its household
// (voter-lifecycle.ts), and the MARK_DUPLICATE row is written, all in the caller's transaction.
// Both voters must be listed; 409 when one was marked or deleted meanwhile.
export async function markDuplicateEntry(
  trx: Executor,
  actor: UserActor,
  entries: { duplicate: { id: number; full_name: string; voter_id: string | null }; kept: { id: number; full_name: string; voter_id: string | null }; pair?: DuplicatePairRow; details?: Record<string, unknown> },
): Promise<{ pairId: number; leftHousehold: number | null }> {
  const { duplicate, kept } = entries;
  const now = new Date().toISOString();
  const pair = entries.pair ?? (await pairOf(trx, duplicate.id, kept.id, now));
  // Reviewed as a duplicate already: one of the two left the lists through it.
  if (pair.status === 'duplicate') throw new HttpError(409, ENTRY_GONE);
  if (!(await setDuplicateOf(trx, duplicate.id, kept.id, { userId: actor.user.id, now }))) throw new HttpError(409, entries.pair ? PAIR_REVIEWED : ENTRY_GONE);
  if (!(await reviewPair(trx, pair, { status: 'duplicate', duplicate_voter_id: duplicate.id, reviewed_by: actor.user.id, reviewed_at: now }))) throw new HttpError(409, PAIR_REVIEWED);
  const leftHousehold = await retireDuplicate(trx, duplicate.id);
  await recordAudit(trx, {
    ...userAudit(actor),
    action: 'MARK_DUPLICATE',
    tableName: 'voters',
    recordId: duplicate.id,
    recordName: voterRecordName(duplicate),
    details: { pair_id: pair.id, duplicate_of: kept.id, kept: voterRecordName(kept), left_household_id: leftHousehold, ...entries.details },
  });
  return { pairId: pair.id, leftHousehold };
}

// Not one person: the pair leaves the list, and a later scan does not bring it back.
export async function dismissPair(ctx: AppContext, actor: UserActor, id: number): Promise<DuplicatePair> {
  await ctx.db.transaction().execute(async (trx) => {
    const { pair, a, b } = await pairFor(trx, actor.user, id);
    if (pair.status !== 'open') throw new HttpError(409, PAIR_REVIEWED);
    if (!(await reviewPair(trx, pair, { status: 'dismissed', duplicate_voter_id: null, reviewed_by: actor.user.id, reviewed_at: new Date().toISOString() }))) {
      throw new HttpError(409, PAIR_REVIEWED);
    }
    await recordAudit(trx, {
      ...userAudit(actor),
      action: 'DISMISS_DUPLICATE',
      tableName: 'duplicate_pairs',
      recordId: pair.id,
      recordName: `${voterRecordName(a)} / ${voterRecordName(b)}`,
    });
  });
  return dtoOf(ctx, id);
}

// A review undone: the pair is open again, and a voter marked through it is listed again (its
// household is not restored: the office moves it back if need be).
export async function reopenPair(ctx: AppContext, actor: UserActor, id: number): Promise<DuplicatePair> {
  await ctx.db.transaction().execute(async (trx) => {
    const { pair, a, b } = await pairFor(trx, actor.user, id);
    if (pair.status === 'open') throw new HttpError(409, 'This pair is not reviewed yet');
    const now = new Date().toISOString();
    if (pair.status === 'duplicate' && pair.duplicate_voter_id !== null) {
      const duplicate = pair.duplicate_voter_id === a.id ? a : b;
      const kept = duplicate === a ? b : a;
      if (duplicate.duplicate_of === kept.id) await setDuplicateOf(trx, duplicate.id, null, { userId: actor.user.id, now });
    }
    // An open pair's two voters are listed: one deleted, or marked through another pair, meanwhile
    // leaves this one reviewed.
    const current = await pairVoters(trx, [a.id, b.id]);
    if (current.length !== 2 || !current.every(listed)) throw new HttpError(409, ENTRY_GONE);
    if (!(await reviewPair(trx, pair, { status: 'open', duplicate_voter_id: null, reviewed_by: null, reviewed_at: null }))) throw new HttpError(409, PAIR_REVIEWED);
    await recordAudit(trx, {
      ...userAudit(actor),
      action: 'REOPEN_DUPLICATE',
      tableName: 'duplicate_pairs',
      recordId: pair.id,
      recordName: `${voterRecordName(a)} / ${voterRecordName(b)}`,
      details: { was: pair.status, duplicate_voter_id: pair.duplicate_voter_id },
    });
  });
  return dtoOf(ctx, id);
}
