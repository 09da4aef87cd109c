import { type Kysely, sql } from 'kysely';
import type { Dialect } from './connection';
import type { Database } from './schema';

// The query planners choose indexes from table statistics, which a table that grew quickly
// (an import into a new database) does not have yet. Without them SQLite reads every live
// voter to look up a list of voter IDs, and PostgreSQL looks them up in the trigram index
// one trigram at a time: both made an import slow down quadratically (a million rows:
// minutes). SQLite's optimize re-analyzes only what changed a lot, with a bounded amount of
// work; PostgreSQL's ANALYZE reads a fixed-size sample.
export async function refreshPlannerStatistics(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`PRAGMA optimize = 0x10002`.execute(db);
  else await sql`ANALYZE voters`.execute(db);
}
