import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 20, households and duplicate entries (docs/decisions/027-households-and-duplicates.md).
// - households: a booth's house number and the voters living there (voters.household_id), a
//   head, and whether the product proposed it, a worker suggested it or the office confirmed it.
// - voters.duplicate_of: a voter found to be a second roll entry of another (दुबार). Such a
//   voter is kept but leaves every list and count: "listed" now means deleted_at IS NULL AND
//   duplicate_of IS NULL. So the kept counts' triggers, the SQLite search index (live voters
//   only since migration 011) and the filter indexes' condition all change from the one to the
//   other; a query on voters states both conditions, and the partial indexes stay usable (and
//   covering) for it.
// - voter_name_keys, duplicate_pairs, duplicate_scans: the duplicate scan's normalised name
//   keys (joined to themselves), the pairs it found with their review, and the scans run.
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const COUNTS_LOCK = "PERFORM pg_advisory_xact_lock(hashtext('voter_stats'))";
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';
const TOTALS_KEY = 'dimension, value1, value2';
const TALUKA_KEY = 'dimension, taluka, value1, value2';
const COUNTED = ['gender', 'age', 'ward_area', 'caste', 'political_preference', 'taluka', 'village', 'booth', 'is_dead', 'present_in_city', 'deleted_at'];

// Migration 003's filter indexes, as they were: [name, columns].
const FILTER_INDEXES: [string, string[]][] = [
  ['voters_booth_idx', ['booth', 'id']],
  ['voters_gender_idx', ['gender', 'id']],
  ['voters_caste_idx', ['caste', 'id']],
  ['voters_village_idx', ['village', 'id']],
  ['voters_taluka_idx', ['taluka', 'id']],
  ['voters_party_idx', ['political_preference', 'id']],
  ['voters_occupation_idx', ['occupation', 'id']],
  ['voters_age_idx', ['age', 'id']],
  ['voters_mobile_idx', ['mobile_number', 'id']],
  ['voters_booth_count_idx', ['booth', 'gender', 'age', 'political_preference']],
  ['voters_caste_count_idx', ['caste', 'gender', 'political_preference', 'age']],
  ['voters_party_count_idx', ['political_preference', 'gender', 'age']],
];

// Which voters are counted, searched and listed: before this migration, and from it on.
interface Liveness {
  // The condition on a row alias.
  live: (alias: string) => string;
  // The columns whose change can move a voter in or out, or between counts.
  counted: string[];
  searched: string[];
  // The condition of the partial filter indexes.
  indexed: string;
}
const BEFORE: Liveness = { live: (v) => `${v}.deleted_at IS NULL`, counted: COUNTED, searched: [...SEARCH_COLUMNS, 'deleted_at'], indexed: 'deleted_at IS NULL' };
const LISTED: Liveness = {
  live: (v) => `${v}.deleted_at IS NULL AND ${v}.duplicate_of IS NULL`,
  indexed: 'deleted_at IS NULL AND duplicate_of IS NULL',
  counted: [...COUNTED, 'duplicate_of'],
  searched: [...SEARCH_COLUMNS, 'deleted_at', 'duplicate_of'],
};

// Migration 006's counted dimensions and count upserts, copied as they were when this was written.
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

const changed = (columns: string[]) => `(${columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')})`;

