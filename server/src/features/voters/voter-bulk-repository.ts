import type SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type VoterFilters, type VoterInput, voterFieldsSchema } from '@shared/voters/voter-schema';
import type { Dialect } from '../../db/connection';
import type { Database, VoterRow } from '../../db/schema';
import { TEXT_FILTER_COLUMNS } from './voter-text-search';
import { applyVoterFilters, type BoothScope, toColumns } from './voters-repository';

type Executor = Kysely<Database> | Transaction<Database>;

// SQLite allows 32,766 parameters in a statement; 30-odd columns a voter keeps 500 rows well inside.
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;

export function liveVoterIdQuery(db: Executor, voterIds: readonly string[]) {
  return db.selectFrom('voters').selectAll().where('voter_id', 'in', [...voterIds]).where('deleted_at', 'is', null);
}

// PostgreSQL's planner prices the voter-ID trigram index (GIN, there for search) far below
// what a thousand-ID lookup in it costs (3 s for 1,000 IDs at 5,000 voters, against
// milliseconds through the unique index), whatever the statistics say. A GIN index is only
// read through bitmap scans, so turning those off for the rest of the transaction leaves the
// unique index; an import batch's other statements read rows by primary key only.
export async function steerToVoterIdIndex(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
}

// The live voters holding any of these voter IDs, by voter ID.
export async function findLiveVoters(db: Executor, voterIds: readonly string[]): Promise<Map<string, VoterRow>> {
  const found = new Map<string, VoterRow>();
  for (let start = 0; start < voterIds.length; start += LOOKUP_CHUNK) {
    const rows = await liveVoterIdQuery(db, voterIds.slice(start, start + LOOKUP_CHUNK)).execute();
    for (const row of rows) found.set(row.voter_id, row);
  }
  return found;
}

export interface InsertOptions {
  userId: number;
  now?: Date;
  // SQLite's own handle: inserts then take the bulk path below. The caller must hold a
  // Kysely transaction, which is what keeps every other query off the connection meanwhile.
  sqlite?: SQLite.Database;
}

// Inserts voters. On PostgreSQL (or without the handle) as plain multi-row INSERTs, so the
// row triggers see every voter as they do a single save.
export async function insertVoters(db: Executor, inputs: readonly VoterInput[], options: InsertOptions): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  if (options.sqlite) {
    insertVotersInBulk(options.sqlite, inputs, { userId: options.userId, now });
    return;
  }
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const values = inputs
      .slice(start, start + INSERT_CHUNK)
      .map((input) => ({ ...toColumns(input), voter_image: null, created_at: now, updated_at: now, created_by: options.userId, updated_by: options.userId }));
    await db.insertInto('voters').values(values).execute();
  }
}

// The SQLite bulk path (migration 007): with the voter_bulk_load flag set, the insert triggers
// stand aside; one prepared INSERT per voter, then the new ids go into the search index and
// the kept counts a batch at a time. Everything runs in the caller's transaction, so the
// batch, its index entries and its counts commit together or not at all.
const INSERT_COLUMNS = [...Object.keys(voterFieldsSchema.shape), 'created_at', 'updated_at', 'created_by', 'updated_by'];
// The columns the search index holds: every column a text filter reads.
const SEARCH_COLUMNS = Object.values(TEXT_FILTER_COLUMNS).flat().join(', ');
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';

