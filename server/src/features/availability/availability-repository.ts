import { sql } from 'kysely';
import { type Availability, AWAY_KINDS, type AwayKind, type FlaggedVoter, type VoterFlag, type VoterFlagKind, type VoterFlagStatus } from '@shared/availability/availability-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VoterFlagRow, VoterRow } from '../../db/schema';

// Availability reports (table voter_flags, migrations 023 and 063): raised by a contact's outcome
// or reported from a voter's card, decided by the office. And the one place the feeds (chase
// lists, slips) learn a voter's availability.

export type FlagRowWithNote = VoterFlagRow & { note: string | null };

export function toFlagDto(row: FlagRowWithNote): VoterFlag {
  return {
    id: row.id,
    voter_id: row.voter_id,
    kind: row.kind as VoterFlagKind,
    status: row.status as VoterFlagStatus,
    contact_id: row.contact_id,
    note: row.note,
    reason: row.reason,
    other_voter_id: row.other_voter_id,
    raised_by: row.raised_by,
    raised_by_name: row.raised_by_name,
    raised_at: row.raised_at,
    resolved_by_name: row.resolved_by_name,
    resolved_at: row.resolved_at,
    resolution_note: row.resolution_note,
    version: row.version,
  };
}

// A flag with the note of the contact that raised it.
function flagsWithNotes(db: Executor) {
  return db.selectFrom('voter_flags').leftJoin('voter_contacts', 'voter_contacts.id', 'voter_flags.contact_id').selectAll('voter_flags').select('voter_contacts.note as note');
}

export function findFlag(db: Executor, id: number): Promise<FlagRowWithNote | undefined> {
  return flagsWithNotes(db).where('voter_flags.id', '=', id).executeTakeFirst();
}

export function flagsOfVoter(db: Executor, voterId: number): Promise<FlagRowWithNote[]> {
  return flagsWithNotes(db).where('voter_flags.voter_id', '=', voterId).orderBy('voter_flags.id', 'desc').limit(50).execute();
}

export interface NewFlag {
  voterId: number;
  kind: VoterFlagKind;
  contactId: number | null;
  reason: string | null;
  otherVoterId: number | null;
  userId: number;
  userName: string;
  at: string;
}

