import { sql } from 'kysely';
import { CHASE_STATUSES, type ChaseStatus, SUPPORTER_LEVELS } from '@shared/poll/poll-schema';
import type { DatabaseDialect, Executor } from '../../db/dialects/database-dialect';
import { whereListed } from '../voters/voter-filters';

// The poll-day tables (migration 029). Marks and their counts change together, in the caller's
// transaction, so turnout equals the marks at every commit.

export interface MarkableVoter {
  id: number;
  part_serial: number | null;
  full_name: string;
  father_husband_name: string | null;
  gender: string | null;
  age: number | null;
}

const VOTER_COLUMNS = ['voters.id', 'voters.part_serial', 'voters.full_name', 'voters.father_husband_name', 'voters.gender', 'voters.age'] as const;

// The booth's listed voters carrying the serials: one read of the (booth, part_serial) index,
// named where the database allows. SQLite's planner, with statistics taken before a roll import
// filled the serials, read all of the booth's ~750 voters instead (4 ms, a mark's main cost).
export async function votersBySerial(db: Executor, dialect: DatabaseDialect, booth: string, serials: readonly number[]): Promise<MarkableVoter[]> {
  const { rows } = await sql<MarkableVoter>`
    SELECT id, part_serial, full_name, father_husband_name, gender, age FROM ${dialect.votersThrough('voters_booth_serial_contact_idx')}
    WHERE booth = ${booth} AND part_serial IN (${sql.join([...serials])}) AND deleted_at IS NULL AND duplicate_of IS NULL
    ORDER BY part_serial, id`.execute(db);
  return rows;
}

// A listed voter by record number, with their booth (a slip's code names the voter, not a serial).
export async function markableVoter(db: Executor, id: number): Promise<(MarkableVoter & { booth: string | null }) | undefined> {
  return whereListed(db.selectFrom('voters').select([...VOTER_COLUMNS, 'voters.booth']).where('voters.id', '=', id)).executeTakeFirst();
}

export async function markTimes(db: Executor, election: string, voterIds: readonly number[]): Promise<Map<number, string>> {
  if (voterIds.length === 0) return new Map();
  const rows = await db.selectFrom('poll_marks').select(['voter_id', 'marked_at']).where('election', '=', election).where('voter_id', 'in', [...voterIds]).execute();
  return new Map(rows.map((row) => [row.voter_id, row.marked_at]));
}

export interface NewMark {
  voter: MarkableVoter;
  booth: string;
  hour: number;
  at: string;
  userId: number;
  userName: string;
}

type CountKey = { booth: string; hour: number; gender: string };
const keyOf = (key: CountKey) => `${key.booth}\u0000${key.hour}\u0000${key.gender}`;

// Adds (or takes away) marks from the turnout counts, one upsert per booth, hour and gender.
async function countMarks(db: Executor, election: string, marks: readonly CountKey[], delta: 1 | -1): Promise<void> {
  const groups = new Map<string, CountKey & { marks: number }>();
  for (const mark of marks) {
    const group = groups.get(keyOf(mark)) ?? { ...mark, marks: 0 };
    group.marks += delta;
    groups.set(keyOf(mark), group);
  }
  for (const group of groups.values()) {
    await db
      .insertInto('poll_turnout')
      .values({ election, booth: group.booth, hour: group.hour, gender: group.gender, marks: group.marks })
      .onConflict((oc) => oc.columns(['election', 'booth', 'hour', 'gender']).doUpdateSet({ marks: sql`poll_turnout.marks + excluded.marks` }))
      .execute();
  }
}

// Marks the voters who were not marked yet, and counts them; answers the ids newly marked.
export async function insertMarks(db: Executor, election: string, marks: readonly NewMark[]): Promise<Set<number>> {
  if (marks.length === 0) return new Set();
  const inserted = await db
    .insertInto('poll_marks')
    .values(
      marks.map((mark) => ({
        election,
        voter_id: mark.voter.id,
        booth: mark.booth,
        part_serial: mark.voter.part_serial,
        gender: mark.voter.gender ?? '',
        marked_hour: mark.hour,
        marked_at: mark.at,
        marked_by: mark.userId,
        marked_by_name: mark.userName,
      })),
    )
    .onConflict((oc) => oc.columns(['election', 'voter_id']).doNothing())
    .returning('voter_id')
    .execute();
  const ids = new Set(inserted.map((row) => row.voter_id));
  await countMarks(
    db,
    election,
    marks.filter((mark) => ids.has(mark.voter.id)).map((mark) => ({ booth: mark.booth, hour: mark.hour, gender: mark.voter.gender ?? '' })),
    1,
  );
  return ids;
}

// Removes the voters' marks and their counts; answers the ids that had one.
export async function deleteMarks(db: Executor, election: string, voterIds: readonly number[]): Promise<Set<number>> {
  if (voterIds.length === 0) return new Set();
  const removed = await db.deleteFrom('poll_marks').where('election', '=', election).where('voter_id', 'in', [...voterIds]).returning(['voter_id', 'booth', 'marked_hour', 'gender']).execute();
  await countMarks(
    db,
    election,
    removed.map((row) => ({ booth: row.booth, hour: row.marked_hour, gender: row.gender })),
    -1,
  );
  return new Set(removed.map((row) => row.voter_id));
}

export function recentMarks(db: Executor, election: string, booth: string, limit: number) {
  return db
    .selectFrom('poll_marks')
    .innerJoin('voters', 'voters.id', 'poll_marks.voter_id')
    .select([...VOTER_COLUMNS, 'poll_marks.marked_at', 'poll_marks.marked_by_name'])
    .where('poll_marks.election', '=', election)
    .where('poll_marks.booth', '=', booth)
    .orderBy('poll_marks.marked_at', 'desc')
    .orderBy('poll_marks.voter_id', 'desc')
    .limit(limit)
    .execute();
}

