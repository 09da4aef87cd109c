import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// SQLite's search indexes (FTS5: voters_fts, migration 003, and voter_names_fts, migration 020)
// gather what a transaction adds in memory and write it out as a new segment each time it passes
// 'hashsize' bytes (1 MB by default), and at the commit. An import's group of ~40,000 voters
// passed 1 MB many times over, so it wrote dozens of small segments that the index then merged
// again and again: at a million voters the two index inserts took 13 and 25 s of the import. With
// 16 MB, a group is one segment: 5 and 7.5 s (8 MB: 5 and 8.6 s; 32 MB: no better). The buffer
// is memory only while a large transaction is open; a single save adds a few terms and commits.
const INDEXES = ['voters_fts', 'voter_names_fts'];
const BYTES = 16 * 1024 * 1024;
const DEFAULT_BYTES = 1024 * 1024;

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

async function setBuffer(db: Kysely<any>, bytes: number): Promise<void> {
  for (const index of INDEXES) await sql.raw(`INSERT INTO ${index} (${index}, rank) VALUES ('hashsize', ${bytes})`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await setBuffer(db, BYTES);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await setBuffer(db, DEFAULT_BYTES);
}