function prepareBulkStatements(sqlite: SQLite.Database) {
  // The batch's rows are grouped once into a scratch table; the three count tables read it.
  sqlite.exec(`CREATE TEMP TABLE IF NOT EXISTS voter_batch_counts (${STATS_KEY}, count)`);
  const addCounts = (table: string, key: string) =>
    sqlite.prepare(
      `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(count) FROM temp.voter_batch_counts WHERE true GROUP BY ${key} ` +
        `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`,
    );
  return {
    pause: sqlite.prepare('INSERT INTO voter_bulk_load (active) VALUES (1)'),
    resume: sqlite.prepare('DELETE FROM voter_bulk_load'),
    lastId: sqlite.prepare('SELECT coalesce(max(id), 0) FROM voters').pluck(),
    insert: sqlite.prepare(`INSERT INTO voters (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
    index: sqlite.prepare(`INSERT INTO voters_fts (rowid, ${SEARCH_COLUMNS}) SELECT id, ${SEARCH_COLUMNS} FROM voters WHERE id > ?`),
    groupBatch: sqlite.prepare(`INSERT INTO temp.voter_batch_counts SELECT ${STATS_KEY}, count(*) FROM voter_stat_rows WHERE id > ? GROUP BY ${STATS_KEY}`),
    counts: [addCounts('voter_stats', STATS_KEY), addCounts('voter_stats_totals', 'dimension, value1, value2'), addCounts('voter_stats_taluka', 'dimension, taluka, value1, value2')],
    clearBatch: sqlite.prepare('DELETE FROM temp.voter_batch_counts'),
  };
}
const bulkStatements = new WeakMap<SQLite.Database, ReturnType<typeof prepareBulkStatements>>();

function statementsFor(sqlite: SQLite.Database) {
  let statements = bulkStatements.get(sqlite);
  if (!statements) {
    statements = prepareBulkStatements(sqlite);
    bulkStatements.set(sqlite, statements);
  }
  return statements;
}

// Runs insertRows with the insert triggers stood aside, then puts the new voters into the
// search index and the kept counts. The caller runs it inside one transaction.
export function withTriggersPaused(sqlite: SQLite.Database, insertRows: () => void): void {
  // Outside a transaction the flag row would be committed and every later save go unindexed.
  if (!sqlite.inTransaction) throw new Error('withTriggersPaused must run inside a transaction');
  const statements = statementsFor(sqlite);
  // The flag goes first: it takes the write lock, so no other writer adds ids after lastId.
  statements.pause.run();
  const lastId = statements.lastId.get() as number;
  insertRows();
  statements.index.run(lastId);
  statements.groupBatch.run(lastId);
  for (const count of statements.counts) count.run();
  statements.clearBatch.run();
  statements.resume.run();
}

function insertVotersInBulk(sqlite: SQLite.Database, inputs: readonly VoterInput[], options: { userId: number; now: string }): void {
  if (inputs.length === 0) return;
  const { insert } = statementsFor(sqlite);
  const audit = { created_at: options.now, updated_at: options.now, created_by: options.userId, updated_by: options.userId };
  withTriggersPaused(sqlite, () => {
    for (const input of inputs) {
      const row: Record<string, unknown> = { ...toColumns(input), ...audit };
      insert.run(INSERT_COLUMNS.map((column) => row[column]));
    }
  });
}

// An import's update leaves the photo alone: a spreadsheet has no photos. Only the columns
// that differ are written, and a voter the file leaves as it was not at all: SQLite rewrites
// every index whose columns an UPDATE sets, changed or not, and re-importing a roll changes
// few voters.
export async function updateVoterFields(db: Executor, existing: VoterRow, input: VoterInput, options: { userId: number; now?: Date }): Promise<void> {
  const changes = Object.fromEntries(
    Object.entries(toColumns(input)).filter(([column, value]) => value !== undefined && existing[column as keyof VoterRow] !== value),
  );
  if (Object.keys(changes).length === 0) return;
  const now = (options.now ?? new Date()).toISOString();
  await db
    .updateTable('voters')
    .set({ ...changes, updated_at: now, updated_by: options.userId })
    .where('id', '=', existing.id)
    .where('deleted_at', 'is', null)
    .execute();
}

// One keyset page of the filtered voters in id order: never the whole table at once.
export function voterPageAfter(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: Dialect; afterId: number; limit: number },
): Promise<VoterRow[]> {
  return applyVoterFilters(db.selectFrom('voters'), options.filters, options.scope, options.dialect)
    .selectAll('voters')
    .where('voters.id', '>', options.afterId)
    .orderBy('voters.id', 'asc')
    .limit(options.limit)
    .execute();
}
