import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Kept per-page coverage counters (issue 20, docs/decisions/038-kept-page-coverage-counters.md).
// Coverage by worker over every booth read each assigned voter's index entry (about 600,000 at
// 1,000,000 voters: 1.3-2.5 s); with one row per roll page it reads one row per assigned page.
// - page_coverage (booth, page): the page's listed voters (not deleted, not a marked duplicate)
//   with a part serial, as active, contacted (active with last_contact_at), deceased (is_dead)
//   and shifted (alive, present_in_city = 0) counts: decision 029's definition.
// - page_coverage_size: the page size (the page_size setting) the counters are kept for; a new
//   page size rebuilds them in the settings' transaction, and a read finding another size
//   counts from the voters as before, so an answer is never of the wrong pages.
// - Triggers keep the counters, so no write path can forget them: SQLite row triggers (the bulk
//   insert path, migration 007's voter_bulk_load, adds its new rows in one statement at the
//   end), PostgreSQL statement triggers over the transition tables (one upsert per page a
//   statement changes, in key order; an import batch of 5,000 changes each page row once).
// - The counters of the voters already there are counted once here.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';
const DEFAULT_PAGE_SIZE = 30;
// PostgreSQL: writers take the named lock 'page-coverage' (the app's lockName: key space 17002)
// shared, so they never wait for each other; a rebuild for a new page size takes it alone, so
// it waits for the writers in flight and the ones after it count at the new size.
const SHARED_LOCK = "PERFORM pg_advisory_xact_lock_shared(17002, hashtext('page-coverage'))";
// The columns a page's counts depend on.
const TRACKED = ['booth', 'part_serial', 'deleted_at', 'duplicate_of', 'is_dead', 'present_in_city', 'last_contact_at'];
const COUNTED = (v: string) => `${v}.deleted_at IS NULL AND ${v}.duplicate_of IS NULL AND ${v}.booth IS NOT NULL AND ${v}.part_serial >= 1`;
const PAGE = (v: string) => `(${v}.part_serial - 1) / s.size + 1`;
// [column, the voter's 0 or 1 in it]
const COUNTS = (v: string): [string, string][] => [
  ['active', `CASE WHEN ${v}.is_dead = 0 AND ${v}.present_in_city = 1 THEN 1 ELSE 0 END`],
  ['contacted', `CASE WHEN ${v}.is_dead = 0 AND ${v}.present_in_city = 1 AND ${v}.last_contact_at IS NOT NULL THEN 1 ELSE 0 END`],
  ['deceased', `CASE WHEN ${v}.is_dead = 1 THEN 1 ELSE 0 END`],
  ['shifted', `CASE WHEN ${v}.is_dead = 0 AND ${v}.present_in_city = 0 THEN 1 ELSE 0 END`],
];
const COLUMNS = COUNTS('v').map(([column]) => column);
const ADD = `ON CONFLICT (booth, page) DO UPDATE SET ${COLUMNS.map((column) => `${column} = page_coverage.${column} + excluded.${column}`).join(', ')}`;

// One row's counts added (delta 1) or taken away (-1), in a SQLite trigger.
const rowUpsert = (v: string, delta: number) =>
  `INSERT INTO page_coverage (booth, page, ${COLUMNS.join(', ')}) ` +
  `SELECT ${v}.booth, ${PAGE(v)}, ${COUNTS(v)
    .map(([, value]) => `${delta} * ${value}`)
    .join(', ')} FROM page_coverage_size s WHERE s.id = 1 AND ${COUNTED(v)} ${ADD}`;

// The counted rows of a transition table (or the voters) as (booth, page, counts with a sign).
const countedRows = (rows: string, delta: number) =>
  `SELECT v.booth AS booth, ${PAGE('v')} AS page, ${COUNTS('v')
    .map(([column, value]) => `${delta} * ${value} AS ${column}`)
    .join(', ')} FROM ${rows} v CROSS JOIN page_coverage_size s WHERE s.id = 1 AND ${COUNTED('v')}`;

// The grouped upsert of signed rows, skipping pages whose counts net to nothing, in key order
// (WHERE true: SQLite reads an upsert's SELECT without a WHERE as a join's ON).
const groupedUpsert = (rows: string) =>
  `INSERT INTO page_coverage (booth, page, ${COLUMNS.join(', ')}) ` +
  `SELECT booth, page, ${COLUMNS.map((column) => `sum(${column})`).join(', ')} FROM (${rows}) r WHERE true GROUP BY booth, page ` +
  `HAVING ${COLUMNS.map((column) => `sum(${column}) <> 0`).join(' OR ')} ORDER BY booth, page ${ADD}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_coverage')
    .addColumn('booth', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contacted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deceased', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shifted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_coverage_pk', ['booth', 'page'])
    .execute();
  await db.schema.createTable('page_coverage_size').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('size', 'integer', (c) => c.notNull()).execute();

  // The page size in force (Settings › Field Work), else the settings' default.
  const stored = await db.selectFrom('settings').select('value').where('key', '=', 'page_size').executeTakeFirst();
  const size = stored && /^\d+$/.test(String(stored.value)) && Number(stored.value) > 0 ? Number(stored.value) : DEFAULT_PAGE_SIZE;
  await db.insertInto('page_coverage_size').values({ id: 1, size }).execute();
  await sql.raw(groupedUpsert(countedRows('voters', 1))).execute(db);

  if (isPostgres(db)) {
    const fn = (name: string, body: string) => sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db);
    const changed = TRACKED.map((column) => `o.${column} IS DISTINCT FROM n.${column}`).join(' OR ');
    await fn('page_coverage_insert_rows', `${SHARED_LOCK}; ${groupedUpsert(countedRows('new_rows', 1))};`);
    await fn('page_coverage_delete_rows', `${SHARED_LOCK}; ${groupedUpsert(countedRows('old_rows', -1))};`);
    // Only the rows whose counted columns changed (a contact, a move, a flag), old taken away and
    // new added; an update of other fields writes nothing.
    await fn(
      'page_coverage_update_rows',
      `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${changed}) THEN ${SHARED_LOCK}; ` +
        `${groupedUpsert(
          `${countedRows(`(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${changed})`, -1)} UNION ALL ` +
            `${countedRows(`(SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${changed})`, 1)}`,
        )}; END IF;`,
    );
    await sql.raw('CREATE TRIGGER page_coverage_insert AFTER INSERT ON voters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_coverage_insert_rows()').execute(db);
    await sql.raw('CREATE TRIGGER page_coverage_delete AFTER DELETE ON voters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_coverage_delete_rows()').execute(db);
    await sql
      .raw('CREATE TRIGGER page_coverage_update AFTER UPDATE ON voters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_coverage_update_rows()')
      .execute(db);
    return;
  }
  const changed = TRACKED.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER page_coverage_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN ${rowUpsert('new', 1)}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER page_coverage_delete AFTER DELETE ON voters BEGIN ${rowUpsert('old', -1)}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER page_coverage_update AFTER UPDATE OF ${TRACKED.join(', ')} ON voters WHEN ${changed} BEGIN ${rowUpsert('old', -1)}; ${rowUpsert('new', 1)}; END`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['page_coverage_insert', 'page_coverage_delete', 'page_coverage_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON voters`).execute(db);
    for (const name of ['page_coverage_insert_rows', 'page_coverage_delete_rows', 'page_coverage_update_rows']) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  } else {
    for (const name of ['page_coverage_insert', 'page_coverage_delete', 'page_coverage_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  await db.schema.dropTable('page_coverage_size').execute();
  await db.schema.dropTable('page_coverage').execute();
}
