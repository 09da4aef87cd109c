import { boothScopeOf } from '@shared/auth/booth-scope';
import type { Role } from '@shared/auth/roles';
import { chooseHead, houseKey, isPlaceholderHouseNo, proposeHouseholds } from '@shared/households/household-proposals';
import type { Household, HouseholdList, HouseholdListQuery, ProposeResult } from '@shared/households/household-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { HouseholdRow, UserRow } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { parseBoothAccess } from '../users/users-repository';
import { assertBoothAllowed } from '../voters/voter-access';
import {
  boothVotersForProposal,
  decidedHouseholdIds,
  deleteHousehold,
  dropProposals,
  findHousehold,
  findListedVoter,
  householdDtos,
  assignHouseholds,
  insertHousehold,
  insertProposals,
  listHouseholds,
  type MemberRow,
  membersOf,
  setHousehold,
  toProposalVoter,
  updateHousehold,
} from './households-repository';
import { type UserActor, userAudit } from '../audit/actor';

// What the household routes do, each change and its audit row in one transaction
// (docs/decisions/027-households-and-duplicates.md).

export const HOUSEHOLD_NOT_FOUND = 'Household not found';
export const HOUSEHOLD_CHANGED = 'Someone else changed this household after you opened it';

const scopeOf = (user: UserRow) => boothScopeOf(user.role as Role, parseBoothAccess(user.booth_access));

// Office roles and Supervisors decide on households; a Karyakarta's confirmation is a
// suggestion one of them confirms. A page assignment (booths feature) never widens booth access,
// so booth access is the whole rule for who may see a household.
const decides = (user: UserRow) => user.role !== 'Karyakarta';

function inScope(user: UserRow, household: HouseholdRow | undefined): household is HouseholdRow {
  if (!household) return false;
  const scope = scopeOf(user);
  return scope.kind === 'all' || scope.booths.includes(household.booth);
}

// A household out of the caller's booths is answered as one that does not exist.
async function householdFor(db: Executor, user: UserRow, id: number): Promise<HouseholdRow> {
  const household = await findHousehold(db, id);
  if (!inScope(user, household)) throw new HttpError(404, HOUSEHOLD_NOT_FOUND);
  return household;
}

const recordName = (household: Pick<HouseholdRow, 'booth' | 'house_no'>) => `${household.booth}, house ${household.house_no}`;

async function dtoOf(ctx: AppContext, household: HouseholdRow): Promise<Household> {
  return (await householdDtos(ctx.db, [household]))[0]!;
}

// Found inside a transaction, answered after it: the 409 carries the household as it is now,
// read through the pool (SQLite's one connection is the transaction's until it ends).
class StaleHousehold extends Error {
  constructor(readonly household: HouseholdRow) {
    super(HOUSEHOLD_CHANGED);
  }
}

function checkVersion(sent: number | undefined, household: HouseholdRow): void {
  assertVersion(sent, household.version, () => {
    throw new StaleHousehold(household);
  });
}

async function answeringConflicts<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  try {
    return await retryWhenStale(work);
  } catch (error) {
    if (error instanceof StaleHousehold) throw new EditConflictError(HOUSEHOLD_CHANGED, await dtoOf(ctx, error.household));
    throw error;
  }
}

const written = (row: HouseholdRow | undefined): HouseholdRow => {
  if (!row) throw new StaleRowError();
  return row;
};

export async function listHouseholdsOf(ctx: AppContext, user: UserRow, query: HouseholdListQuery): Promise<HouseholdList> {
  assertBoothAllowed(scopeOf(user), query.booth, 'view');
  const { rows, total } = await listHouseholds(ctx.db, query);
  return { households: await householdDtos(ctx.db, rows), total, totalPages: Math.ceil(total / query.limit), page: query.page, limit: query.limit };
}

export async function getHousehold(ctx: AppContext, user: UserRow, id: number): Promise<Household> {
  return dtoOf(ctx, await householdFor(ctx.db, user, id));
}

