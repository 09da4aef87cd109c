import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, an import of a million voters into ten million on PostgreSQL. Names are found by
// their words (migrations 020 and 039, GIN over the name terms); a search holding a digit looks
// at the mobile number and the voter ID only, and other text is read as the name in it. Nothing
// reads the names as substrings any more, so their trigram indexes (migration 003: about twenty
// entries per name, updated for every voter saved) go. PostgreSQL only: SQLite's trigram index
// (voters_fts) is one FTS5 table over every searched column, left as it is.
const NAME_COLUMNS = ['full_name', 'father_husband_name'];

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of NAME_COLUMNS) await sql`DROP INDEX IF EXISTS ${sql.id(`voters_${column}_trgm`)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of NAME_COLUMNS) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`voters_${column}_trgm`)} ON voters USING gin (${sql.ref(column)} gin_trgm_ops) WHERE deleted_at IS NULL`.execute(db);
  }
}
