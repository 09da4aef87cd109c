import { parseContactIssues } from '@shared/contacts/contact-issues';
import { type ContactHistory, type ContactInput, FLAG_OF_OUTCOME, type RecordedContact, type VoterFlagStatus, type VoterFlagList } from '@shared/contacts/contact-schema';
import type { FlagDecisionResult } from '@shared/contacts/flag-decision-schema';
import type { AppContext } from '../../context';
import type { VoterRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import type { AnswerKeeper } from '../../plugins/idempotency';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { VOTER_NOT_FOUND } from '../voters/voter-access';
import { toVoterDto } from '../voters/voter-rows';
import { findVoter } from '../voters/voters-repository';
import { contactScopeFor } from './contact-access';
import {
  applyContactToVoter,
  findFlag,
  flagsOfVoter,
  insertContact,
  listContacts,
  listFlagsForReview,
  raisePendingFlag,
  resolveFlag,
  toContactDto,
  toFlagDto,
  voterSupport,
} from './contacts-repository';
import { type UserActor, userAudit } from '../audit/actor';

// What the contact and flag routes do, each in one function: the change and its audit row
// commit together (docs/decisions/026-contacts-and-support.md).

export const FLAG_NOT_FOUND = 'Flag not found';
export const NOT_IN_ISSUES_LIST = 'Choose issues from the list';
const alreadyDecided = (status: string) => `This flag was already ${status}`;

// The issues list the office keeps in Settings, as it is now.
export async function contactIssues(ctx: AppContext): Promise<string[]> {
  return parseContactIssues((await readSettings(ctx.db)).contact_issues);
}

// Whether the voter already is what the flag would make them: no flag to raise then.
function alreadyMarked(voter: VoterRow, kind: 'deceased' | 'moved_away'): boolean {
  return kind === 'deceased' ? voter.is_dead === 1 : voter.present_in_city === 0;
}

// Saves one contact, brings the voter's support up to date, raises a flag for a deceased or
// moved-away outcome, and writes the audit row, all in one transaction.
export async function recordContact(ctx: AppContext, actor: UserActor, voterId: number, input: ContactInput, keep?: AnswerKeeper<RecordedContact>): Promise<RecordedContact> {
  const allowed = new Set(await contactIssues(ctx));
  const unknown = input.issues.find((issue) => !allowed.has(issue));
  if (unknown !== undefined) throw new HttpError(400, `${NOT_IN_ISSUES_LIST}: "${unknown.slice(0, 60)}" is not on it`, { issues: NOT_IN_ISSUES_LIST });
  const scope = contactScopeFor(actor.user);
  return ctx.db.transaction().execute(async (trx) => {
    const voter = await findVoter(trx, voterId, scope);
    if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
    const at = new Date().toISOString();
    const contact = await insertContact(trx, { ...input, voterId, userId: actor.user.id, userName: actor.user.full_name, at });
    if (!(await applyContactToVoter(trx, voterId, { id: contact.id, outcome: contact.outcome, at }))) throw new HttpError(404, VOTER_NOT_FOUND);
    const kind = FLAG_OF_OUTCOME[input.outcome];
    const flag = kind && !alreadyMarked(voter, kind) ? await raisePendingFlag(trx, { voterId, kind, contactId: contact.id, userId: actor.user.id, userName: actor.user.full_name, at }) : null;
    await recordAudit(trx, {
      ...userAudit(actor, 'voters'),
      action: 'CREATE_CONTACT',
      recordId: voterId,
      recordName: voterRecordName(voter),
      details: { contact_id: contact.id, channel: contact.channel, outcome: contact.outcome, issues: input.issues.length, ...(flag ? { flag_id: flag.id } : {}) },
    });
    const recorded = { contact: toContactDto(contact), voter: await voterSupport(trx, voterId), flag: flag ? toFlagDto(flag) : null };
    await keep?.(trx, recorded);
    return recorded;
  });
}

export async function contactHistory(ctx: AppContext, actor: UserActor, voterId: number, limit: number): Promise<ContactHistory> {
  const voter = await findVoter(ctx.db, voterId, contactScopeFor(actor.user));
  if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
  const { contacts, total } = await listContacts(ctx.db, voterId, limit);
  const flags = await flagsOfVoter(ctx.db, voterId);
  return { contacts: contacts.map(toContactDto), total, flags: flags.map(toFlagDto) };
}

export async function flagsForReview(ctx: AppContext, options: { status: VoterFlagStatus; page: number; limit: number }): Promise<VoterFlagList> {
  const { rows, total } = await listFlagsForReview(ctx.db, options);
  return {
    flags: rows.map((row) => ({
      ...toFlagDto(row),
      voter: { id: row.voter_id, full_name: row.full_name, voter_id: row.epic, booth: row.booth, is_dead: row.is_dead === 1, present_in_city: row.present_in_city === 1, version: row.version },
    })),
    total,
    page: options.page,
    totalPages: Math.ceil(total / options.limit),
  };
}

// An office role confirms a flag: the voter becomes deceased (is_dead) or moved away
// (present_in_city off), their version goes up so an edit opened before meets a 409, and the
// audit row names the field; a voter already so is left as it is.
export async function confirmFlag(ctx: AppContext, actor: UserActor, flagId: number, note: string | null): Promise<FlagDecisionResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const { flag, voter } = await pendingFlagAndVoter(trx, flagId);
    const at = new Date().toISOString();
    if (!(await resolveFlag(trx, flagId, { status: 'confirmed', userId: actor.user.id, userName: actor.user.full_name, note, at }))) throw new HttpError(409, alreadyDecided('decided'));
    const field = flag.kind === 'deceased' ? 'is_dead' : 'present_in_city';
    const value = flag.kind === 'deceased' ? 1 : 0;
    let updated = voter;
    if (voter[field] !== value) {
      updated = await trx
        .updateTable('voters')
        .set((eb) => ({ ...(field === 'is_dead' ? { is_dead: value } : { present_in_city: value }), updated_at: at, updated_by: actor.user.id, version: eb('version', '+', 1) }))
        .where('id', '=', voter.id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const fields = updated === voter ? [] : [field];
    await recordAudit(trx, {
      ...userAudit(actor, 'voters'),
      action: 'CONFIRM_VOTER_FLAG',
      recordId: voter.id,
      recordName: voterRecordName(voter),
      details: { flag_id: flagId, kind: flag.kind, fields, version: updated.version },
    });
    return { flag: toFlagDto((await findFlag(trx, flagId))!), voter: toVoterDto(updated) };
  });
}

