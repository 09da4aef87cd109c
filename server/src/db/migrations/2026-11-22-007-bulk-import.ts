import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Imports insert thousands of voters a batch. On SQLite the per-row triggers that keep the
// search index and the kept counts (two-thirds of an import's time) can stand aside for a
// batch: while voter_bulk_load holds a row, the insert triggers do nothing, and the batch
// brings the index and counts up to date itself, in the same transaction, from
// voter_stat_rows. The flag row is written and removed inside that one transaction, so no
// other connection ever sees it. PostgreSQL keeps its triggers for every insert.
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';

// Migration 006's counted dimensions and count upserts, copied as they were when this was written.
const AGE_GROUP = (v: string) =>
  `CASE WHEN ${v}.age IS NULL OR ${v}.age < 18 THEN 'Unknown' WHEN ${v}.age <= 25 THEN '18-25' WHEN ${v}.age <= 35 THEN '26-35' ` +
  `WHEN ${v}.age <= 45 THEN '36-45' WHEN ${v}.age <= 55 THEN '46-55' WHEN ${v}.age <= 65 THEN '56-65' ELSE '66+' END`;

// [dimension, value1, value2] for a row alias (NEW, OLD, or a table alias).
const DIMENSIONS = (v: string): [string, string, string][] => [
  ['status', `CASE WHEN ${v}.is_dead = 0 AND ${v}.present_in_city = 1 THEN 'active' ELSE 'inactive' END`, `''`],
  ['gender', `coalesce(${v}.gender, '')`, `''`],
  ['age_group', AGE_GROUP(v), `''`],
  ['ward_area', `coalesce(${v}.ward_area, '')`, `''`],
  ['caste', `coalesce(${v}.caste, '')`, `''`],
  ['political_preference', `coalesce(${v}.political_preference, '')`, `''`],
  ['caste_preference', `coalesce(${v}.caste, '')`, `coalesce(${v}.political_preference, '')`],
];
const LOCATION = (v: string) => `coalesce(${v}.taluka, ''), coalesce(${v}.village, ''), coalesce(${v}.booth, '')`;
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';
const TOTALS_KEY = 'dimension, value1, value2';
const TALUKA_KEY = 'dimension, taluka, value1, value2';

function upserts(v: string, delta: string): string[] {
  const statsValues = DIMENSIONS(v)
    .map(([dimension, value1, value2]) => `('${dimension}', ${LOCATION(v)}, ${value1}, ${value2}, ${delta})`)
    .join(', ');
  const totalsValues = DIMENSIONS(v)
    .map(([dimension, value1, value2]) => `('${dimension}', ${value1}, ${value2}, ${delta})`)
    .join(', ');
  const talukaValues = DIMENSIONS(v)
    .map(([dimension, value1, value2]) => `('${dimension}', coalesce(${v}.taluka, ''), ${value1}, ${value2}, ${delta})`)
    .join(', ');
  return [
    `INSERT INTO voter_stats (${STATS_KEY}, count) VALUES ${statsValues} ON CONFLICT (${STATS_KEY}) DO UPDATE SET count = voter_stats.count + excluded.count`,
    `INSERT INTO voter_stats_totals (${TOTALS_KEY}, count) VALUES ${totalsValues} ON CONFLICT (${TOTALS_KEY}) DO UPDATE SET count = voter_stats_totals.count + excluded.count`,
    `INSERT INTO voter_stats_taluka (${TALUKA_KEY}, count) VALUES ${talukaValues} ON CONFLICT (${TALUKA_KEY}) DO UPDATE SET count = voter_stats_taluka.count + excluded.count`,
  ];
}

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

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
