import { type Kysely, sql } from 'kysely';
import { isPostgres } from './portable';
import { DIMENSIONS, upserts } from './2026-11-21-006-voter-stats';

// Frozen in time: this file must not import application code.
//
// Imports insert thousands of voters a batch. On SQLite the per-row triggers that keep the
// search index and the kept counts (two-thirds of an import's time) can stand aside for a
// batch: while voter_bulk_load holds a row, the insert triggers do nothing, and the batch
// brings the index and counts up to date itself, in the same transaction, from
// voter_stat_rows. The flag row is written and removed inside that one transaction, so no
// other connection ever sees it. PostgreSQL keeps its triggers for every insert.
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.createTable('voter_bulk_load').addColumn('active', 'integer', (col) => col.notNull()).execute();

  // Each live voter as one row per counted dimension: a batch groups its own ids from here.
  const rows = DIMENSIONS('v').map(
    ([dimension, value1, value2]) =>
      `SELECT v.id AS id, '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, coalesce(v.booth, '') AS booth, ` +
      `${value1} AS value1, ${value2} AS value2 FROM voters v WHERE v.deleted_at IS NULL`,
  );
  await sql.raw(`CREATE VIEW voter_stat_rows AS ${rows.join(' UNION ALL ')}`).execute(db);

  const columns = SEARCH_COLUMNS.join(', ');
  const newValues = SEARCH_COLUMNS.map((column) => `new.${column}`).join(', ');
  await sql`DROP TRIGGER voters_fts_insert`.execute(db);
  await sql.raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${newValues}); END`).execute(db);
  await sql`DROP TRIGGER voter_stats_insert`.execute(db);
  await sql.raw(`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters WHEN new.deleted_at IS NULL AND ${NOT_BULK} BEGIN ${upserts('new', '1').join('; ')}; END`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  const columns = SEARCH_COLUMNS.join(', ');
  const newValues = SEARCH_COLUMNS.map((column) => `new.${column}`).join(', ');
  await sql`DROP TRIGGER voters_fts_insert`.execute(db);
  await sql.raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${newValues}); END`).execute(db);
  await sql`DROP TRIGGER voter_stats_insert`.execute(db);
  await sql.raw(`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters WHEN new.deleted_at IS NULL BEGIN ${upserts('new', '1').join('; ')}; END`).execute(db);
  await sql`DROP VIEW voter_stat_rows`.execute(db);
  await db.schema.dropTable('voter_bulk_load').execute();
}
