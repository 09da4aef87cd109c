import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 58, the million-voter import (decision 088). SQLite only; nothing on PostgreSQL.
// A new voter fired five AFTER INSERT triggers (kept counts, search index, name index, sync
// change number, page coverage), each asking `NOT EXISTS (SELECT 1 FROM voter_bulk_load)` in
// its WHEN clause, so that an import's bulk path (migration 007) can do their work once per
// batch instead. On the bulk path every insert still started five trigger programs only to
// find the flag set: 200,000 inserts took about twice as long as with no trigger at all. One
// trigger that asks once and then does the five pieces of work, each under its own condition,
// costs a bulk insert a quarter as much as the five did, and a single save one program start
// and one flag check instead of five. The same work in the same cases; the API tests of the
// counts, searches, sync and page coverage check it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const LISTED = 'new.deleted_at IS NULL AND new.duplicate_of IS NULL';
const AGE_GROUP =
  "CASE WHEN new.age IS NULL OR new.age < 18 THEN 'Unknown' WHEN new.age <= 25 THEN '18-25' WHEN new.age <= 35 THEN '26-35' " +
  "WHEN new.age <= 45 THEN '36-45' WHEN new.age <= 55 THEN '46-55' WHEN new.age <= 65 THEN '56-65' ELSE '66+' END";
const DIMENSIONS: [string, string, string][] = [
  ['status', "CASE WHEN new.is_dead = 0 AND new.present_in_city = 1 THEN 'active' ELSE 'inactive' END", "''"],
  ['gender', "coalesce(new.gender, '')", "''"],
  ['age_group', AGE_GROUP, "''"],
  ['ward_area', "coalesce(new.ward_area, '')", "''"],
  ['caste', "coalesce(new.caste, '')", "''"],
  ['political_preference', "coalesce(new.political_preference, '')", "''"],
  ['caste_preference', "coalesce(new.caste, '')", "coalesce(new.political_preference, '')"],
];
const COUNT_TABLES: { table: string; key: string; place: string }[] = [
  { table: 'voter_stats', key: 'dimension, taluka, village, booth, value1, value2', place: "coalesce(new.taluka, ''), coalesce(new.village, ''), coalesce(new.booth, ''), " },
  { table: 'voter_stats_totals', key: 'dimension, value1, value2', place: '' },
  { table: 'voter_stats_taluka', key: 'dimension, taluka, value1, value2', place: "coalesce(new.taluka, ''), " },
];
const countRows = (place: string) => DIMENSIONS.map(([dimension, value1, value2]) => `('${dimension}', ${place}${value1}, ${value2}, 1)`).join(', ');
const upsertCount = (table: string, key: string) => `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
const SEARCH_COLUMNS = 'full_name, father_husband_name, mobile_number, voter_id, ward_area, house_no';
const SEARCH_VALUES = 'new.id, new.full_name, new.father_husband_name, new.mobile_number, new.voter_id, new.ward_area, new.house_no';
const NAME_VALUES = 'new.id, new.full_name_terms, new.father_husband_name_terms';
const CHANGE =
  'UPDATE voter_sync_counter SET value = value + 1 WHERE id = 1; UPDATE voters SET change_seq = (SELECT value FROM voter_sync_counter WHERE id = 1) WHERE id = new.id;';
const PAGE_COVERAGE =
  'INSERT INTO page_coverage (booth, page, active, contacted, deceased, shifted) SELECT new.booth, (new.part_serial - 1) / s.size + 1, ' +
  '1 * CASE WHEN new.is_dead = 0 AND new.present_in_city = 1 THEN 1 ELSE 0 END, ' +
  '1 * CASE WHEN new.is_dead = 0 AND new.present_in_city = 1 AND new.last_contact_at IS NOT NULL THEN 1 ELSE 0 END, ' +
  '1 * CASE WHEN new.is_dead = 1 THEN 1 ELSE 0 END, 1 * CASE WHEN new.is_dead = 0 AND new.present_in_city = 0 THEN 1 ELSE 0 END ' +
  `FROM page_coverage_size s WHERE s.id = 1 AND ${LISTED} AND new.booth IS NOT NULL AND new.part_serial >= 1 ` +
  'ON CONFLICT (booth, page) DO UPDATE SET active = page_coverage.active + excluded.active, contacted = page_coverage.contacted + excluded.contacted, ' +
  'deceased = page_coverage.deceased + excluded.deceased, shifted = page_coverage.shifted + excluded.shifted;';

// The five triggers as they were (migrations 024, 026, 030 and 033), for down.
const FIVE = [
  `CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters WHEN ${LISTED} AND ${NOT_BULK} BEGIN ` +
    COUNT_TABLES.map(({ table, key, place }) => `INSERT INTO ${table} (${key}, count) VALUES ${countRows(place)} ${upsertCount(table, key)};`).join(' ') +
    ' END',
  `CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters WHEN ${LISTED} AND ${NOT_BULK} BEGIN INSERT INTO voters_fts(rowid, ${SEARCH_COLUMNS}) VALUES (${SEARCH_VALUES}); END`,
  `CREATE TRIGGER voter_names_fts_insert AFTER INSERT ON voters WHEN ${LISTED} AND new.full_name_terms IS NOT NULL AND ${NOT_BULK} BEGIN ` +
    `INSERT INTO voter_names_fts(rowid, full_name_terms, father_husband_name_terms) VALUES (${NAME_VALUES}); END`,
  `CREATE TRIGGER voter_change_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN ${CHANGE} END`,
  `CREATE TRIGGER page_coverage_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN ${PAGE_COVERAGE} END`,
];
const FIVE_NAMES = ['voter_stats_insert', 'voters_fts_insert', 'voter_names_fts_insert', 'voter_change_insert', 'page_coverage_insert'];

// The same five pieces of work in one trigger: the flag asked once, each piece under its own
// condition (an INSERT ... SELECT's WHERE where the trigger's WHEN was).
const ONE =
  `CREATE TRIGGER voter_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN ` +
  COUNT_TABLES.map(({ table, key, place }) => `INSERT INTO ${table} (${key}, count) SELECT * FROM (VALUES ${countRows(place)}) WHERE ${LISTED} ${upsertCount(table, key)};`).join(' ') +
  ` INSERT INTO voters_fts(rowid, ${SEARCH_COLUMNS}) SELECT ${SEARCH_VALUES} WHERE ${LISTED};` +
  ` INSERT INTO voter_names_fts(rowid, full_name_terms, father_husband_name_terms) SELECT ${NAME_VALUES} WHERE ${LISTED} AND new.full_name_terms IS NOT NULL;` +
  ` ${CHANGE} ${PAGE_COVERAGE} END`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const name of FIVE_NAMES) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql.raw(ONE).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw('DROP TRIGGER voter_insert').execute(db);
  for (const statement of FIVE) await sql.raw(statement).execute(db);
}
