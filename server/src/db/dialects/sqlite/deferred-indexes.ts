import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';

// A large import into a small table builds the voters' filter indexes once at the end instead
// of updating each of them for every row: a million voters save in about half the time. The
// unique voter ID index (duplicates) and the live index (the list's order) stay. What was
// dropped is written down in the same transaction, so an import cut short (even by a crash)
// has its indexes rebuilt: at its end, or when the server next starts.
// Also kept: the partial indexes an imported row almost never enters (a new voter has name
// terms, no household, no contact, is not deleted, seldom dead or missing). Each costs an insert
// one condition, where its rebuild would read the whole table for a few entries (0.2 s each at
// a million voters).
export const KEPT_DURING_IMPORT = [
  'voters_voter_id_unique',
  'voters_live_idx',
  'voters_name_terms_missing',
  'voters_household_idx',
  'voters_contacted_idx',
  'voters_deleted_voter_id_idx',
  'voters_dead_idx',
  'voters_missing_idx',
];

// Each step runs in a Kysely transaction, which keeps every other query off the connection.
export async function deferVoterIndexes(db: Kysely<Database>, sqlite: SQLite.Database): Promise<void> {
  await db.transaction().execute(async () => {
    const indexes = sqlite
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'voters' AND sql IS NOT NULL AND name NOT IN (${KEPT_DURING_IMPORT.map(() => '?').join(', ')})`)
      .all(...KEPT_DURING_IMPORT) as { name: string; sql: string }[];
    const record = sqlite.prepare('INSERT INTO voter_deferred_indexes (name, definition) VALUES (?, ?)');
    for (const index of indexes) {
      record.run(index.name, index.sql);
      sqlite.exec(`DROP INDEX ${index.name}`);
    }
  });
}

// Builds what deferVoterIndexes dropped, one index a transaction, letting other requests in
// between (between() is awaited after each).
export async function rebuildDeferredIndexes(db: Kysely<Database>, sqlite: SQLite.Database, between: () => Promise<void> = async () => {}): Promise<number> {
  const deferred = sqlite.prepare('SELECT name, definition FROM voter_deferred_indexes ORDER BY name').all() as { name: string; definition: string }[];
  for (const index of deferred) {
    await db.transaction().execute(async () => {
      // Another server process's import may have rebuilt it meanwhile (decision 039); the
      // transaction holds the write lock, so the check and the build cannot be split.
      if (!sqlite.prepare('SELECT 1 FROM voter_deferred_indexes WHERE name = ?').get(index.name)) return;
      sqlite.exec(index.definition);
      sqlite.prepare('DELETE FROM voter_deferred_indexes WHERE name = ?').run(index.name);
    });
    await between();
  }
  return deferred.length;
}
