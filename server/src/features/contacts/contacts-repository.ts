import { sql } from 'kysely';
import { type Contact, type ContactInput, isSupportLevel, type SupportLevel } from '@shared/contacts/contact-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VoterContactRow } from '../../db/schema';

// Contacts and the support they keep on the voter (migration 023); the reports a contact raises
// are the availability feature's (features/availability).

export function toContactDto(row: VoterContactRow): Contact {
  return {
    id: row.id,
    voter_id: row.voter_id,
    user_id: row.user_id,
    user_name: row.user_name,
    channel: row.channel as Contact['channel'],
    outcome: row.outcome as Contact['outcome'],
    issues: parseIssues(row.issues),
    note: row.note,
    created_at: row.created_at,
  };
}

function parseIssues(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export async function insertContact(db: Executor, contact: ContactInput & { voterId: number; userId: number; userName: string; at: string }): Promise<VoterContactRow> {
  return db
    .insertInto('voter_contacts')
    .values({
      voter_id: contact.voterId,
      user_id: contact.userId,
      user_name: contact.userName,
      channel: contact.channel,
      outcome: contact.outcome,
      issues: JSON.stringify(contact.issues),
      note: contact.note,
      created_at: contact.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Brings the voter's kept support up to date with one new contact, in one statement whose
// conditions read only the voter's own columns: on PostgreSQL a concurrent contact's update
// makes this one wait and then re-check them on the row as that one left it, so whichever
// commits last, the voter ends with the latest contact by (time, id). Neither the version nor
// updated_at moves: these columns are not the form's, and an edit open meanwhile stays valid.
// Returns false when the voter is gone (deleted meanwhile).
export async function applyContactToVoter(db: Executor, voterId: number, contact: { id: number; outcome: string; at: string }): Promise<boolean> {
  const { id, outcome, at } = contact;
  const later = sql<boolean>`(support_at IS NULL OR support_at < ${at} OR (support_at = ${at} AND support_contact_id < ${id}))`;
  const support = isSupportLevel(outcome)
    ? {
        support_level: sql<string | null>`CASE WHEN ${later} THEN ${outcome} ELSE support_level END`,
        support_at: sql<string | null>`CASE WHEN ${later} THEN ${at} ELSE support_at END`,
        support_contact_id: sql<number | null>`CASE WHEN ${later} THEN ${sql.val(id)} ELSE support_contact_id END`,
      }
    : {};
  const result = await db
    .updateTable('voters')
    .set({ last_contact_at: sql<string | null>`CASE WHEN last_contact_at IS NULL OR last_contact_at < ${at} THEN ${at} ELSE last_contact_at END`, ...support })
    .where('id', '=', voterId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function voterSupport(db: Executor, voterId: number): Promise<{ id: number; support_level: SupportLevel | null; last_contact_at: string | null }> {
  const row = await db.selectFrom('voters').select(['id', 'support_level', 'last_contact_at']).where('id', '=', voterId).executeTakeFirstOrThrow();
  return { id: row.id, support_level: row.support_level !== null && isSupportLevel(row.support_level) ? row.support_level : null, last_contact_at: row.last_contact_at };
}

export async function listContacts(db: Executor, voterId: number, limit: number): Promise<{ contacts: VoterContactRow[]; total: number }> {
  const contacts = await db.selectFrom('voter_contacts').selectAll().where('voter_id', '=', voterId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  const count = await db.selectFrom('voter_contacts').select((eb) => eb.fn.countAll<number>().as('count')).where('voter_id', '=', voterId).executeTakeFirstOrThrow();
  return { contacts, total: Number(count.count) };
}
