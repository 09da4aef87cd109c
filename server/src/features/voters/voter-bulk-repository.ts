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

// SQLite: the IDs as one JSON array, through the unique index by name. A planner without fresh
// statistics (a table an import is filling) read every live voter for each batch instead.
export const LIVE_VOTERS_BY_ID_SQLITE =
  'SELECT * FROM voters INDEXED BY voters_voter_id_unique WHERE voter_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL';
const liveVotersById = new WeakMap<SQLite.Database, SQLite.Statement>();

// The live voters holding any of these voter IDs, by voter ID. With SQLite's handle (the caller
// holds a Kysely transaction) one prepared statement answers.
export async function findLiveVoters(db: Executor, voterIds: readonly string[], sqlite?: SQLite.Database): Promise<Map<string, VoterRow>> {
  const found = new Map<string, VoterRow>();
  if (sqlite) {
    let statement = liveVotersById.get(sqlite);
    if (!statement) {
      statement = sqlite.prepare(LIVE_VOTERS_BY_ID_SQLITE);
      liveVotersById.set(sqlite, statement);
    }
    for (const row of statement.all(JSON.stringify(voterIds)) as VoterRow[]) found.set(row.voter_id, row);
    return found;
  }
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
// stand aside; one prepared INSERT per voter, then the new ids go into the search index a batch
// at a time and the batch's kept counts are added in one upsert per count row. Everything runs
// in the caller's transaction, so the batch, its index entries and its counts commit together
// or not at all.
const FORM_COLUMNS = Object.keys(voterFieldsSchema.shape) as (keyof VoterInput)[];
// The two flags are stored as 0/1.
const IS_FLAG = FORM_COLUMNS.map((column) => column === 'present_in_city' || column === 'is_dead');
const INSERT_COLUMNS = [...FORM_COLUMNS, 'created_at', 'updated_at', 'created_by', 'updated_by'];
// The columns the search index holds: every column a text filter reads.
const SEARCH_COLUMNS = Object.values(TEXT_FILTER_COLUMNS).flat().join(', ');
const STATS_KEY = ['dimension', 'taluka', 'village', 'booth', 'value1', 'value2'] as const;
const TOTALS_KEY = ['dimension', 'value1', 'value2'] as const;
const TALUKA_KEY = ['dimension', 'taluka', 'value1', 'value2'] as const;

function prepareBulkStatements(sqlite: SQLite.Database) {
  const addCount = (table: string, key: readonly string[]) =>
    sqlite.prepare(
      `INSERT INTO ${table} (${key.join(', ')}, count) VALUES (${key.map(() => '?').join(', ')}, ?) ` +
        `ON CONFLICT (${key.join(', ')}) DO UPDATE SET count = ${table}.count + excluded.count`,
    );
  return {
    pause: sqlite.prepare('INSERT INTO voter_bulk_load (active) VALUES (1)'),
    resume: sqlite.prepare('DELETE FROM voter_bulk_load'),
    lastId: sqlite.prepare('SELECT coalesce(max(id), 0) FROM voters').pluck(),
    insert: sqlite.prepare(`INSERT INTO voters (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
    index: sqlite.prepare(`INSERT INTO voters_fts (rowid, ${SEARCH_COLUMNS}) SELECT id, ${SEARCH_COLUMNS} FROM voters WHERE id > ?`),
    stats: addCount('voter_stats', STATS_KEY),
    totals: addCount('voter_stats_totals', TOTALS_KEY),
    taluka: addCount('voter_stats_taluka', TALUKA_KEY),
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

// The kept counts of live voters as migration 006's DIMENSIONS define them in SQL (the triggers of
// a single save use those), '' for a missing value. Counted here, a batch costs a few
// milliseconds instead of a GROUP BY of its rows seven times over; the import tests compare
// every kept count with a fresh GROUP BY.
function ageGroup(age: number | null): string {
  if (age === null || age < 18) return 'Unknown';
  if (age <= 25) return '18-25';
  if (age <= 35) return '26-35';
  if (age <= 45) return '36-45';
  if (age <= 55) return '46-55';
  if (age <= 65) return '56-65';
  return '66+';
}

// A batch's count per voter_stats key (dimension, taluka, village, booth, value1, value2); the
// totals and per-taluka counts are sums of those. Keys are values joined by NUL, which no stored
// text holds (the import refuses it).
const SEP = '\u0000';

class BatchCounts {
  private readonly stats = new Map<string, number>();

  add(voter: VoterInput): void {
    const place = `${voter.taluka ?? ''}${SEP}${voter.village ?? ''}${SEP}${voter.booth ?? ''}`;
    const caste = voter.caste ?? '';
    const party = voter.political_preference ?? '';
    this.bump(`status${SEP}${place}${SEP}${!voter.is_dead && voter.present_in_city ? 'active' : 'inactive'}${SEP}`);
    this.bump(`gender${SEP}${place}${SEP}${voter.gender ?? ''}${SEP}`);
    this.bump(`age_group${SEP}${place}${SEP}${ageGroup(voter.age)}${SEP}`);
    this.bump(`ward_area${SEP}${place}${SEP}${voter.ward_area ?? ''}${SEP}`);
    this.bump(`caste${SEP}${place}${SEP}${caste}${SEP}`);
    this.bump(`political_preference${SEP}${place}${SEP}${party}${SEP}`);
    this.bump(`caste_preference${SEP}${place}${SEP}${caste}${SEP}${party}`);
  }

  private bump(key: string): void {
    sum(this.stats, key, 1);
  }

  // The batch's delta for each row of voter_stats, voter_stats_totals and voter_stats_taluka.
  tables() {
    const totals = new Map<string, number>();
    const taluka = new Map<string, number>();
    for (const [key, count] of this.stats) {
      const [dimension, talukaName, , , value1, value2] = key.split(SEP);
      sum(totals, `${dimension}${SEP}${value1}${SEP}${value2}`, count);
      sum(taluka, `${dimension}${SEP}${talukaName}${SEP}${value1}${SEP}${value2}`, count);
    }
    return { stats: this.stats, totals, taluka };
  }
}

function sum(counts: Map<string, number>, key: string, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

function saveCounts(statement: SQLite.Statement, counts: Map<string, number>): void {
  for (const [key, count] of counts) statement.run(...key.split(SEP), count);
}

export interface BulkAudit {
  userId: number | null;
  // When the voters were saved, ISO 8601.
  now: string;
}

// Inserts live voters on SQLite's bulk path. The caller holds the transaction (a Kysely
// transaction also keeps every other query off the connection meanwhile).
export function insertVotersInBulk(sqlite: SQLite.Database, voters: readonly VoterInput[], audit: BulkAudit): void {
  // Outside a transaction the flag row would be committed and every later save go unindexed.
  if (!sqlite.inTransaction) throw new Error('insertVotersInBulk must run inside a transaction');
  if (voters.length === 0) return;
  const statements = statementsFor(sqlite);
  // The flag goes first: it takes the write lock, so no other writer adds ids after lastId.
  statements.pause.run();
  const lastId = statements.lastId.get() as number;
  const counts = new BatchCounts();
  const values: unknown[] = new Array(INSERT_COLUMNS.length);
  const formColumns = FORM_COLUMNS.length;
  values[formColumns] = audit.now;
  values[formColumns + 1] = audit.now;
  values[formColumns + 2] = audit.userId;
  values[formColumns + 3] = audit.userId;
  for (const voter of voters) {
    for (let column = 0; column < formColumns; column += 1) {
      const value = voter[FORM_COLUMNS[column] as keyof VoterInput];
      values[column] = IS_FLAG[column] ? (value ? 1 : 0) : (value ?? null);
    }
    statements.insert.run(values);
    counts.add(voter);
  }
  statements.index.run(lastId);
  const deltas = counts.tables();
  saveCounts(statements.stats, deltas.stats);
  saveCounts(statements.totals, deltas.totals);
  saveCounts(statements.taluka, deltas.taluka);
  statements.resume.run();
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

// A large import into a small table (SQLite) builds the filter indexes once at the end instead
// of updating each of them for every row: a million voters save in about half the time. The
// unique voter ID index (duplicates) and the live index (the list's order) stay. What was
// dropped is written down in the same transaction, so an import cut short (even by a crash)
// has its indexes rebuilt: at its end, or when the server next starts.
const KEPT_DURING_IMPORT = ['voters_voter_id_unique', 'voters_live_idx'];

// Each step runs in a Kysely transaction, which keeps every other query off the connection.
export async function deferVoterIndexes(db: Kysely<Database>, sqlite: SQLite.Database): Promise<void> {
  await db.transaction().execute(async () => {
    const indexes = sqlite
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'voters' AND sql IS NOT NULL AND name NOT IN (${KEPT_DURING_IMPORT.map(() => '?').join(', ')})`)
      .all(...KEPT_DURING_IMPORT) as { name: string; sql: string }[];
    const record = sqlite.prepare('INSERT INTO voter_deferred_indexes (name, definition) VALUES (?, ?)');
    for (const index of indexes) {
      record.run(index.name, index.sql);
      sqlite.exec(`DROP INDEX ${index.name}`);
    }
  });
}

// Builds what deferVoterIndexes dropped, one index a transaction, letting other requests in
// between (between() is awaited after each).
export async function rebuildDeferredIndexes(db: Kysely<Database>, sqlite: SQLite.Database, between: () => Promise<void> = async () => {}): Promise<number> {
  const deferred = sqlite.prepare('SELECT name, definition FROM voter_deferred_indexes ORDER BY name').all() as { name: string; definition: string }[];
  for (const index of deferred) {
    await db.transaction().execute(async () => {
      sqlite.exec(index.definition);
      sqlite.prepare('DELETE FROM voter_deferred_indexes WHERE name = ?').run(index.name);
    });
    await between();
  }
  return deferred.length;
}
