import type SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { VOTER_INPUT_COLUMNS, type VoterFilters, type VoterInput } from '@shared/voters/voter-schema';
import type { Dialect } from '../../db/connection';
import type { Database, NewVoterRow, VoterRow } from '../../db/schema';
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

// Inserts voters as plain multi-row INSERTs, so the row triggers see every voter as they do a
// single save (PostgreSQL's import; SQLite's takes the bulk path below).
export async function insertVoters(db: Executor, inputs: Iterable<VoterInput>, options: { userId: number; now?: Date }): Promise<void> {
  const now = (options.now ?? new Date()).toISOString();
  let chunk: NewVoterRow[] = [];
  for (const input of inputs) {
    chunk.push({ ...toColumns(input), voter_image: null, created_at: now, updated_at: now, created_by: options.userId, updated_by: options.userId });
    if (chunk.length < INSERT_CHUNK) continue;
    await db.insertInto('voters').values(chunk).execute();
    chunk = [];
  }
  if (chunk.length > 0) await db.insertInto('voters').values(chunk).execute();
}

// The SQLite bulk path (migration 007): with the voter_bulk_load flag set, the insert triggers
// stand aside; one prepared INSERT per voter, then the new ids go into the search index in one
// statement and the kept counts are added in one upsert per count row. Everything runs in the
// caller's transaction, so the voters, their index entries and their counts commit together or
// not at all.
const FORM_COLUMNS = VOTER_INPUT_COLUMNS;
const column = (name: keyof VoterInput) => FORM_COLUMNS.indexOf(name);
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
function ageGroup(age: unknown): string {
  if (typeof age !== 'number' || age < 18) return 'Unknown';
  if (age <= 25) return '18-25';
  if (age <= 35) return '26-35';
  if (age <= 45) return '36-45';
  if (age <= 55) return '46-55';
  if (age <= 65) return '56-65';
  return '66+';
}

const DIMENSIONS = ['status', 'gender', 'age_group', 'ward_area', 'caste', 'political_preference', 'caste_preference'] as const;
const [STATUS, GENDER, AGE_GROUP, WARD_AREA, CASTE, PARTY, CASTE_PREFERENCE] = DIMENSIONS.map((_, index) => index) as number[] as [number, number, number, number, number, number, number];
const AT = {
  taluka: column('taluka'),
  village: column('village'),
  booth: column('booth'),
  gender: column('gender'),
  age: column('age'),
  ward: column('ward_area'),
  caste: column('caste'),
  party: column('political_preference'),
  present: column('present_in_city'),
  dead: column('is_dead'),
};
// Two value ids in one number: far more distinct values than any batch can hold.
const PAIR = 2 ** 26;

// The counts of the voters added, by voter_stats key (dimension, taluka, village, booth, value1,
// value2); the totals and per-taluka counts are sums of those. Places and values are numbered
// as they come, so a voter costs fourteen lookups by number and seven by short text instead of
// seven long keys built and hashed.
class BulkCounts {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly places = new Map<string, number>();
  private readonly placeParts: [string, string, string][] = [];
  // (place, dimension) -> (value1, value2) -> count
  private readonly counts = new Map<number, Map<number, number>>();

  add(values: readonly unknown[]): void {
    const taluka = textOf(values[AT.taluka]);
    const village = textOf(values[AT.village]);
    const booth = textOf(values[AT.booth]);
    // NUL joins the parts: no stored text holds it (the import refuses it).
    const placeKey = `${taluka}\u0000${village}\u0000${booth}`;
    let place = this.places.get(placeKey);
    if (place === undefined) {
      place = this.placeParts.length;
      this.places.set(placeKey, place);
      this.placeParts.push([taluka, village, booth]);
    }
    const caste = this.id(textOf(values[AT.caste]));
    const party = this.id(textOf(values[AT.party]));
    const none = this.id('');
    this.bump(place, STATUS, this.id(!values[AT.dead] && values[AT.present] ? 'active' : 'inactive'), none);
    this.bump(place, GENDER, this.id(textOf(values[AT.gender])), none);
    this.bump(place, AGE_GROUP, this.id(ageGroup(values[AT.age])), none);
    this.bump(place, WARD_AREA, this.id(textOf(values[AT.ward])), none);
    this.bump(place, CASTE, caste, none);
    this.bump(place, PARTY, party, none);
    this.bump(place, CASTE_PREFERENCE, caste, party);
  }

