import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// Kysely's SQLite driver prepares every query anew: SQLite parses and plans the SQL text each
// time. A request's statements are the same texts over and over (a poll-day mark runs about ten,
// each its own text), so the prepared statements are kept by their text and reused (decision
// 040: preparing was 8% of a mark's CPU). The most recently used CACHE_SIZE are kept; a lookup
// moves a statement to the back, so texts used once (an IN list of an unusual length, a
// migration's DDL) are the first to go. SQLite re-prepares a kept statement by itself when the
// schema changed under it.
const CACHE_SIZE = 500;

export function cachingStatements(sqlite: SQLite.Database, size = CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const kept = statements.get(text);
      // A statement still being iterated (a streamed query) cannot run again until it ends:
      // that use gets a fresh one.
      if (kept && !kept.busy) {
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = sqlite.prepare(text);
      if (!kept) {
        statements.set(text, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
