import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 23, an import of a million voters into ten million on PostgreSQL (decision 054).
// PostgreSQL only; nothing on SQLite. The same kept counts and the same vocabulary as migrations
// 041 and 044; two statement triggers whose plans were slower than their work, read off
// auto_explain on an 11-million-voter copy, 5,000 voters a statement:
// - The kept counts: the listed-voter condition on the transition table (`deleted_at IS NULL
//   AND duplicate_of IS NULL`, which the planner guesses at 0.5% each) made it expect 7 rows for
//   35,000, so it sorted them on six text keys to group them (50 of its 80 ms). Counted inside
//   the sum instead (an unlisted voter adds 0, and a group whose sum is 0 is left out as
//   before), the planner knows the row count and hashes: 40 ms.
// - The vocabulary: each voter's terms were unnested by a function scan per voter (a small
//   tuplestore each: 52 ms for 60,000 terms) and each term stemmed by two regular expressions.
//   Now the terms are unnested in the select list, made distinct before they are stemmed (one
//   expression: the stem pattern matches only where the term has a digit after its first
//   character, so a term without one is kept whole), and each distinct stem looked up in the
//   vocabulary's index by a subquery, which, unlike NOT EXISTS, the planner cannot turn into a
//   hash join reading the whole vocabulary: 67 ms a statement, 38 ms.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

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

// rows: the changed voters with a delta column (+1 counted in, -1 counted out). `listedInSum`:
// this migration's form (the condition inside the sum); otherwise migration 041's (a WHERE).
const countsBody = (rows: string, listedInSum: boolean): string => {
  const dimensions = DIMENSIONS('v')
    .map(([dimension, value1, value2]) => `('${dimension}', ${value1}, ${value2})`)
    .join(', ');
  const upsert = (table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(delta) FROM counted GROUP BY ${key} HAVING sum(delta) <> 0 ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  const delta = listedInSum ? `sum(CASE WHEN ${LISTED('v')} THEN v.delta ELSE 0 END)` : 'sum(v.delta)';
  const where = listedInSum ? '' : ` WHERE ${LISTED('v')}`;
  return (
    `${COUNTS_LOCK}; WITH counted AS MATERIALIZED (` +
    `SELECT d.dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, coalesce(v.booth, '') AS booth, d.value1, d.value2, ${delta} AS delta ` +
    `FROM ${rows} v CROSS JOIN LATERAL (VALUES ${dimensions}) AS d(dimension, value1, value2)${where} GROUP BY ${STATS_KEY}), ` +
    `stats AS (${upsert('voter_stats', STATS_KEY)}), totals AS (${upsert('voter_stats_totals', TOTALS_KEY)}) ${upsert('voter_stats_taluka', TALUKA_KEY)};`
  );
};

async function countFunctions(db: Kysely<any>, listedInSum: boolean): Promise<void> {
  const replace = (name: string, statements: string) =>
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${statements} RETURN NULL; END $$ LANGUAGE plpgsql`).execute(db);
  await replace('voter_stats_insert_rows', countsBody('(SELECT *, 1 AS delta FROM new_rows)', listedInSum));
  await replace('voter_stats_delete_rows', countsBody('(SELECT *, -1 AS delta FROM old_rows)', listedInSum));
  const tracked = (alias: string) => `ROW(${COUNTED.map((column) => `${alias}.${column}`).join(', ')})`;
  await replace(
    'voter_stats_update_rows',
    `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${tracked('o')} IS DISTINCT FROM ${tracked('n')}) THEN ` +
      `${countsBody('(SELECT *, -1 AS delta FROM old_rows UNION ALL SELECT *, 1 AS delta FROM new_rows)', listedInSum)} END IF;`,
  );
}

const TERM_LIST = (alias: string) => `string_to_array(coalesce(${alias}.full_name_terms, '') || ' ' || coalesce(${alias}.father_husband_name_terms, ''), ' ')`;
const INSERTED = 'new_voters AS named';
const CHANGED = '(SELECT new.full_name_terms, new.father_husband_name_terms) AS named';

// This migration's form: distinct terms, then their distinct stems, each looked up by index.
const newStems = (source: string) =>
  `INSERT INTO voter_name_vocabulary (term) SELECT added.term FROM (` +
  `SELECT DISTINCT coalesce(substring(t.term from '^.[^0-9]*[0-9]'), t.term) AS term FROM (SELECT DISTINCT unnest(${TERM_LIST('named')}) AS term FROM ${source}) t WHERE t.term <> '') added ` +
  `WHERE (SELECT 1 FROM voter_name_vocabulary known WHERE known.term = added.term COLLATE "C" LIMIT 1) IS NULL`;

// Migration 044's form, as it was: for down.
const STEM = (term: string) => `CASE WHEN substr(${term}, 2) ~ '[0-9]' THEN substring(${term} from '^.[^0-9]*[0-9]') ELSE ${term} END`;
const newStems044 = (source: string) =>
  `INSERT INTO voter_name_vocabulary (term) SELECT added.term FROM (SELECT DISTINCT ${STEM('t.term')} AS term FROM ${source}, unnest(${TERM_LIST('named')}) AS t(term) WHERE t.term <> '') added ` +
  `WHERE NOT EXISTS (SELECT 1 FROM voter_name_vocabulary known WHERE known.term = added.term COLLATE "C")`;

const replaceVocabulary = (db: Kysely<any>, name: string, statement: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await countFunctions(db, true);
  await replaceVocabulary(db, 'voter_name_vocabulary_insert', newStems(INSERTED));
  await replaceVocabulary(db, 'voter_name_vocabulary_update', newStems(CHANGED));
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await countFunctions(db, false);
  await replaceVocabulary(db, 'voter_name_vocabulary_insert', newStems044(INSERTED));
  await replaceVocabulary(db, 'voter_name_vocabulary_update', newStems044(CHANGED));
}