// SQLite: the count and search-index triggers (migrations 007, 009, 011) and the bulk path's
// view (007), for one meaning of "live".
async function sqliteTriggers(db: Kysely<any>, mode: Liveness): Promise<void> {
  const triggers = ['voter_stats_insert', 'voter_stats_delete', 'voter_stats_update_old', 'voter_stats_update_new', 'voters_fts_insert', 'voters_fts_delete', 'voters_fts_update'];
  for (const name of triggers) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP VIEW IF EXISTS voter_stat_rows`.execute(db);
  const body = (statements: string[]) => `BEGIN ${statements.join('; ')}; END`;
  await sql.raw(`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters WHEN ${mode.live('new')} AND ${NOT_BULK} ${body(upserts('new', '1'))}`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_stats_delete AFTER DELETE ON voters WHEN ${mode.live('old')} ${body(upserts('old', '-1'))}`).execute(db);
  const counted = mode.counted.join(', ');
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_old AFTER UPDATE OF ${counted} ON voters WHEN ${mode.live('old')} AND ${changed(mode.counted)} ${body(upserts('old', '-1'))}`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_new AFTER UPDATE OF ${counted} ON voters WHEN ${mode.live('new')} AND ${changed(mode.counted)} ${body(upserts('new', '1'))}`)
    .execute(db);

  const columns = SEARCH_COLUMNS.join(', ');
  const values = (alias: string) => SEARCH_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
  await sql
    .raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters WHEN ${mode.live('new')} AND ${NOT_BULK} BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${values('new')}); END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER voters_fts_delete AFTER DELETE ON voters WHEN ${mode.live('old')} BEGIN INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')}); END`)
    .execute(db);
  // One trigger, so the old entry always goes before the new one comes.
  await sql
    .raw(
      `CREATE TRIGGER voters_fts_update AFTER UPDATE OF ${mode.searched.join(', ')} ON voters WHEN ${changed(mode.searched)} BEGIN ` +
        `INSERT INTO voters_fts(voters_fts, rowid, ${columns}) SELECT 'delete', old.id, ${values('old')} WHERE ${mode.live('old')}; ` +
        `INSERT INTO voters_fts(rowid, ${columns}) SELECT new.id, ${values('new')} WHERE ${mode.live('new')}; END`,
    )
    .execute(db);

  const rows = DIMENSIONS('v').map(
    ([dimension, value1, value2]) =>
      `SELECT v.id AS id, '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, coalesce(v.booth, '') AS booth, ` +
      `${value1} AS value1, ${value2} AS value2 FROM voters v WHERE ${mode.live('v')}`,
  );
  await sql.raw(`CREATE VIEW voter_stat_rows AS ${rows.join(' UNION ALL ')}`).execute(db);
}

