import { type Kysely, sql } from 'kysely';
import { isPostgres } from './portable';
import { DIMENSIONS } from './2026-11-21-006-voter-stats';

// Frozen in time: this file must not import application code.
//
// PostgreSQL only. Migration 006 counted each inserted or purged voter with a row trigger,
// so an import batch of 5,000 voters updated the same count rows (the overall "active",
// "Female", ...) 5,000 times in one transaction. Every update leaves a row version the next
// one must step over, so a batch slowed quadratically (5,000 rows: 7 to 35 s). Statement
// triggers see all of a statement's rows at once (transition tables) and update each count
// row once per statement. Updates keep the row trigger: they change one voter at a time.
// SQLite has no statement triggers; its imports take the bulk path of migration 007.
//
// A statement locks its count rows in key order and an update's row trigger in the order of
// the dimensions, so concurrent saves deadlocked. Every count change now first takes one
// transaction-level advisory lock. That serializes nothing new: every save already waited
// for the overall count rows (the "active" total, say) that the save before it held.
const STATS_KEY = 'dimension, taluka, village, booth, value1, value2';
const TOTALS_KEY = 'dimension, value1, value2';
const TALUKA_KEY = 'dimension, taluka, value1, value2';
const COUNTS_LOCK = "PERFORM pg_advisory_xact_lock(hashtext('voter_stats'))";
const ROW_SYNC =
  `IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN PERFORM voter_stats_apply(OLD, -1); END IF; ` +
  `IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN PERFORM voter_stats_apply(NEW, 1); END IF; RETURN NULL;`;

// The three grouped upserts for the live voters of a transition table, applied with delta.
// Rows are written in key order, so two concurrent statements lock count rows in the same order.
function groupedUpserts(rows: string, delta: number): string[] {
  const dimensionRows = DIMENSIONS('v')
    .map(
      ([dimension, value1, value2]) =>
        `SELECT '${dimension}' AS dimension, coalesce(v.taluka, '') AS taluka, coalesce(v.village, '') AS village, ` +
        `coalesce(v.booth, '') AS booth, ${value1} AS value1, ${value2} AS value2 FROM ${rows} v WHERE v.deleted_at IS NULL`,
    )
    .join(' UNION ALL ');
  const upsert = (table: string, key: string) =>
    `INSERT INTO ${table} (${key}, count) SELECT ${key}, ${delta} * count(*) FROM (${dimensionRows}) r GROUP BY ${key} ORDER BY ${key} ` +
    `ON CONFLICT (${key}) DO UPDATE SET count = ${table}.count + excluded.count`;
  return [upsert('voter_stats', STATS_KEY), upsert('voter_stats_totals', TOTALS_KEY), upsert('voter_stats_taluka', TALUKA_KEY)];
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, rows, delta] of [
    ['voter_stats_insert_rows', 'new_rows', 1],
    ['voter_stats_delete_rows', 'old_rows', -1],
  ] as const) {
    await sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${COUNTS_LOCK}; ${groupedUpserts(rows, delta).join('; ')}; RETURN NULL; END $$ LANGUAGE plpgsql`)
      .execute(db);
  }
  await sql.raw(`CREATE OR REPLACE FUNCTION voter_stats_sync() RETURNS trigger AS $$ BEGIN ${COUNTS_LOCK}; ${ROW_SYNC} END $$ LANGUAGE plpgsql`).execute(db);
  await sql`DROP TRIGGER voter_stats_insert_delete ON voters`.execute(db);
  await sql`CREATE TRIGGER voter_stats_insert AFTER INSERT ON voters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION voter_stats_insert_rows()`.execute(db);
  await sql`CREATE TRIGGER voter_stats_delete AFTER DELETE ON voters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION voter_stats_delete_rows()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER voter_stats_insert ON voters`.execute(db);
  await sql`DROP TRIGGER voter_stats_delete ON voters`.execute(db);
  await sql`CREATE TRIGGER voter_stats_insert_delete AFTER INSERT OR DELETE ON voters FOR EACH ROW EXECUTE FUNCTION voter_stats_sync()`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION voter_stats_sync() RETURNS trigger AS $$ BEGIN ${ROW_SYNC} END $$ LANGUAGE plpgsql`).execute(db);
  await sql`DROP FUNCTION voter_stats_insert_rows()`.execute(db);
  await sql`DROP FUNCTION voter_stats_delete_rows()`.execute(db);
}