// An office role dismisses a flag: the voter stays exactly as they are.
export async function dismissFlag(ctx: AppContext, actor: UserActor, flagId: number, note: string | null): Promise<FlagDecisionResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const { flag, voter } = await pendingFlagAndVoter(trx, flagId);
    if (!(await resolveFlag(trx, flagId, { status: 'dismissed', userId: actor.user.id, userName: actor.user.full_name, note, at: new Date().toISOString() }))) {
      throw new HttpError(409, alreadyDecided('decided'));
    }
    await recordAudit(trx, { ...userAudit(actor, 'voters'), action: 'DISMISS_VOTER_FLAG', recordId: voter.id, recordName: voterRecordName(voter), details: { flag_id: flagId, kind: flag.kind } });
    return { flag: toFlagDto((await findFlag(trx, flagId))!), voter: toVoterDto(voter) };
  });
}

// Office roles reach every booth, so the flag's voter is looked up without a scope; a voter
// deleted since the flag was raised has nothing left to decide.
async function pendingFlagAndVoter(trx: Parameters<typeof findFlag>[0], flagId: number) {
  const flag = await findFlag(trx, flagId);
  if (!flag) throw new HttpError(404, FLAG_NOT_FOUND);
  if (flag.status !== 'pending') throw new HttpError(409, alreadyDecided(flag.status));
  const voter = await findVoter(trx, flag.voter_id, { kind: 'all' });
  if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
  return { flag, voter };
}
