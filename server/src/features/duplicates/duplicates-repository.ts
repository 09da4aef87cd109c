import { type Kysely, sql } from 'kysely';
import type { BoothScope } from '@shared/auth/booth-scope';
import { DUPLICATE_AGE_GAP, type DuplicatePair, type DuplicateScan, type DuplicateStatus, type DuplicateVoter } from '@shared/duplicates/duplicate-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Database, DuplicatePairRow, DuplicateScanRow } from '../../db/schema';

// Duplicate entries: the scan's name keys, the pairs it found and their review, the scans run.

// ---- The scan's name keys --------------------------------------------------------------------

export interface KeyingVoter {
  id: number;
  full_name: string;
  father_husband_name: string | null;
  age: number | null;
  listed: boolean;
}

// A page of voters in id order, listed or not (a voter who left the lists loses its key).
export async function votersAfter(db: Executor, afterId: number, limit: number): Promise<KeyingVoter[]> {
  const rows = await db
    .selectFrom('voters')
    .select(['id', 'full_name', 'father_husband_name', 'age', 'deleted_at', 'duplicate_of'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, full_name: row.full_name, father_husband_name: row.father_husband_name, age: row.age, listed: row.deleted_at === null && row.duplicate_of === null }));
}

export async function keysBetween(db: Executor, fromId: number, toId: number): Promise<Map<number, { name_key: string; age: number }>> {
  const rows = await db.selectFrom('voter_name_keys').select(['voter_id', 'name_key', 'age']).where('voter_id', '>=', fromId).where('voter_id', '<=', toId).execute();
  return new Map(rows.map((row) => [row.voter_id, { name_key: row.name_key, age: row.age }]));
}

const CHUNK = 500;

export async function saveKeys(db: Executor, keys: readonly { voter_id: number; name_key: string; age: number }[]): Promise<void> {
  for (let start = 0; start < keys.length; start += CHUNK) {
    await db
      .insertInto('voter_name_keys')
      .values(keys.slice(start, start + CHUNK))
      .onConflict((oc) => oc.column('voter_id').doUpdateSet((eb) => ({ name_key: eb.ref('excluded.name_key'), age: eb.ref('excluded.age') })))
      .execute();
  }
}

export async function deleteKeys(db: Executor, voterIds: readonly number[]): Promise<void> {
  for (let start = 0; start < voterIds.length; start += CHUNK) {
    await db.deleteFrom('voter_name_keys').where('voter_id', 'in', voterIds.slice(start, start + CHUNK)).execute();
  }
}

