import { sql, type Transaction } from 'kysely';
import type { DatabaseDialect, Executor } from '../../db/dialects/database-dialect';
import { addPageCoverageSql } from '../../db/page-coverage-sql';
import type { Database } from '../../db/schema';

// The kept per-page coverage counts (migration 033, docs/decisions/038-kept-page-coverage-counters.md).
// Triggers keep them for every voter write; the page size they are kept for changes only here.

// The page size page_coverage counts are kept for (null: no counters, a database restored from
// before migration 033 never is, but the reads stay correct without them).
export async function keptPageSize(db: Executor): Promise<number | null> {
  const row = await db.selectFrom('page_coverage_size').select('size').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.size) : null;
}

// Counts every page again at a new page size, in the caller's transaction (the settings change).
// The named lock waits for the voter writes in flight on PostgreSQL (their triggers hold it
// shared) and holds the later ones until commit, so none counts a voter at the old size.
export async function rebuildPageCoverage(trx: Transaction<Database>, dialect: DatabaseDialect, size: number): Promise<void> {
  await dialect.lockName(trx, 'page-coverage');
  await trx.deleteFrom('page_coverage').execute();
  await trx.insertInto('page_coverage_size').values({ id: 1, size }).onConflict((oc) => oc.column('id').doUpdateSet({ size })).execute();
  await sql.raw(addPageCoverageSql('1 = 1')).execute(trx);
}
