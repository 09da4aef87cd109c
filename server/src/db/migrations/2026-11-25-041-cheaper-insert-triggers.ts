import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, a 1,000,000-row import on PostgreSQL in under two minutes (decision 049). PostgreSQL
// only; nothing on SQLite. Timed on a copy of a million-voter database, 50,000 voters inserted
// as an import does (5,000 a statement): 3.3 to 3.7 s with every trigger, 0.5 to 0.6 s with
// none. Two statement triggers were most of the difference, and both did more work than their
// result needs:
// - The name vocabulary (migration 039) looked every term of every new voter up in the
//   vocabulary, about 55,000 index probes a statement, though the statement held some 5,300
//   distinct terms (each voter's ID and a few hundred names and keys): 120 ms a statement, 40 ms
//   with the terms made distinct first.
// - The kept counts (migrations 009 and 024) built the seven dimension rows of every voter three
//   times, once for each count table, scanning the new rows 21 times; now once, grouped once, and
//   each count table is summed from that: 1.2 s per 50,000 voters, 0.75 s.
// Same counts and same vocabulary as before (the API tests of both check them on PostgreSQL).
const COUNTS_LOCK = "PERFORM pg_advisory_xact_lock(hashtext('voter_stats'))";
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';
const TOTALS_KEY = 'dimension, value1, value2';
const TALUKA_KEY = 'dimension, taluka, value1, value2';
const COUNTED = ['gender', 'age', 'ward_area', 'caste', 'political_preference', 'taluka', 'village', 'booth', 'is_dead', 'present_in_city', 'deleted_at', 'duplicate_of'];
const LISTED = (v: string) => `${v}.deleted_at IS NULL AND ${v}.duplicate_of IS NULL`;
const AGE_GROUP = (v: string) =>
  `CASE WHEN ${v}.age IS NULL OR ${v}.age < 18 THEN 'Unknown' WHEN ${v}.age <= 25 THEN '18-25' WHEN ${v}.age <= 35 THEN '26-35' ` +
  `WHEN ${v}.age <= 45 THEN '36-45' WHEN ${v}.age <= 55 THEN '46-55' WHEN ${v}.age <= 65 THEN '56-65' ELSE '66+' END`;
const DIMENSIONS = (v: string): [string, string, string][] => [
  ['status', `CASE WHEN ${v}.is_dead = 0 AND ${v}.present_in_city = 1 THEN 'active' ELSE 'inactive' END`, `''`],
  ['gender', `coalesce(${v}.gender, '')`, `''`],
  ['age_group', AGE_GROUP(v), `''`],
  ['ward_area', `coalesce(${v}.ward_area, '')`, `''`],
  ['caste', `coalesce(${v}.caste, '')`, `''`],
  ['political_preference', `coalesce(${v}.political_preference, '')`, `''`],
  ['caste_preference', `coalesce(${v}.caste, '')`, `coalesce(${v}.political_preference, '')`],
];

// rows: the changed voters with a delta column (+1 counted in, -1 counted out).
type CountsBody = (rows: string) => string;

// This migration's form: each voter's dimension rows once (a lateral VALUES), grouped at the
// finest key once, and every count table summed from that grouping in the same statement.
const onePass: CountsBody = (rows) => {
  const dimensions = DIMENSIONS('v')
    .map(([dimension, value1, value2]) => `('${dimension}', ${value1}, ${value2})`)
    .join(', ');
  const upsert = (table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(delta) FROM counted GROUP BY ${key} HAVING sum(delta) <> 0 ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  return (
    `${COUNTS_LOCK}; WITH counted AS MATERIALIZED (` +
    `SELECT d.dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, coalesce(v.booth, '') AS booth, d.value1, d.value2, sum(v.delta) AS delta ` +
    `FROM ${rows} v CROSS JOIN LATERAL (VALUES ${dimensions}) AS d(dimension, value1, value2) WHERE ${LISTED('v')} GROUP BY ${STATS_KEY}), ` +
    `stats AS (${upsert('voter_stats', STATS_KEY)}), totals AS (${upsert('voter_stats_totals', TOTALS_KEY)}) ${upsert('voter_stats_taluka', TALUKA_KEY)};`
  );
};

// Migration 024's form (listed voters), as it was: for down.
const perTable: CountsBody = (rows) => {
  const dimensionRows = DIMENSIONS('v')
    .map(
      ([dimension, value1, value2]) =>
        `SELECT '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, ` +
        `coalesce(v.booth, '') AS booth, ${value1} AS value1, ${value2} AS value2, v.delta AS delta FROM ${rows} v WHERE ${LISTED('v')}`,
    )
    .join(' UNION ALL ');
  const upsert = (table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(delta) FROM (${dimensionRows}) r GROUP BY ${key} HAVING sum(delta) <> 0 ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  return `${COUNTS_LOCK}; ${upsert('voter_stats', STATS_KEY)}; ${upsert('voter_stats_totals', TOTALS_KEY)}; ${upsert('voter_stats_taluka', TALUKA_KEY)};`;
};

async function countFunctions(db: Kysely<any>, body: CountsBody): Promise<void> {
  const replace = (name: string, statements: string) =>
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${statements} RETURN NULL; END $$ LANGUAGE plpgsql`).execute(db);
  await replace('voter_stats_insert_rows', body('(SELECT *, 1 AS delta FROM new_rows)'));
  await replace('voter_stats_delete_rows', body('(SELECT *, -1 AS delta FROM old_rows)'));
  const tracked = (alias: string) => `ROW(${COUNTED.map((column) => `${alias}.${column}`).join(', ')})`;
  await replace(
    'voter_stats_update_rows',
    `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${tracked('o')} IS DISTINCT FROM ${tracked('n')}) THEN ` +
      `${body('(SELECT *, -1 AS delta FROM old_rows UNION ALL SELECT *, 1 AS delta FROM new_rows)')} END IF;`,
  );
}

const TERMS = (alias: string) => `unnest(string_to_array(coalesce(${alias}.full_name_terms, '') || ' ' || coalesce(${alias}.father_husband_name_terms, ''), ' '))`;
const UNKNOWN = (alias: string) => `NOT EXISTS (SELECT 1 FROM voter_name_vocabulary known WHERE known.term = ${alias}.term COLLATE "C")`;
// Distinct first, then looked up: one probe per distinct term.
const NEW_TERMS_DISTINCT_FIRST =
  `INSERT INTO voter_name_vocabulary (term) SELECT added.term FROM (SELECT DISTINCT t.term FROM new_voters, ${TERMS('new_voters')} AS t(term) WHERE t.term <> '') added ` +
  `WHERE ${UNKNOWN('added')}`;
// Migration 039's, as it was: for down.
const NEW_TERMS_EACH = `INSERT INTO voter_name_vocabulary (term) SELECT DISTINCT added.term FROM new_voters, ${TERMS('new_voters')} AS added(term) WHERE added.term <> '' AND ${UNKNOWN('added')}`;

const vocabularyFunction = (statement: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION voter_name_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`);

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await countFunctions(db, onePass);
  await vocabularyFunction(NEW_TERMS_DISTINCT_FIRST).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await countFunctions(db, perTable);
  await vocabularyFunction(NEW_TERMS_EACH).execute(db);
}
