import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// SQLite's search index (voters_fts, migration 003) held soft-deleted voters too, so every
// search joined its matches to the voters table to leave those out: counting the voters named
// "Ganesh" in a million read 30,000 rows (47 ms) where the index alone answers in 8 ms. From
// here it holds live voters only: a soft delete takes the voter out, a purge of a deleted voter
// leaves it alone, and the update trigger moves a voter in or out as deleted_at changes.
// PostgreSQL searches with partial trigram indexes that already skip deleted voters.
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const columns = SEARCH_COLUMNS.join(', ');
const values = (alias: string) => SEARCH_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
const changed = (names: string[]) => `(${names.map((name) => `old.${name} IS NOT new.${name}`).join(' OR ')})`;

async function dropTriggers(db: Kysely<any>): Promise<void> {
  for (const name of ['voters_fts_insert', 'voters_fts_delete', 'voters_fts_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
}

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await dropTriggers(db);
  await sql.raw(`INSERT INTO voters_fts(voters_fts, rowid, ${columns}) SELECT 'delete', id, ${columns} FROM voters WHERE deleted_at IS NOT NULL`).execute(db);
  await sql
    .raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters WHEN new.deleted_at IS NULL AND ${NOT_BULK} BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER voters_fts_delete AFTER DELETE ON voters WHEN old.deleted_at IS NULL BEGIN INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); END`)
    .execute(db);
  // One trigger, so the old entry always goes before the new one comes.
  await sql
    .raw(
      `CREATE TRIGGER voters_fts_update AFTER UPDATE OF ${columns}, deleted_at ON voters WHEN ${changed([...SEARCH_COLUMNS, 'deleted_at'])} BEGIN ` +
        `INSERT INTO voters_fts(voters_fts, rowid, ${columns}) SELECT 'delete', old.id, ${values('old')} WHERE old.deleted_at IS NULL; ` +
        `INSERT INTO voters_fts(rowid, ${columns}) SELECT new.id, ${values('new')} WHERE new.deleted_at IS NULL; END`,
    )
    .execute(db);
}

// Back to migration 009's triggers, with the deleted voters indexed again.
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await dropTriggers(db);
  await sql.raw(`INSERT INTO voters_fts(rowid, ${columns}) SELECT id, ${columns} FROM voters WHERE deleted_at IS NOT NULL`).execute(db);
  await sql
    .raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER voters_fts_delete AFTER DELETE ON voters BEGIN INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER voters_fts_update AFTER UPDATE OF ${columns} ON voters WHEN ${changed(SEARCH_COLUMNS)} BEGIN ` +
        `INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); ` +
        `INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`,
    )
    .execute(db);
}