// PostgreSQL: migration 009's statement-trigger functions, for one meaning of "live".
async function postgresFunctions(db: Kysely<any>, mode: Liveness): Promise<void> {
  const dimensionRows = (rows: string, delta: number) =>
    DIMENSIONS('v')
      .map(
        ([dimension, value1, value2]) =>
          `SELECT '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, ` +
          `coalesce(v.booth, '') AS booth, ${value1} AS value1, ${value2} AS value2, ${delta} AS delta FROM ${rows} v WHERE ${mode.live('v')}`,
      )
      .join(' UNION ALL ');
  const upsert = (rows: string, table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, sum(delta) FROM (${rows}) r GROUP BY ${key} HAVING sum(delta) <> 0 ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  const apply = (rows: string) =>
    `${COUNTS_LOCK}; ${[upsert(rows, 'voter_stats', STATS_KEY), upsert(rows, 'voter_stats_totals', TOTALS_KEY), upsert(rows, 'voter_stats_taluka', TALUKA_KEY)].join('; ')};`;
  const replace = (name: string, body: string) => sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${body} RETURN NULL; END $$ LANGUAGE plpgsql`).execute(db);
  await replace('voter_stats_insert_rows', apply(dimensionRows('new_rows', 1)));
  await replace('voter_stats_delete_rows', apply(dimensionRows('old_rows', -1)));
  const tracked = (alias: string) => `ROW(${mode.counted.map((column) => `${alias}.${column}`).join(', ')})`;
  await replace(
    'voter_stats_update_rows',
    `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${tracked('o')} IS DISTINCT FROM ${tracked('n')}) THEN ` +
      `${apply(`${dimensionRows('old_rows', -1)} UNION ALL ${dimensionRows('new_rows', 1)}`)} END IF;`,
  );
}

// The filter indexes and the list's order index, for one meaning of "live".
async function filterIndexes(db: Kysely<any>, mode: Liveness): Promise<void> {
  const names = FILTER_INDEXES.map(([name]) => name);
  if (!isPostgres(db)) {
    // An import cut short may have dropped some and noted them for rebuilding (migration 010):
    // they are built here, so the note goes.
    await db.deleteFrom('voter_deferred_indexes').where('name', 'in', names).execute();
  }
  for (const [name, columns] of FILTER_INDEXES) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
    await sql.raw(`CREATE INDEX ${name} ON voters (${columns.join(', ')}) WHERE ${mode.indexed}`).execute(db);
  }
  // Listed voters newest first, and deep pages of the unfiltered list, from this index alone
  // (migration 003's, with duplicate_of between): a partial index on id alone was passed over
  // for a scan of the table (a page 500,000 rows in: 260 ms against 12 ms at a million voters).
  await sql`DROP INDEX IF EXISTS voters_live_idx`.execute(db);
  await sql.raw(`CREATE INDEX voters_live_idx ON voters (${mode === LISTED ? 'deleted_at, duplicate_of, id' : 'deleted_at, id'})`).execute(db);
}

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

// An auto-numbered integer primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite, an identity
// column on PostgreSQL.
function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys on voters' own columns: SQLite cannot drop a column that has one.
  await db.schema.alterTable('voters').addColumn('household_id', 'integer').execute();
  await db.schema.alterTable('voters').addColumn('duplicate_of', 'integer').execute();

  await withIdColumn(db, db.schema.createTable('households'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('house_no', 'text', (col) => col.notNull())
    .addColumn('head_voter_id', 'integer', (col) => col.references('voters.id').onDelete('set null'))
    // proposed (by the product), suggested (by a Karyakarta), confirmed (office or Supervisor).
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('suggested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('suggested_at', 'text')
    .addColumn('confirmed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('households_booth_idx').on('households').columns(['booth', 'house_no', 'id']).execute();
  await db.schema.createIndex('households_head_idx').on('households').column('head_voter_id').execute();
  await db.schema.createIndex('voters_household_idx').on('voters').columns(['household_id', 'id']).where(sql.ref('household_id'), 'is not', null).execute();

  // One row per listed voter with a name, a relative's name and an age: the scan's normalised
  // key, kept between scans so a rescan writes only the keys that changed.
  await db.schema
    .createTable('voter_name_keys')
    .addColumn('voter_id', 'integer', (col) => col.primaryKey().references('voters.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('age', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('voter_name_keys_key_idx').on('voter_name_keys').columns(['name_key', 'age', 'voter_id']).execute();

  await withIdColumn(db, db.schema.createTable('duplicate_pairs'))
    // voter_a < voter_b: a pair is found once, whichever way round.
    .addColumn('voter_a', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    .addColumn('voter_b', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    // open, duplicate (one marked the duplicate of the other), dismissed (not the same person).
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('duplicate_voter_id', 'integer')
    .addColumn('found_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('duplicate_pairs_voters_unique').on('duplicate_pairs').columns(['voter_a', 'voter_b']).unique().execute();
  await db.schema.createIndex('duplicate_pairs_voter_b_idx').on('duplicate_pairs').column('voter_b').execute();
  await db.schema.createIndex('duplicate_pairs_status_idx').on('duplicate_pairs').columns(['status', 'id']).execute();

  await withIdColumn(db, db.schema.createTable('duplicate_scans'))
    // running, finished, failed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('voters_keyed', 'integer')
    .addColumn('pairs_found', 'integer')
    .addColumn('error', 'text')
    .execute();

  if (isPostgres(db)) await postgresFunctions(db, LISTED);
  else await sqliteTriggers(db, LISTED);
  await filterIndexes(db, LISTED);
}

export async function down(db: Kysely<any>): Promise<void> {
  // While the new triggers still stand, voters marked as duplicates come back into the counts
  // and the search index.
  await sql`UPDATE voters SET duplicate_of = NULL WHERE duplicate_of IS NOT NULL`.execute(db);
  if (isPostgres(db)) await postgresFunctions(db, BEFORE);
  else await sqliteTriggers(db, BEFORE);
  await filterIndexes(db, BEFORE);
  await db.schema.dropTable('duplicate_scans').execute();
  await db.schema.dropTable('duplicate_pairs').execute();
  await db.schema.dropTable('voter_name_keys').execute();
  await sql`DROP INDEX IF EXISTS voters_household_idx`.execute(db);
  await db.schema.dropTable('households').execute();
  await db.schema.alterTable('voters').dropColumn('duplicate_of').execute();
  await db.schema.alterTable('voters').dropColumn('household_id').execute();
}
