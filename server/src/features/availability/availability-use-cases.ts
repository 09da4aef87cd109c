import { type Availability, AWAY_KINDS, type FlagConfirm, type FlagDismiss, type FlagReport, type ReportedFlag, type ReviewedFlag, type VoterFlagKind, type VoterFlagList, type VoterFlagQuery } from '@shared/availability/availability-schema';
import type { FlagDecisionResult } from '@shared/availability/flag-decision-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VoterRow } from '../../db/schema';
import { EditConflictError, HttpError } from '../../plugins/error-handler';
import type { AnswerKeeper } from '../../plugins/idempotency';
import { type UserActor, userAudit } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { markDuplicateEntry } from '../duplicates/duplicates-use-cases';
import { assertBoothAllowed, boothScopeFor, VOTER_NOT_FOUND } from '../voters/voter-access';
import type { BoothScope } from '../voters/voter-filters';
import { toVoterDto } from '../voters/voter-rows';
import { VOTER_CHANGED } from '../voters/voters-use-cases';
import { findVoter } from '../voters/voters-repository';
import { availabilityOfIds, findFlag, flaggedVoters, type FlagRowWithNote, listFlagsForReview, raisePendingFlag, resolveFlag, toFlagDto } from './availability-repository';

// Voter availability (issue 61, docs/decisions/086-voter-availability.md): a worker reports from
// a voter's card, the office (and a Supervisor within their booths) confirms or dismisses. The
// change, the report's decision and the audit row commit together.

export const FLAG_NOT_FOUND = 'Flag not found';
export const FLAG_CHANGED = 'Someone else changed this report after you opened it';
export const ALREADY_SO = 'This voter is already marked so: there is nothing to report';
export const CHOOSE_OTHER_ENTRY = 'Choose the other entry of this voter';
export const NOT_OWN_DOUBLE = 'A voter cannot be their own double entry';
const alreadyDecided = (status: string) => `This flag was already ${status}`;

// Listed: not deleted (findVoter) and not marked a duplicate entry.
async function listedVoter(db: Executor, id: number, scope: BoothScope): Promise<VoterRow | undefined> {
  const voter = await findVoter(db, id, scope);
  return voter && voter.duplicate_of === null ? voter : undefined;
}

// The other entry named for a double entry: another listed voter the user may see.
async function otherEntry(db: Executor, voter: VoterRow, otherId: number, scope: BoothScope): Promise<VoterRow> {
  if (otherId === voter.id) throw new HttpError(400, NOT_OWN_DOUBLE, { other_voter_id: NOT_OWN_DOUBLE });
  const other = await listedVoter(db, otherId, scope);
  if (!other) throw new HttpError(400, CHOOSE_OTHER_ENTRY, { other_voter_id: CHOOSE_OTHER_ENTRY });
  return other;
}

// What the voter already is on the roll, for the kinds a report would set.
function alreadyMarked(voter: VoterRow, kind: VoterFlagKind, availability: Availability | undefined): boolean {
  switch (kind) {
    case 'deceased':
      return voter.is_dead === 1;
    case 'not_found':
      return voter.is_missing === 1;
    case 'moved_away':
    case 'out_of_town':
      return voter.present_in_city === 0 && availability === kind;
    case 'double_entry':
      return false;
  }
}

