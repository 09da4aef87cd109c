import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Analytics at a million voters cannot GROUP BY the voters table on every request, so
// counts are kept per dimension value, per location (voter_stats) and overall
// (voter_stats_totals), and triggers keep them exact under every insert, update, soft
// delete and purge; a third table per taluka answers the taluka filter alone, the one
// filter that spans a third of the constituency. Only live voters (deleted_at IS NULL) count. Keys never hold NULL
// (an empty string stands for "not given") because NULLs never conflict in a unique key.
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
const TRACKED_COLUMNS = 'gender, age, ward_area, caste, political_preference, taluka, village, booth, is_dead, present_in_city, deleted_at';

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
  await db.schema
    .createTable('voter_stats')
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('taluka', 'text', (col) => col.notNull())
    .addColumn('village', 'text', (col) => col.notNull())
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('value1', 'text', (col) => col.notNull())
    .addColumn('value2', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('voter_stats_pk', ['dimension', 'taluka', 'village', 'booth', 'value1', 'value2'])
    .execute();
  await db.schema.createIndex('voter_stats_village_idx').on('voter_stats').columns(['dimension', 'village', 'booth']).execute();
  await db.schema.createIndex('voter_stats_booth_idx').on('voter_stats').columns(['dimension', 'booth']).execute();
  await db.schema
    .createTable('voter_stats_totals')
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value1', 'text', (col) => col.notNull())
    .addColumn('value2', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('voter_stats_totals_pk', ['dimension', 'value1', 'value2'])
    .execute();
  await db.schema
    .createTable('voter_stats_taluka')
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('taluka', 'text', (col) => col.notNull())
    .addColumn('value1', 'text', (col) => col.notNull())
    .addColumn('value2', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('voter_stats_taluka_pk', ['dimension', 'taluka', 'value1', 'value2'])
    .execute();

  // Voters already present (an upgrade) are counted once, here.
  for (const [dimension, value1, value2] of DIMENSIONS('v')) {
    await sql
      .raw(
        `INSERT INTO voter_stats (${STATS_KEY}, count) SELECT '${dimension}', ${LOCATION('v')}, ${value1}, ${value2}, count(*) FROM voters v ` +
          `WHERE v.deleted_at IS NULL GROUP BY 2, 3, 4, 5, 6`,
      )
      .execute(db);
    await sql
      .raw(`INSERT INTO voter_stats_totals (${TOTALS_KEY}, count) SELECT '${dimension}', ${value1}, ${value2}, count(*) FROM voters v WHERE v.deleted_at IS NULL GROUP BY 2, 3`)
      .execute(db);
    await sql
      .raw(
        `INSERT INTO voter_stats_taluka (${TALUKA_KEY}, count) SELECT '${dimension}', coalesce(v.taluka, ''), ${value1}, ${value2}, count(*) FROM voters v ` +
          `WHERE v.deleted_at IS NULL GROUP BY 2, 3, 4`,
      )
      .execute(db);
  }

  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION voter_stats_apply(v voters, delta integer) RETURNS void AS $$ BEGIN ` +
          upserts('v', 'delta').join('; ') +
          `; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION voter_stats_sync() RETURNS trigger AS $$ BEGIN ` +
          `IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN PERFORM voter_stats_apply(OLD, -1); END IF; ` +
          `IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN PERFORM voter_stats_apply(NEW, 1); END IF; ` +
          `RETURN NULL; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER voter_stats_insert_delete AFTER INSERT OR DELETE ON voters FOR EACH ROW EXECUTE FUNCTION voter_stats_sync()`).execute(db);
    await sql.raw(`CREATE TRIGGER voter_stats_update AFTER UPDATE OF ${TRACKED_COLUMNS} ON voters FOR EACH ROW EXECUTE FUNCTION voter_stats_sync()`).execute(db);
    return;
  }

  const body = (statements: string[]) => `BEGIN ${statements.join('; ')}; END`;
  await sql.raw(`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters WHEN new.deleted_at IS NULL ${body(upserts('new', '1'))}`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_stats_delete AFTER DELETE ON voters WHEN old.deleted_at IS NULL ${body(upserts('old', '-1'))}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_old AFTER UPDATE OF ${TRACKED_COLUMNS} ON voters WHEN old.deleted_at IS NULL ${body(upserts('old', '-1'))}`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER voter_stats_update_new AFTER UPDATE OF ${TRACKED_COLUMNS} ON voters WHEN new.deleted_at IS NULL ${body(upserts('new', '1'))}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS voter_stats_insert_delete ON voters`.execute(db);
    await sql`DROP TRIGGER IF EXISTS voter_stats_update ON voters`.execute(db);
    await sql`DROP FUNCTION IF EXISTS voter_stats_sync()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS voter_stats_apply(voters, integer)`.execute(db);
  } else {
    for (const name of ['voter_stats_insert', 'voter_stats_delete', 'voter_stats_update_old', 'voter_stats_update_new']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('voter_stats_taluka').execute();
  await db.schema.dropTable('voter_stats_totals').execute();
  await db.schema.dropTable('voter_stats').execute();
}
