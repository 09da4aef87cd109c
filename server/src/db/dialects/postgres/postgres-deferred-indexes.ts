import { type Kysely, sql } from 'kysely';
import type { Database } from '../../schema';

// Issue 23: a large import into a small table on PostgreSQL builds the voters' filter and search
// indexes once at its end, as SQLite does (deferred-indexes.ts there): updating 30-odd indexes,
// eight of them GIN, for every row was most of an import's time. The primary key, the unique
// voter ID index (duplicates) and the live index (the list's order) stay. Each dropped index's
// definition (PostgreSQL's own, pg_get_indexdef) is written in the same transaction as the drop,
// so an import cut short (even by a crash) has its indexes rebuilt: at its end, or when the
// server next starts (migration 036 gives PostgreSQL the table).
const KEPT_DURING_IMPORT = ['voters_pkey', 'voters_voter_id_unique', 'voters_live_idx'];
// An index build's sort memory, for its own transaction only.
const BUILD_MEMORY = '256MB';

export async function deferPostgresVoterIndexes(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string; definition: string }>`
      SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'voters'::regclass AND c.relname NOT IN (${sql.join(KEPT_DURING_IMPORT)})
      ORDER BY c.relname`.execute(trx);
    for (const index of rows) {
      await sql`INSERT INTO voter_deferred_indexes (name, definition) VALUES (${index.name}, ${index.definition}) ON CONFLICT (name) DO NOTHING`.execute(trx);
      await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    }
  });
}

// Two builds at a time. PostgreSQL 15 builds a GIN index in one process, and the name terms'
// GIN index alone took 7 of the 33 s a million voters' indexes took one after another; two at
// a time they took 22 to 23 s on 2 cores, three at a time no less (decision 049).
const BUILDS_AT_ONCE = 2;
// The GIN indexes are the longest builds: started first, the short ones fill in beside them.
const longestFirst = (a: { definition: string }, b: { definition: string }) => Number(/ USING gin /i.test(b.definition)) - Number(/ USING gin /i.test(a.definition));

// Builds what deferPostgresVoterIndexes dropped, each index in its own transaction without a
// time limit (a GIN index of millions of voters takes minutes), calling between() after each.
export async function rebuildPostgresVoterIndexes(db: Kysely<Database>, between: () => Promise<void> = async () => {}): Promise<number> {
  // Before migration 036 (a test's own migration list) there is nothing to rebuild.
  const { rows: table } = await sql<{ found: string | null }>`SELECT to_regclass('voter_deferred_indexes')::text AS found`.execute(db);
  if (!table[0]?.found) return 0;
  const { rows } = await sql<{ name: string; definition: string }>`SELECT name, definition FROM voter_deferred_indexes ORDER BY name`.execute(db);
  const waiting = [...rows].sort(longestFirst);
  const build = async (index: { name: string; definition: string }) => {
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      await sql`SELECT set_config('maintenance_work_mem', ${BUILD_MEMORY}, true)`.execute(trx);
      await sql.raw(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(trx);
      await sql`DELETE FROM voter_deferred_indexes WHERE name = ${index.name}`.execute(trx);
    });
    await between();
  };
  // A failed build stops the others taking more; what is left stays listed for the next start.
  let failed = false;
  const builder = async () => {
    for (let index = waiting.shift(); index && !failed; index = waiting.shift()) {
      try {
        await build(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(BUILDS_AT_ONCE, waiting.length) }, builder));
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  return rows.length;
}
