import { parseContactIssues } from '@shared/contacts/contact-issues';
import { type ContactHistory, type ContactInput, FLAG_OF_OUTCOME, type RecordedContact } from '@shared/contacts/contact-schema';
import type { AppContext } from '../../context';
import type { VoterRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import type { AnswerKeeper } from '../../plugins/idempotency';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { VOTER_NOT_FOUND } from '../voters/voter-access';
import { findVoter } from '../voters/voters-repository';
import { contactScopeFor } from './contact-access';
import { flagsOfVoter, raisePendingFlag, toFlagDto } from '../availability/availability-repository';
import { applyContactToVoter, insertContact, listContacts, toContactDto, voterSupport } from './contacts-repository';
import { type UserActor, userAudit } from '../audit/actor';

// What the contact routes do, each in one function: the change and its audit row commit together
// (docs/decisions/026-contacts-and-support.md). The reports a contact raises are decided in
// features/availability.

export const NOT_IN_ISSUES_LIST = 'Choose issues from the list';

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
    const flag = kind && !alreadyMarked(voter, kind) ? (await raisePendingFlag(trx, { voterId, kind, contactId: contact.id, reason: null, otherVoterId: null, userId: actor.user.id, userName: actor.user.full_name, at })).flag : null;
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
