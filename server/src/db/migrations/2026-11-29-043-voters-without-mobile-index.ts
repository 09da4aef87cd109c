import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, an import of a million voters into ten million on PostgreSQL. voters_mobile_idx
// (mobile_number, id) served one thing: the voters without a mobile number (the filter, and the
// few a "with a mobile number" total leaves out of the kept count). Its keys are the numbers, so
// every saved voter went to a random place of a 10-million-entry B-tree. The voters without a
// number, by booth, hold the same answers, and a voter saved by an import of rolls (booth by
// booth, new ids) lands at the end of its booth. PostgreSQL only: SQLite's imports build their
// filter indexes after the rows (migration 010).
const LISTED_WITHOUT_MOBILE = 'deleted_at IS NULL AND duplicate_of IS NULL AND mobile_number IS NULL';

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(`CREATE INDEX IF NOT EXISTS voters_without_mobile_idx ON voters (booth, id) WHERE ${LISTED_WITHOUT_MOBILE}`).execute(db);
  await sql`DROP INDEX IF EXISTS voters_mobile_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE INDEX IF NOT EXISTS voters_mobile_idx ON voters (mobile_number, id) WHERE deleted_at IS NULL AND duplicate_of IS NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS voters_without_mobile_idx`.execute(db);
}