// Proposes the booth's households afresh: the proposals of the last run go, the households a
// person suggested or confirmed stay with their members, and every other voter with a house
// number is grouped by house number and names (shared/households/household-proposals.ts).
export async function proposeBoothHouseholds(ctx: AppContext, actor: UserActor, booth: string): Promise<ProposeResult> {
  assertBoothAllowed(scopeOf(actor.user), booth, 'view');
  const now = new Date().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    // Two proposals of one booth at once would each add their own households.
    await ctx.dialect.lockName(trx, `households:${booth}`);
    await dropProposals(trx, booth);
    const decided = await decidedHouseholdIds(trx, booth);
    const houses = new Map<string, MemberRow[]>();
    let kept = 0;
    for (const voter of await boothVotersForProposal(trx, booth)) {
      if (voter.household_id !== null && decided.has(voter.household_id)) {
        kept += 1;
        continue;
      }
      if (isPlaceholderHouseNo(voter.house_no)) continue;
      const key = houseKey(voter.house_no!);
      houses.set(key, [...(houses.get(key) ?? []), voter]);
    }
    const proposals = [...houses.values()].flatMap((house) => proposeHouseholds(house.map(toProposalVoter)).map((proposal) => ({ ...proposal, house_no: house[0]!.house_no! })));
    const ids = await insertProposals(
      trx,
      proposals.map((proposal) => ({ booth, house_no: proposal.house_no, head_voter_id: proposal.headId })),
      now,
    );
    await assignHouseholds(
      trx,
      proposals.flatMap((proposal) => proposal.memberIds.map((voterId) => [voterId, ids.get(proposal.headId)!] as const)),
    );
    const proposed = proposals.length;
    const voters = proposals.reduce((sum, proposal) => sum + proposal.memberIds.length, 0);
    await recordAudit(trx, { ...userAudit(actor, 'households'), action: 'PROPOSE_HOUSEHOLDS', recordName: booth, details: { booth, proposed, voters, kept } });
    return { message: `Proposed ${proposed} households in ${booth}`, booth, proposed, kept, voters };
  });
}

// Confirms a household (office roles, Supervisors) or suggests it (a Karyakarta), with the head
// chosen on the card when one is sent.
export async function confirmHousehold(ctx: AppContext, actor: UserActor, id: number, body: { version?: number; head_voter_id?: number }): Promise<Household> {
  const row = await answeringConflicts(ctx, () =>
    ctx.db.transaction().execute(async (trx) => {
      const household = await householdFor(trx, actor.user, id);
      checkVersion(body.version, household);
      const members = await membersOf(trx, [household.id]);
      if (body.head_voter_id !== undefined && !members.some((member) => member.id === body.head_voter_id)) {
        throw new HttpError(400, 'The head must be a member of the household', { head_voter_id: 'The head must be a member of the household' });
      }
      const head = body.head_voter_id ?? household.head_voter_id;
      const now = new Date().toISOString();
      if (!decides(actor.user)) {
        if (household.status === 'confirmed') throw new HttpError(409, 'This household is already confirmed');
        const updated = written(await updateHousehold(trx, household, { status: 'suggested', head_voter_id: head, suggested_by: actor.user.id, suggested_at: now }, now));
        await recordAudit(trx, { ...userAudit(actor, 'households'), action: 'SUGGEST_HOUSEHOLD', recordId: id, recordName: recordName(household), details: { head_voter_id: head, members: members.length } });
        return updated;
      }
      const updated = written(await updateHousehold(trx, household, { status: 'confirmed', head_voter_id: head, confirmed_by: actor.user.id, confirmed_at: now }, now));
      await recordAudit(trx, {
        ...userAudit(actor, 'households'),
        action: 'CONFIRM_HOUSEHOLD',
        recordId: id,
        recordName: recordName(household),
        details: { head_voter_id: head, members: members.length, was: household.status },
      });
      return updated;
    }),
  );
  return dtoOf(ctx, row);
}

// After members left a household: its head is chosen again if the head left, and a household
// left with nobody goes. Returns the household as it is now, or undefined when it went.
async function afterMembersLeft(trx: Executor, household: HouseholdRow, now: string): Promise<HouseholdRow | undefined> {
  const members = await membersOf(trx, [household.id]);
  if (members.length === 0) {
    if (!(await deleteHousehold(trx, household))) throw new StaleRowError();
    return undefined;
  }
  const head = members.some((member) => member.id === household.head_voter_id) ? household.head_voter_id : chooseHead(members.map(toProposalVoter));
  return written(await updateHousehold(trx, household, { head_voter_id: head }, now));
}

const confirmedBy = (actor: UserActor, now: string) => ({ status: 'confirmed' as const, confirmed_by: actor.user.id, confirmed_at: now });

