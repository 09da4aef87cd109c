import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Imports write thousands of voters in one transaction; the kept counts (migration 006) must
// not make that slow.
// - PostgreSQL counted each inserted, updated or purged voter with a row trigger, so a batch
//   of 5,000 updated the same count rows (the overall "active", "Female", ...) 5,000 times in
//   one transaction. Every update leaves a row version the next one steps over: batches slowed
//   quadratically (5,000 new voters: 7 to 35 s; 30,000 re-imported voters: 218 s). Statement
//   triggers see a statement's rows at once (transition tables) and change each count row once.
//   An update nets its old and new rows, so re-saving a voter whose counted fields did not change
//   writes no count at all.
// - A statement locks its count rows in key order, a concurrent one in another order: they
//   deadlocked. Every count change first takes one transaction-level advisory lock. That
//   serializes nothing new: every save already waited for the overall count rows.
// - SQLite (no statement triggers; its inserts take the bulk path of migration 007): its update
//   triggers now skip updates that leave the counted fields, or the searched text, as they were.
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';
const TOTALS_KEY = 'dimension, value1, value2';
const TALUKA_KEY = 'dimension, taluka, value1, value2';
const TRACKED = ['gender', 'age', 'ward_area', 'caste', 'political_preference', 'taluka', 'village', 'booth', 'is_dead', 'present_in_city', 'deleted_at'];
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];
const COUNTS_LOCK = "PERFORM pg_advisory_xact_lock(hashtext('voter_stats'))";
const changed = (columns: string[]) => `(${columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')})`;

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

// Each live voter of a transition table as one row per counted dimension, with its delta.
function dimensionRows(rows: string, delta: number): string {
  return DIMENSIONS('v')
    .map(
      ([dimension, value1, value2]) =>
        `SELECT '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, ` +
        `coalesce(v.booth, '') AS booth, ${value1} AS value1, ${value2} AS value2, ${delta} AS delta FROM ${rows} v WHERE v.deleted_at IS NULL`,
    )
    .join(' UNION ALL ');
}

// The three grouped upserts, in key order (so locks are taken in one order), skipping nets of 0.
function groupedUpserts(rows: string): string[] {
  const upsert = (table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(delta) FROM (${rows}) r GROUP BY ${key} HAVING sum(delta) <> 0 ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  return [upsert('voter_stats', STATS_KEY), upsert('voter_stats_totals', TOTALS_KEY), upsert('voter_stats_taluka', TALUKA_KEY)];
}

const statementFunction = (name: string, body: string) =>
  sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${body} RETURN NULL; END $$ LANGUAGE plpgsql`);

async function upPostgres(db: Kysely<any>): Promise<void> {
  const apply = (rows: string) => `${COUNTS_LOCK}; ${groupedUpserts(rows).join('; ')};`;
  await statementFunction('voter_stats_insert_rows', apply(dimensionRows('new_rows', 1))).execute(db);
  await statementFunction('voter_stats_delete_rows', apply(dimensionRows('old_rows', -1))).execute(db);
  const tracked = (alias: string) => `ROW(${TRACKED.map((column) => `${alias}.${column}`).join(', ')})`;
  await statementFunction(
    'voter_stats_update_rows',
    `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${tracked('o')} IS DISTINCT FROM ${tracked('n')}) THEN ` +
      `${apply(`${dimensionRows('old_rows', -1)} UNION ALL ${dimensionRows('new_rows', 1)}`)} END IF;`,
  ).execute(db);
  await sql`DROP TRIGGER voter_stats_insert_delete ON voters`.execute(db);
  await sql`DROP TRIGGER voter_stats_update ON voters`.execute(db);
  await sql`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voter_stats_insert_rows()`.execute(db);
  await sql`CREATE TRIGGER voter_stats_delete AFTER DELETE ON voters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION voter_stats_delete_rows()`.execute(db);
  // Transition tables allow no column list: the function itself looks for a counted change.
  await sql`CREATE TRIGGER voter_stats_update AFTER UPDATE ON voters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voter_stats_update_rows()`.execute(db);
}

// SQLite's update triggers for the counts and the search index; with onlyWhenChanged they
// stand aside when the counted fields, or the searched text, are as they were.
async function sqliteUpdateTriggers(db: Kysely<any>, onlyWhenChanged: boolean): Promise<void> {
  const body = (statements: string[]) => `BEGIN ${statements.join('; ')}; END`;
  const tracked = TRACKED.join(', ');
  const search = SEARCH_COLUMNS.join(', ');
  const countsChanged = onlyWhenChanged ? ` AND ${changed(TRACKED)}` : '';
  const searchChanged = onlyWhenChanged ? ` WHEN ${changed(SEARCH_COLUMNS)}` : '';
  for (const name of ['voter_stats_update_old', 'voter_stats_update_new', 'voters_fts_update']) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_old AFTER UPDATE OF ${tracked} ON voters WHEN old.deleted_at IS NULL${countsChanged} ${body(upserts('old', '-1'))}`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_new AFTER UPDATE OF ${tracked} ON voters WHEN new.deleted_at IS NULL${countsChanged} ${body(upserts('new', '1'))}`)
    .execute(db);
  const values = (alias: string) => SEARCH_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
  await sql
    .raw(
      `CREATE TRIGGER voters_fts_update AFTER UPDATE OF ${search} ON voters${searchChanged} BEGIN ` +
        `INSERT INTO voters_fts(voters_fts, rowid, ${search}) VALUES ('delete', old.id, ${values('old')}); ` +
        `INSERT INTO voters_fts(rowid, ${search}) VALUES (new.id, ${values('new')}); END`,
    )
    .execute(db);
}

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await sqliteUpdateTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['voter_stats_insert', 'voter_stats_delete', 'voter_stats_update']) await sql.raw(`DROP TRIGGER ${name} ON voters`).execute(db);
    await sql`CREATE TRIGGER voter_stats_insert_delete AFTER INSERT OR DELETE ON voters FOR EACH ROW EXECUTE FUNCTION voter_stats_sync()`.execute(db);
    await sql.raw(`CREATE TRIGGER voter_stats_update AFTER UPDATE OF ${TRACKED.join(', ')} ON voters FOR EACH ROW EXECUTE FUNCTION voter_stats_sync()`).execute(db);
    for (const name of ['voter_stats_insert_rows', 'voter_stats_delete_rows', 'voter_stats_update_rows']) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    return;
  }
  await sqliteUpdateTriggers(db, false);
}