// A report from a voter's card, by any role on a listed voter of their booths. A second report
// of a kind already waiting joins it; the answer kept for the Idempotency-Key commits with it,
// so a phone sending it again from its outbox is answered the same, once.
export async function reportFlag(ctx: AppContext, actor: UserActor, voterId: number, report: FlagReport, keep?: AnswerKeeper<ReportedFlag>): Promise<ReportedFlag> {
  const scope = boothScopeFor(actor.user);
  return ctx.db.transaction().execute(async (trx) => {
    const voter = await listedVoter(trx, voterId, scope);
    if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
    const other = report.other_voter_id === undefined ? null : await otherEntry(trx, voter, report.other_voter_id, scope);
    const availability = (await availabilityOfIds(trx, [voter.id])).get(voter.id);
    if (alreadyMarked(voter, report.kind, availability)) throw new HttpError(400, ALREADY_SO, { kind: ALREADY_SO });
    const at = new Date().toISOString();
    const { flag, joined } = await raisePendingFlag(trx, { voterId, kind: report.kind, contactId: null, reason: report.reason, otherVoterId: other?.id ?? null, userId: actor.user.id, userName: actor.user.full_name, at });
    await recordAudit(trx, {
      ...userAudit(actor, 'voters'),
      action: 'REPORT_VOTER_FLAG',
      recordId: voterId,
      recordName: voterRecordName(voter),
      // The reason stays on the report (it may name people); the audit row says one was given.
      details: { flag_id: flag.id, kind: report.kind, joined, ...(other ? { other_voter_id: other.id } : {}) },
    });
    const reported = { flag: toFlagDto(flag), joined };
    await keep?.(trx, reported);
    return reported;
  });
}

async function reviewedFlags(db: Executor, rows: readonly FlagRowWithNote[]): Promise<ReviewedFlag[]> {
  const voters = await flaggedVoters(db, rows.flatMap((row) => (row.other_voter_id === null ? [row.voter_id] : [row.voter_id, row.other_voter_id])));
  return rows.flatMap((row) => {
    const voter = voters.get(row.voter_id);
    if (!voter) return [];
    return [{ ...toFlagDto(row), voter, other_voter: row.other_voter_id === null ? null : (voters.get(row.other_voter_id) ?? null) }];
  });
}

// The office's queue: every booth for office roles, a Supervisor's own booths (403 for another).
export async function flagsForReview(ctx: AppContext, actor: UserActor, query: VoterFlagQuery): Promise<VoterFlagList> {
  const scope = boothScopeFor(actor.user);
  assertBoothAllowed(scope, query.booth, 'view');
  const booths = query.booth ? [query.booth] : scope.kind === 'all' ? null : scope.booths;
  const { rows, total } = await listFlagsForReview(ctx.db, { status: query.status, kind: query.kind, booths, page: query.page, limit: query.limit });
  return { flags: await reviewedFlags(ctx.db, rows), total, page: query.page, totalPages: Math.ceil(total / query.limit) };
}

async function currentFlag(db: Executor, flagId: number): Promise<ReviewedFlag> {
  const row = await findFlag(db, flagId);
  const [reviewed] = row ? await reviewedFlags(db, [row]) : [];
  if (!reviewed) throw new HttpError(404, FLAG_NOT_FOUND);
  return reviewed;
}

// The pending report and its voter, when the decider's booths reach the voter (404 otherwise, as
// for a voter); a report decided or changed since the decider saw it is a 409 with it as it is.
async function pendingFlagAndVoter(trx: Executor, actor: UserActor, flagId: number, version: number | undefined) {
  const flag = await findFlag(trx, flagId);
  if (!flag) throw new HttpError(404, FLAG_NOT_FOUND);
  const voter = await findVoter(trx, flag.voter_id, boothScopeFor(actor.user));
  if (!voter) throw new HttpError(404, FLAG_NOT_FOUND);
  if (flag.status !== 'pending') throw new EditConflictError(alreadyDecided(flag.status), await currentFlag(trx, flagId));
  if (version !== undefined && version !== flag.version) throw new EditConflictError(FLAG_CHANGED, await currentFlag(trx, flagId));
  if (voter.duplicate_of !== null) throw new HttpError(404, VOTER_NOT_FOUND);
  return { flag, voter };
}

// The stored truth each kind sets (a double entry goes through the duplicates instead).
const FIELD_OF: Record<Exclude<VoterFlagKind, 'double_entry'>, { field: 'is_dead' | 'present_in_city' | 'is_missing'; value: 0 | 1 }> = {
  deceased: { field: 'is_dead', value: 1 },
  moved_away: { field: 'present_in_city', value: 0 },
  out_of_town: { field: 'present_in_city', value: 0 },
  not_found: { field: 'is_missing', value: 1 },
};