// The turnout counts of an election: at most booths × hours × genders rows.
export function turnoutRows(db: Executor, election: string) {
  return db.selectFrom('poll_turnout').select(['booth', 'hour', 'gender', 'marks']).where('election', '=', election).where('marks', '!=', 0).execute();
}

// Live voters per booth and gender, from the trigger-kept counts (migration 006).
export async function votersByBoothGender(db: Executor, labels?: readonly string[]): Promise<{ booth: string; gender: string; voters: number }[]> {
  let query = db
    .selectFrom('voter_stats')
    .select(['booth', 'value1', (eb) => eb.fn.sum<number | string>('count').as('voters')])
    .where('dimension', '=', 'gender')
    .groupBy(['booth', 'value1']);
  if (labels && labels.length <= 400) query = query.where('booth', 'in', labels.length > 0 ? [...labels] : ['']);
  const rows = await query.execute();
  return rows.map((row) => ({ booth: row.booth, gender: row.value1, voters: Number(row.voters) }));
}

// Supporters (living) and how many of them voted, per booth.
export async function supportersByBooth(db: Executor, election: string, labels?: readonly string[]): Promise<{ booth: string; supporters: number; voted: number }[]> {
  let query = whereListed(
    db
      .selectFrom('voters')
      .leftJoin('poll_marks', (join) => join.onRef('poll_marks.voter_id', '=', 'voters.id').on('poll_marks.election', '=', election))
      .select(['voters.booth', (eb) => eb.fn.countAll<number | string>().as('supporters'), (eb) => eb.fn.count<number | string>('poll_marks.voter_id').as('voted')])
      .where('voters.support_level', 'in', [...SUPPORTER_LEVELS])
      // Issue 61: a deceased supporter is nobody to chase, and no vote to count on.
      .where('voters.is_dead', '=', 0),
  ).groupBy('voters.booth');
  if (labels) query = query.where('voters.booth', 'in', labels.length > 0 ? [...labels] : ['']);
  const rows = await query.execute();
  return rows.filter((row) => row.booth !== null).map((row) => ({ booth: row.booth as string, supporters: Number(row.supporters), voted: Number(row.voted) }));
}

const CHASE_LIMIT = 2000;

// The booth's living supporters who have not voted, in roll order, with how they were chased and
// what the roll says of their availability (is_dead is left out; present_in_city, is_missing).
export async function supportersOut(db: Executor, election: string, booth: string) {
  const rows = await whereListed(
    db
      .selectFrom('voters')
      .leftJoin('poll_chases', (join) => join.onRef('poll_chases.voter_id', '=', 'voters.id').on('poll_chases.election', '=', election))
      .select([
        'voters.id',
        'voters.full_name',
        'voters.part_serial',
        'voters.booth',
        'voters.house_no',
        'voters.mobile_number',
        'voters.support_level',
        'voters.is_dead',
        'voters.present_in_city',
        'voters.is_missing',
        'poll_chases.status',
        'poll_chases.updated_at',
      ])
      .where('voters.booth', '=', booth)
      .where('voters.support_level', 'in', [...SUPPORTER_LEVELS])
      .where('voters.is_dead', '=', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('poll_marks').select('poll_marks.voter_id').whereRef('poll_marks.voter_id', '=', 'voters.id').where('poll_marks.election', '=', election)))),
  )
    .orderBy('voters.part_serial')
    .orderBy('voters.id')
    .limit(CHASE_LIMIT + 1)
    .execute();
  return { rows: rows.slice(0, CHASE_LIMIT), truncated: rows.length > CHASE_LIMIT };
}

export async function chasesOf(db: Executor, election: string, voterIds: readonly number[]): Promise<Map<number, { status: ChaseStatus; updated_at: string }>> {
  const result = new Map<number, { status: ChaseStatus; updated_at: string }>();
  for (let start = 0; start < voterIds.length; start += 500) {
    const rows = await db.selectFrom('poll_chases').select(['voter_id', 'status', 'updated_at']).where('election', '=', election).where('voter_id', 'in', voterIds.slice(start, start + 500)).execute();
    for (const row of rows) if (isChaseStatus(row.status)) result.set(row.voter_id, { status: row.status, updated_at: row.updated_at });
  }
  return result;
}

export async function markedAmong(db: Executor, election: string, voterIds: readonly number[]): Promise<Set<number>> {
  const marked = new Set<number>();
  for (let start = 0; start < voterIds.length; start += 500) {
    const rows = await db.selectFrom('poll_marks').select('voter_id').where('election', '=', election).where('voter_id', 'in', voterIds.slice(start, start + 500)).execute();
    for (const row of rows) marked.add(row.voter_id);
  }
  return marked;
}

export async function saveChase(db: Executor, entry: { election: string; voterId: number; status: ChaseStatus; userId: number; userName: string; at: string }): Promise<void> {
  await db
    .insertInto('poll_chases')
    .values({ election: entry.election, voter_id: entry.voterId, status: entry.status, updated_by: entry.userId, updated_by_name: entry.userName, updated_at: entry.at })
    .onConflict((oc) => oc.columns(['election', 'voter_id']).doUpdateSet({ status: entry.status, updated_by: entry.userId, updated_by_name: entry.userName, updated_at: entry.at }))
    .execute();
}

export function isChaseStatus(value: string | null): value is ChaseStatus {
  return (CHASE_STATUSES as readonly (string | null)[]).includes(value);
}