export async function countKeys(db: Executor): Promise<number> {
  const row = await db.selectFrom('voter_name_keys').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function keyIdRange(db: Executor): Promise<{ min: number; max: number } | undefined> {
  const row = await db.selectFrom('voter_name_keys').select((eb) => [eb.fn.min<number>('voter_id').as('min'), eb.fn.max<number>('voter_id').as('max')]).executeTakeFirst();
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : undefined;
}

// Open pairs, of ids in [fromId, toId], whose two voters no longer share a key within the age
// gap (a name or age corrected, a voter deleted or marked): no longer found, they go. Reviewed
// pairs stay.
export async function dropOutdatedPairs(db: Executor, fromId: number, toId: number): Promise<number> {
  const result = await sql`
    DELETE FROM duplicate_pairs WHERE status = 'open' AND id BETWEEN ${fromId} AND ${toId} AND NOT EXISTS (
      SELECT 1 FROM voter_name_keys a JOIN voter_name_keys b ON b.name_key = a.name_key
      WHERE a.voter_id = duplicate_pairs.voter_a AND b.voter_id = duplicate_pairs.voter_b
        AND b.age BETWEEN a.age - ${DUPLICATE_AGE_GAP} AND a.age + ${DUPLICATE_AGE_GAP})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function pairIdRange(db: Executor): Promise<{ min: number; max: number } | undefined> {
  const row = await db.selectFrom('duplicate_pairs').select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')]).executeTakeFirst();
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : undefined;
}

// A voter who leaves the lists (deleted, or marked as a duplicate entry) leaves the open pairs
// too: an open pair always has two listed voters, so the office's list reads the pairs alone.
export async function dropOpenPairsOf(db: Executor, voterId: number): Promise<void> {
  await db.deleteFrom('duplicate_pairs').where('status', '=', 'open').where((eb) => eb.or([eb('voter_a', '=', voterId), eb('voter_b', '=', voterId)])).execute();
}

// The pairs whose first voter's id lies in [fromId, toId]: the key index finds each voter's
// namesakes within the age gap. A pair already known (open or reviewed) is left as it is, so a
// dismissed pair never comes back. Returns how many pairs were new.
export async function insertPairsFrom(db: Executor, fromId: number, toId: number, now: string): Promise<number> {
  // "WHERE true" tells SQLite's parser the SELECT ends before ON CONFLICT.
  const result = await sql`
    INSERT INTO duplicate_pairs (voter_a, voter_b, status, found_at)
    SELECT a.voter_id, b.voter_id, 'open', ${now}
    FROM voter_name_keys a JOIN voter_name_keys b
      ON b.name_key = a.name_key AND b.age BETWEEN a.age - ${DUPLICATE_AGE_GAP} AND a.age + ${DUPLICATE_AGE_GAP} AND b.voter_id > a.voter_id
    WHERE a.voter_id BETWEEN ${fromId} AND ${toId}
    ON CONFLICT (voter_a, voter_b) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// ---- Scans -----------------------------------------------------------------------------------

export function latestScan(db: Executor): Promise<DuplicateScanRow | undefined> {
  return db.selectFrom('duplicate_scans').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function insertScan(db: Executor, userId: number, now: string): Promise<DuplicateScanRow> {
  return db.insertInto('duplicate_scans').values({ status: 'running', started_by: userId, started_at: now, finished_at: null, voters_keyed: null, pairs_found: null, error: null }).returningAll().executeTakeFirstOrThrow();
}

export async function finishScan(db: Executor, id: number, result: { status: 'finished' | 'failed'; votersKeyed: number | null; pairsFound: number | null; error: string | null }): Promise<void> {
  await db
    .updateTable('duplicate_scans')
    .set({ status: result.status, finished_at: new Date().toISOString(), voters_keyed: result.votersKeyed, pairs_found: result.pairsFound, error: result.error })
    .where('id', '=', id)
    .execute();
}

export async function scanDto(db: Executor, row: DuplicateScanRow): Promise<DuplicateScan> {
  const user = row.started_by === null ? undefined : await db.selectFrom('users').select('full_name').where('id', '=', row.started_by).executeTakeFirst();
  return {
    id: row.id,
    status: row.status,
    started_at: row.started_at,
    finished_at: row.finished_at,
    started_by_name: user?.full_name ?? null,
    voters_keyed: row.voters_keyed,
    pairs_found: row.pairs_found,
  };
}

// ---- Pairs and their review ------------------------------------------------------------------

const VOTER_COLUMNS = ['id', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'relation_type', 'booth', 'house_no', 'village', 'voter_no', 'deleted_at', 'duplicate_of'] as const;
export type PairVoterRow = DuplicateVoter & { deleted_at: string | null; duplicate_of: number | null };

export function findPair(db: Executor, id: number): Promise<DuplicatePairRow | undefined> {
  return db.selectFrom('duplicate_pairs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function pairVoters(db: Executor, ids: readonly number[]): Promise<PairVoterRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('voters').select([...VOTER_COLUMNS]).where('id', 'in', [...ids]).execute();
}

// The pairs of a status whose two voters are both within the booth scope, oldest found first.
// An open pair's voters are both listed (dropOpenPairsOf), so the office's list is read from the
// pairs' status index alone. A Supervisor's open pairs start from their booths' listed voters;
// reviewed pairs are few (a person reviewed each) and are read with their voters.
export async function listPairs(db: Kysely<Database>, options: { status: DuplicateStatus; scope: BoothScope; page: number; limit: number }): Promise<{ rows: DuplicatePairRow[]; total: number }> {
  const { scope } = options;
  if (scope.kind === 'booths' && scope.booths.length === 0) return { rows: [], total: 0 };
  const offset = (options.page - 1) * options.limit;
  const result = async (count: { count: number | string }, rows: DuplicatePairRow[]) => ({ rows, total: Number(count.count) });
  if (scope.kind === 'all') {
    const query = db.selectFrom('duplicate_pairs as p').where('p.status', '=', options.status);
    return result(
      await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      await query.selectAll('p').orderBy('p.id').limit(options.limit).offset(offset).execute(),
    );
  }
  const booths = [...scope.booths];
  if (options.status === 'open') {
    // From the booths' listed voters to their pairs to the other voter, in that order (CROSS JOIN
    // keeps SQLite to it: from the pairs' status it would read every open pair of the constituency).
    const query = db
      .selectFrom('voters as a')
      .crossJoin('duplicate_pairs as p')
      .crossJoin('voters as b')
      .where('a.booth', 'in', booths)
      .where('a.deleted_at', 'is', null)
      .where('a.duplicate_of', 'is', null)
      .whereRef('p.voter_a', '=', 'a.id')
      .where('p.status', '=', options.status)
      .whereRef('b.id', '=', 'p.voter_b')
      .where('b.booth', 'in', booths);
    return result(
      await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      await query.selectAll('p').orderBy('p.id').limit(options.limit).offset(offset).execute(),
    );
  }
  const query = db
    .selectFrom('duplicate_pairs as p')
    .innerJoin('voters as a', 'a.id', 'p.voter_a')
    .innerJoin('voters as b', 'b.id', 'p.voter_b')
    .where('p.status', '=', options.status)
    .where('a.booth', 'in', booths)
    .where('b.booth', 'in', booths);
  return result(
    await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    await query.selectAll('p').orderBy('p.id').limit(options.limit).offset(offset).execute(),
  );
}

export async function pairDtos(db: Executor, pairs: readonly DuplicatePairRow[]): Promise<DuplicatePair[]> {
  const voters = await pairVoters(
    db,
    pairs.flatMap((pair) => [pair.voter_a, pair.voter_b]),
  );
  const reviewerIds = [...new Set(pairs.map((pair) => pair.reviewed_by).filter((id): id is number => id !== null))];
  const reviewers = reviewerIds.length > 0 ? await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', reviewerIds).execute() : [];
  const voterDto = (id: number): DuplicateVoter => {
    const { deleted_at: _deleted, duplicate_of: _duplicate, ...voter } = voters.find((row) => row.id === id)!;
    return voter;
  };
  return pairs.map((pair) => ({
    id: pair.id,
    status: pair.status,
    duplicate_voter_id: pair.duplicate_voter_id,
    found_at: pair.found_at,
    reviewed_by_name: reviewers.find((user) => user.id === pair.reviewed_by)?.full_name ?? null,
    reviewed_at: pair.reviewed_at,
    voters: [voterDto(pair.voter_a), voterDto(pair.voter_b)],
  }));
}

// The pair of two voters (voter_a the smaller id), made open now when no scan found it.
export async function pairOf(db: Executor, oneId: number, otherId: number, now: string): Promise<DuplicatePairRow> {
  const [voterA, voterB] = oneId < otherId ? [oneId, otherId] : [otherId, oneId];
  await db.insertInto('duplicate_pairs').values({ voter_a: voterA, voter_b: voterB, status: 'open', found_at: now }).onConflict((oc) => oc.columns(['voter_a', 'voter_b']).doNothing()).execute();
  return db.selectFrom('duplicate_pairs').selectAll().where('voter_a', '=', voterA).where('voter_b', '=', voterB).executeTakeFirstOrThrow();
}

// A review, written only while the pair is still in the status the reviewer saw.
export async function reviewPair(
  db: Executor,
  pair: DuplicatePairRow,
  change: { status: DuplicateStatus; duplicate_voter_id: number | null; reviewed_by: number | null; reviewed_at: string | null },
): Promise<boolean> {
  const result = await db.updateTable('duplicate_pairs').set(change).where('id', '=', pair.id).where('status', '=', pair.status).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Marks a listed voter as the second entry of another, or clears the mark; the voter's version
// goes up as any write's does.
export async function setDuplicateOf(db: Executor, voterId: number, keptId: number | null, options: { userId: number; now: string }): Promise<boolean> {
  let query = db
    .updateTable('voters')
    .set((eb) => ({ duplicate_of: keptId, updated_at: options.now, updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', voterId)
    .where('deleted_at', 'is', null);
  query = keptId === null ? query.where('duplicate_of', 'is not', null) : query.where('duplicate_of', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