// Confirming sets the stored truth: deceased → is_dead, shifted or out of town → present_in_city
// off (which of the two, this report now says), not found → is_missing; the voter's version goes
// up, so an edit opened before meets a 409. A double entry makes the voter the duplicate of the
// other entry (the report's, or the one the decider names) through the duplicates' one path.
export async function confirmFlag(ctx: AppContext, actor: UserActor, flagId: number, decision: FlagConfirm): Promise<FlagDecisionResult> {
  const scope = boothScopeFor(actor.user);
  return ctx.db.transaction().execute(async (trx) => {
    const { flag, voter } = await pendingFlagAndVoter(trx, actor, flagId, decision.version);
    if (decision.voter_version !== undefined && decision.voter_version !== voter.version) throw new EditConflictError(VOTER_CHANGED, await currentFlag(trx, flagId));
    const kind = flag.kind as VoterFlagKind;
    const at = new Date().toISOString();
    const otherId = kind === 'double_entry' ? (decision.other_voter_id ?? flag.other_voter_id) : null;
    if (kind === 'double_entry' && otherId === null) throw new HttpError(400, CHOOSE_OTHER_ENTRY, { other_voter_id: CHOOSE_OTHER_ENTRY });
    const other = otherId === null ? null : await otherEntry(trx, voter, otherId, scope);
    const decided = await resolveFlag(trx, flagId, { status: 'confirmed', userId: actor.user.id, userName: actor.user.full_name, note: decision.note, at, version: flag.version, ...(other ? { otherVoterId: other.id } : {}) });
    if (!decided) throw new EditConflictError(FLAG_CHANGED, await currentFlag(trx, flagId));
    let fields: string[] = [];
    if (kind === 'double_entry') {
      await markDuplicateEntry(trx, actor, { duplicate: voter, kept: other!, details: { flag_id: flagId } });
      fields = ['duplicate_of'];
    } else {
      const { field, value } = FIELD_OF[kind];
      if (voter[field] !== value) fields = [field];
      // Raised even when the field was so already: the report decides which away kind holds.
      await trx
        .updateTable('voters')
        .set((eb) => ({ [field]: value, updated_at: at, updated_by: actor.user.id, version: eb('version', '+', 1) }))
        .where('id', '=', voter.id)
        .where('deleted_at', 'is', null)
        .execute();
    }
    const updated = await trx.selectFrom('voters').selectAll().where('id', '=', voter.id).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...userAudit(actor, 'voters'),
      action: 'CONFIRM_VOTER_FLAG',
      recordId: voter.id,
      recordName: voterRecordName(voter),
      details: { flag_id: flagId, kind, fields, version: updated.version, ...(other ? { other_voter_id: other.id } : {}), ...((AWAY_KINDS as readonly string[]).includes(kind) ? { away: kind } : {}) },
    });
    return { flag: await currentFlag(trx, flagId), voter: toVoterDto(updated) };
  });
}

// Dismissing leaves the voter exactly as they are.
export async function dismissFlag(ctx: AppContext, actor: UserActor, flagId: number, decision: FlagDismiss): Promise<FlagDecisionResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const { flag, voter } = await pendingFlagAndVoter(trx, actor, flagId, decision.version);
    const decided = await resolveFlag(trx, flagId, { status: 'dismissed', userId: actor.user.id, userName: actor.user.full_name, note: decision.note, at: new Date().toISOString(), version: flag.version });
    if (!decided) throw new EditConflictError(FLAG_CHANGED, await currentFlag(trx, flagId));
    await recordAudit(trx, { ...userAudit(actor, 'voters'), action: 'DISMISS_VOTER_FLAG', recordId: voter.id, recordName: voterRecordName(voter), details: { flag_id: flagId, kind: flag.kind } });
    return { flag: await currentFlag(trx, flagId), voter: toVoterDto(voter) };
  });
}
