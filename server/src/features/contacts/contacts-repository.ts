import { sql } from 'kysely';
import { type Contact, type ContactInput, isSupportLevel, type SupportLevel, type VoterFlag, type VoterFlagKind, type VoterFlagStatus } from '@shared/contacts/contact-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VoterContactRow, VoterFlagRow } from '../../db/schema';

// Contacts, the support they keep on the voter, and the flags they raise (migration 023).

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

export function toFlagDto(row: VoterFlagRow & { note: string | null }): VoterFlag {
  return {
    id: row.id,
    voter_id: row.voter_id,
    kind: row.kind as VoterFlagKind,
    status: row.status as VoterFlagStatus,
    contact_id: row.contact_id,
    note: row.note,
    raised_by: row.raised_by,
    raised_by_name: row.raised_by_name,
    raised_at: row.raised_at,
    resolved_by_name: row.resolved_by_name,
    resolved_at: row.resolved_at,
    resolution_note: row.resolution_note,
  };
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

// A flag with the note of the contact that raised it.
function flagsWithNotes(db: Executor) {
  return db.selectFrom('voter_flags').leftJoin('voter_contacts', 'voter_contacts.id', 'voter_flags.contact_id').selectAll('voter_flags').select('voter_contacts.note as note');
}

export function findFlag(db: Executor, id: number): Promise<(VoterFlagRow & { note: string | null }) | undefined> {
  return flagsWithNotes(db).where('voter_flags.id', '=', id).executeTakeFirst();
}

export function flagsOfVoter(db: Executor, voterId: number): Promise<(VoterFlagRow & { note: string | null })[]> {
  return flagsWithNotes(db).where('voter_flags.voter_id', '=', voterId).orderBy('voter_flags.id', 'desc').limit(50).execute();
}

// Raises a pending flag unless one of the kind already waits for the voter (the partial unique
// index of migration 023 decides, so two workers reporting the same death at once raise one);
// either way returns the pending flag.
export async function raisePendingFlag(
  db: Executor,
  flag: { voterId: number; kind: VoterFlagKind; contactId: number; userId: number; userName: string; at: string },
): Promise<VoterFlagRow & { note: string | null }> {
  await db
    .insertInto('voter_flags')
    .values({ voter_id: flag.voterId, kind: flag.kind, status: 'pending', contact_id: flag.contactId, raised_by: flag.userId, raised_by_name: flag.userName, raised_at: flag.at })
    .onConflict((oc) => oc.columns(['voter_id', 'kind']).where(sql<boolean>`status = 'pending'`).doNothing())
    .execute();
  return flagsWithNotes(db).where('voter_flags.voter_id', '=', flag.voterId).where('voter_flags.kind', '=', flag.kind).where('voter_flags.status', '=', 'pending').executeTakeFirstOrThrow();
}

// Decides a pending flag, on condition it is still pending; false when someone decided first.
export async function resolveFlag(db: Executor, id: number, decision: { status: 'confirmed' | 'dismissed'; userId: number; userName: string; note: string | null; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('voter_flags')
    .set({ status: decision.status, resolved_by: decision.userId, resolved_by_name: decision.userName, resolved_at: decision.at, resolution_note: decision.note })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// The office's review list: flags of live voters with the status asked for. Pending ones oldest
// first (a queue), decided ones most recently decided first.
export async function listFlagsForReview(db: Executor, options: { status: VoterFlagStatus; page: number; limit: number }) {
  const base = db.selectFrom('voter_flags').innerJoin('voters', 'voters.id', 'voter_flags.voter_id').where('voters.deleted_at', 'is', null).where('voter_flags.status', '=', options.status);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let query = base
    .leftJoin('voter_contacts', 'voter_contacts.id', 'voter_flags.contact_id')
    .selectAll('voter_flags')
    .select(['voter_contacts.note as note', 'voters.full_name', 'voters.voter_id as epic', 'voters.booth', 'voters.is_dead', 'voters.present_in_city', 'voters.version']);
  query = options.status === 'pending' ? query.orderBy('voter_flags.id', 'asc') : query.orderBy('voter_flags.resolved_at', 'desc').orderBy('voter_flags.id', 'desc');
  const rows = await query
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { rows, total: Number(count.count) };
}