// Raises a pending report unless one of the kind already waits for the voter (the partial unique
// index of migration 023 decides, so two workers reporting the same death at once raise one).
// A report joining a waiting one fills in what that one lacks (a reason, the other entry), which
// raises its version. Answers the pending report and whether it joined one.
export async function raisePendingFlag(db: Executor, flag: NewFlag): Promise<{ flag: FlagRowWithNote; joined: boolean }> {
  const inserted = await db
    .insertInto('voter_flags')
    .values({
      voter_id: flag.voterId,
      kind: flag.kind,
      status: 'pending',
      contact_id: flag.contactId,
      reason: flag.reason,
      other_voter_id: flag.otherVoterId,
      raised_by: flag.userId,
      raised_by_name: flag.userName,
      raised_at: flag.at,
    })
    .onConflict((oc) => oc.columns(['voter_id', 'kind']).where(sql<boolean>`status = 'pending'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  const pending = () => flagsWithNotes(db).where('voter_flags.voter_id', '=', flag.voterId).where('voter_flags.kind', '=', flag.kind).where('voter_flags.status', '=', 'pending').executeTakeFirstOrThrow();
  if (inserted) return { flag: await pending(), joined: false };
  const waiting = await pending();
  const fill: { reason?: string; other_voter_id?: number } = {};
  if (waiting.reason === null && flag.reason !== null) fill.reason = flag.reason;
  if (waiting.other_voter_id === null && flag.otherVoterId !== null) fill.other_voter_id = flag.otherVoterId;
  if (Object.keys(fill).length === 0) return { flag: waiting, joined: true };
  await db
    .updateTable('voter_flags')
    .set((eb) => ({ ...fill, version: eb('version', '+', 1) }))
    .where('id', '=', waiting.id)
    .where('status', '=', 'pending')
    .execute();
  return { flag: await pending(), joined: true };
}

// Decides a pending report, on condition it is still pending (and still at the version the
// decider saw, when given); false when someone decided or changed it first.
export async function resolveFlag(
  db: Executor,
  id: number,
  decision: { status: 'confirmed' | 'dismissed'; userId: number; userName: string; note: string | null; at: string; version?: number; otherVoterId?: number },
): Promise<boolean> {
  let query = db
    .updateTable('voter_flags')
    .set((eb) => ({
      status: decision.status,
      resolved_by: decision.userId,
      resolved_by_name: decision.userName,
      resolved_at: decision.at,
      resolution_note: decision.note,
      version: eb('version', '+', 1),
      ...(decision.otherVoterId === undefined ? {} : { other_voter_id: decision.otherVoterId }),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (decision.version !== undefined) query = query.where('version', '=', decision.version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const FLAGGED_VOTER_COLUMNS = ['id', 'full_name', 'voter_id', 'booth', 'house_no', 'part_serial', 'is_dead', 'present_in_city', 'is_missing', 'deleted_at', 'duplicate_of', 'version'] as const;
type FlaggedVoterRow = Pick<VoterRow, (typeof FLAGGED_VOTER_COLUMNS)[number]>;

export function toFlaggedVoter(row: FlaggedVoterRow): FlaggedVoter {
  return {
    id: row.id,
    full_name: row.full_name,
    voter_id: row.voter_id,
    booth: row.booth,
    house_no: row.house_no,
    part_serial: row.part_serial,
    is_dead: row.is_dead === 1,
    present_in_city: row.present_in_city === 1,
    is_missing: row.is_missing === 1,
    listed: row.deleted_at === null && row.duplicate_of === null,
    version: row.version,
  };
}

export async function flaggedVoters(db: Executor, ids: readonly number[]): Promise<Map<number, FlaggedVoter>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, FlaggedVoter>();
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db.selectFrom('voters').select(FLAGGED_VOTER_COLUMNS).where('id', 'in', unique.slice(start, start + CHUNK)).execute();
    for (const row of rows) found.set(row.id, toFlaggedVoter(row));
  }
  return found;
}

// The office's queue: reports of listed voters with the status asked for, of a kind and within
// booths when asked. Pending ones oldest first (a queue), decided ones most recently decided
// first. Pending reports are few at any time; the status index and the voter's id read them.
export async function listFlagsForReview(db: Executor, options: { status: VoterFlagStatus; kind?: VoterFlagKind; booths: readonly string[] | null; page: number; limit: number }) {
  let base = db.selectFrom('voter_flags').innerJoin('voters', 'voters.id', 'voter_flags.voter_id').where('voters.deleted_at', 'is', null).where('voter_flags.status', '=', options.status);
  // A pending report of a voter marked a duplicate since has nothing left to decide.
  if (options.status === 'pending') base = base.where('voters.duplicate_of', 'is', null);
  if (options.kind) base = base.where('voter_flags.kind', '=', options.kind);
  if (options.booths) base = base.where('voters.booth', 'in', options.booths.length > 0 ? [...options.booths] : ['']);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let query = base.leftJoin('voter_contacts', 'voter_contacts.id', 'voter_flags.contact_id').selectAll('voter_flags').select('voter_contacts.note as note');
  query = options.status === 'pending' ? query.orderBy('voter_flags.id', 'asc') : query.orderBy('voter_flags.resolved_at', 'desc').orderBy('voter_flags.id', 'desc');
  const rows = await query
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { rows, total: Number(count.count) };
}

const CHUNK = 500;

// Which of the away kinds each voter's latest confirmed report says (voter_flags_voter_idx).
export async function awayKindsOf(db: Executor, voterIds: readonly number[]): Promise<Map<number, AwayKind>> {
  const kinds = new Map<number, AwayKind>();
  for (let start = 0; start < voterIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('voter_flags')
      .select(['voter_id', 'kind', 'resolved_at', 'id'])
      .where('voter_id', 'in', voterIds.slice(start, start + CHUNK))
      .where('status', '=', 'confirmed')
      .where('kind', 'in', [...AWAY_KINDS])
      .orderBy('resolved_at')
      .orderBy('id')
      .execute();
    // In order: the latest decision is set last.
    for (const row of rows) kinds.set(row.voter_id, row.kind as AwayKind);
  }
  return kinds;
}

export interface AvailabilityFields {
  id: number;
  is_dead: number;
  present_in_city: number;
  is_missing: number;
}

// A voter's availability from the stored truth (is_dead, present_in_city, is_missing), with the
// away kind of the latest confirmed report for a voter out of the city (shifted when none).
export async function availabilityOf(db: Executor, voters: readonly AvailabilityFields[]): Promise<Map<number, Availability>> {
  const away = voters.filter((voter) => voter.is_dead !== 1 && voter.present_in_city === 0).map((voter) => voter.id);
  const kinds = await awayKindsOf(db, away);
  const result = new Map<number, Availability>();
  for (const voter of voters) {
    if (voter.is_dead === 1) result.set(voter.id, 'deceased');
    else if (voter.present_in_city === 0) result.set(voter.id, kinds.get(voter.id) ?? 'moved_away');
    else if (voter.is_missing === 1) result.set(voter.id, 'not_found');
  }
  return result;
}

// The same for voters known by id only.
export async function availabilityOfIds(db: Executor, voterIds: readonly number[]): Promise<Map<number, Availability>> {
  const fields: AvailabilityFields[] = [];
  for (let start = 0; start < voterIds.length; start += CHUNK) {
    fields.push(...(await db.selectFrom('voters').select(['id', 'is_dead', 'present_in_city', 'is_missing']).where('id', 'in', voterIds.slice(start, start + CHUNK)).execute()));
  }
  return availabilityOf(db, fields);
}