// Moves some members into a new household of the same house, both then confirmed.
export async function splitHousehold(ctx: AppContext, actor: UserActor, id: number, body: { version?: number; voter_ids: number[] }): Promise<Household[]> {
  const rows = await answeringConflicts(ctx, () =>
    ctx.db.transaction().execute(async (trx) => {
      const household = await householdFor(trx, actor.user, id);
      checkVersion(body.version, household);
      const members = await membersOf(trx, [household.id]);
      const moving = [...new Set(body.voter_ids)];
      if (moving.some((voterId) => !members.some((member) => member.id === voterId))) {
        throw new HttpError(400, 'Choose voters of this household', { voter_ids: 'Choose voters of this household' });
      }
      if (moving.length >= members.length) throw new HttpError(400, 'Leave at least one voter in the household', { voter_ids: 'Leave at least one voter in the household' });
      const now = new Date().toISOString();
      const movers = members.filter((member) => moving.includes(member.id));
      const created = await insertHousehold(trx, { booth: household.booth, house_no: household.house_no, head_voter_id: chooseHead(movers.map(toProposalVoter)), status: 'confirmed', userId: actor.user.id, now });
      await setHousehold(trx, moving, created.id);
      const stayers = members.filter((member) => !moving.includes(member.id));
      const head = stayers.some((member) => member.id === household.head_voter_id) ? household.head_voter_id : chooseHead(stayers.map(toProposalVoter));
      const updated = written(await updateHousehold(trx, household, { ...confirmedBy(actor, now), head_voter_id: head }, now));
      await recordAudit(trx, { ...userAudit(actor, 'households'), action: 'SPLIT_HOUSEHOLD', recordId: id, recordName: recordName(household), details: { moved: moving, new_household_id: created.id } });
      return [updated, created];
    }),
  );
  return householdDtos(ctx.db, rows);
}

// Brings another household of the same booth into this one, which is then confirmed.
export async function mergeHouseholds(ctx: AppContext, actor: UserActor, id: number, body: { version?: number; other_id: number; other_version?: number }): Promise<Household[]> {
  if (body.other_id === id) throw new HttpError(400, 'Choose another household to merge', { other_id: 'Choose another household to merge' });
  const row = await answeringConflicts(ctx, () =>
    ctx.db.transaction().execute(async (trx) => {
      const household = await householdFor(trx, actor.user, id);
      const other = await householdFor(trx, actor.user, body.other_id);
      checkVersion(body.version, household);
      checkVersion(body.other_version, other);
      if (other.booth !== household.booth) throw new HttpError(400, 'Only households of one booth can be merged', { other_id: 'Only households of one booth can be merged' });
      const incoming = await membersOf(trx, [other.id]);
      await setHousehold(
        trx,
        incoming.map((member) => member.id),
        household.id,
      );
      if (!(await deleteHousehold(trx, other))) throw new StaleRowError();
      const now = new Date().toISOString();
      const head = household.head_voter_id ?? chooseHead((await membersOf(trx, [household.id])).map(toProposalVoter));
      const updated = written(await updateHousehold(trx, household, { ...confirmedBy(actor, now), head_voter_id: head }, now));
      await recordAudit(trx, {
        ...userAudit(actor, 'households'),
        action: 'MERGE_HOUSEHOLDS',
        recordId: id,
        recordName: recordName(household),
        details: { merged_household_id: other.id, moved: incoming.map((member) => member.id) },
      });
      return updated;
    }),
  );
  return [await dtoOf(ctx, row)];
}

// Moves one voter of the booth into this household (from another, or from none), which is then
// confirmed; the household the voter left keeps a head, or goes when left empty.
export async function moveVoterIntoHousehold(ctx: AppContext, actor: UserActor, id: number, body: { version?: number; voter_id: number }): Promise<Household[]> {
  const rows = await answeringConflicts(ctx, () =>
    ctx.db.transaction().execute(async (trx) => {
      const household = await householdFor(trx, actor.user, id);
      checkVersion(body.version, household);
      const voter = await findListedVoter(trx, body.voter_id);
      // A voter of another booth is answered as one this household cannot take, whoever asks.
      if (!voter || voter.booth !== household.booth) throw new HttpError(400, 'Choose a voter of this booth', { voter_id: 'Choose a voter of this booth' });
      if (voter.household_id === household.id) throw new HttpError(400, 'The voter is already in this household', { voter_id: 'The voter is already in this household' });
      const now = new Date().toISOString();
      const previous = voter.household_id === null ? undefined : await findHousehold(trx, voter.household_id);
      await setHousehold(trx, [voter.id], household.id);
      const left = previous ? await afterMembersLeft(trx, previous, now) : undefined;
      const updated = written(await updateHousehold(trx, household, { ...confirmedBy(actor, now), head_voter_id: household.head_voter_id ?? voter.id }, now));
      await recordAudit(trx, {
        ...userAudit(actor, 'households'),
        action: 'MOVE_HOUSEHOLD_MEMBER',
        recordId: id,
        recordName: recordName(household),
        details: { voter_id: voter.id, from_household_id: previous?.id ?? null, to_household_id: household.id },
      });
      return left ? [updated, left] : [updated];
    }),
  );
  return householdDtos(ctx.db, rows);
}

// A voter marked as a duplicate entry leaves their household (duplicates-use-cases.ts).
export async function leaveHousehold(trx: Executor, voter: { id: number; household_id: number | null }): Promise<void> {
  if (voter.household_id === null) return;
  const household = await findHousehold(trx, voter.household_id);
  await setHousehold(trx, [voter.id], null);
  if (household) await afterMembersLeft(trx, household, new Date().toISOString());
}