  private id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }

  private bump(place: number, dimension: number, value1: number, value2: number): void {
    const key = place * DIMENSIONS.length + dimension;
    let byValue = this.counts.get(key);
    if (!byValue) {
      byValue = new Map();
      this.counts.set(key, byValue);
    }
    sum(byValue, value1 * PAIR + value2, 1);
  }

  // The rows to add to voter_stats, voter_stats_totals and voter_stats_taluka.
  tables() {
    const stats: [string, string, string, string, string, string, number][] = [];
    const totals = new Map<string, number>();
    const taluka = new Map<string, number>();
    for (const [key, byValue] of this.counts) {
      const dimension = DIMENSIONS[key % DIMENSIONS.length] as string;
      const [talukaName, village, booth] = this.placeParts[Math.floor(key / DIMENSIONS.length)] as [string, string, string];
      for (const [pair, count] of byValue) {
        const value1 = this.texts[Math.floor(pair / PAIR)] as string;
        const value2 = this.texts[pair % PAIR] as string;
        stats.push([dimension, talukaName, village, booth, value1, value2, count]);
        sum(totals, JSON.stringify([dimension, value1, value2]), count);
        sum(taluka, JSON.stringify([dimension, talukaName, value1, value2]), count);
      }
    }
    return { stats, totals: keyed(totals), taluka: keyed(taluka) };
  }
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function sum<K>(counts: Map<K, number>, key: K, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

const keyed = (counts: Map<string, number>) => [...counts].map(([key, count]) => [...(JSON.parse(key) as string[]), count]);

export interface BulkAudit {
  userId: number | null;
  // When the voters were saved, ISO 8601.
  now: string;
}

export interface BulkInsert {
  // One voter's form values in VOTER_INPUT_COLUMNS order; the array is taken over.
  add(values: unknown[]): void;
  // Indexes and counts what was added and ends the bulk path; the caller then commits.
  finish(): void;
}

// Starts adding live voters on SQLite's bulk path. The caller holds the transaction (a Kysely
// transaction also keeps every other query off the connection meanwhile) until finish().
export function startBulkInsert(sqlite: SQLite.Database, audit: BulkAudit): BulkInsert {
  // Outside a transaction the flag row would be committed and every later save go unindexed.
  if (!sqlite.inTransaction) throw new Error('a bulk insert must run inside a transaction');
  const statements = statementsFor(sqlite);
  // The flag goes first: it takes the write lock, so no other writer adds ids after lastId.
  statements.pause.run();
  const lastId = statements.lastId.get() as number;
  const counts = new BulkCounts();
  return {
    add(values) {
      values[AT.present] = values[AT.present] ? 1 : 0;
      values[AT.dead] = values[AT.dead] ? 1 : 0;
      values.push(audit.now, audit.now, audit.userId, audit.userId);
      statements.insert.run(values);
      counts.add(values);
    },
    finish() {
      statements.index.run(lastId);
      const deltas = counts.tables();
      for (const row of deltas.stats) statements.stats.run(row);
      for (const row of deltas.totals) statements.totals.run(row);
      for (const row of deltas.taluka) statements.taluka.run(row);
      statements.resume.run();
    },
  };
}

// Inserts live voters on SQLite's bulk path, inside the caller's transaction.
export function insertVotersInBulk(sqlite: SQLite.Database, voters: Iterable<VoterInput>, audit: BulkAudit): void {
  const bulk = startBulkInsert(sqlite, audit);
  for (const voter of voters) bulk.add(FORM_COLUMNS.map((name) => voter[name]));
  bulk.finish();
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
