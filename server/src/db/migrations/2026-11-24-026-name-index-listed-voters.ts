import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issues 18 and 20 met: the name index of migration 020 (SQLite's voter_names_fts) held every
// live voter, and migration 024 took voters marked as a duplicate roll entry (duplicate_of) out
// of every list and count. A name search the index answers alone must not find them either, so
// the index holds listed voters only: not deleted and not a marked duplicate. PostgreSQL's name
// search always joins the voters table with that condition, so it needs nothing here.
const COLUMNS = ['full_name_terms', 'father_husband_name_terms'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const columns = COLUMNS.join(', ');
const values = (alias: string) => COLUMNS.map((column) => `${alias}.${column}`).join(', ');
const TRIGGERS = ['voter_names_fts_insert', 'voter_names_fts_delete', 'voter_names_fts_update'];

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

async function indexTriggers(db: Kysely<any>, indexed: (alias: string) => string, watched: string[]): Promise<void> {
  const changed = COLUMNS.concat(watched).map((name) => `old.${name} IS NOT new.${name}`).join(' OR ');
  for (const name of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_names_fts_insert AFTER INSERT ON voters WHEN ${indexed('new')} AND ${NOT_BULK} BEGIN INSERT INTO voter_names_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_names_fts_delete AFTER DELETE ON voters WHEN ${indexed('old')} BEGIN INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER voter_names_fts_update AFTER UPDATE OF ${COLUMNS.concat(watched).join(', ')} ON voters WHEN old.full_name_terms IS NOT NULL AND (${changed}) BEGIN ` +
        `INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) SELECT 'delete', old.id, ${values('old')} WHERE ${indexed('old')}; ` +
        `INSERT INTO voter_names_fts(rowid, ${columns}) SELECT new.id, ${values('new')} WHERE ${indexed('new')}; END`,
    )
    .execute(db);
}

const listed = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.duplicate_of IS NULL AND ${alias}.full_name_terms IS NOT NULL`;
const live = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.full_name_terms IS NOT NULL`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // The voters marked so far leave the index (an external-content index deletes by the old values).
  await sql
    .raw(`INSERT INTO voter_names_fts(voter_names_fts, rowid, ${columns}) SELECT 'delete', id, ${columns} FROM voters WHERE deleted_at IS NULL AND duplicate_of IS NOT NULL AND full_name_terms IS NOT NULL`)
    .execute(db);
  await indexTriggers(db, listed, ['deleted_at', 'duplicate_of']);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`INSERT INTO voter_names_fts(rowid, ${columns}) SELECT id, ${columns} FROM voters WHERE deleted_at IS NULL AND duplicate_of IS NOT NULL AND full_name_terms IS NOT NULL`).execute(db);
  await indexTriggers(db, live, ['deleted_at']);
}
