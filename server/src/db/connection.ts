import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
  // The raw embedded database, for online backups (SQLite only).
  sqlite?: SQLite.Database;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: { databaseUrl?: string; dataDir: string; sqliteFile?: string; onIdleError?: (error: Error) => void }): DatabaseHandle {
  if (options.databaseUrl) {
    // Fail fast when PostgreSQL is unreachable (the error handler answers 503), rather than
    // leaving requests waiting on a connection that will not come.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 3000 });
    // An idle connection dropped by the server (restart, outage) is reported here; without a
    // listener the process would crash. The pool discards it and opens a new one when needed.
    pool.on('error', (error) => {
      options.onIdleError?.(error);
    });
    // A connection that drops while checked out (a query in flight) also emits 'error' on its
    // client, where the pool does not listen; unheard, it would crash the process. The query
    // itself fails (answered 503) and the pool discards the client on release.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'voters.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer commits; busy_timeout makes a writer wait
  // for the lock instead of surfacing SQLITE_BUSY to a user.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  // A checkpoint that empties the WAL also shrinks its file back to 64 MB (see importCheckpoints).
  sqlite.pragma('journal_size_limit = 67108864');
  // 64 MB of page cache (SQLite's default is 16 MB): at a million voters the indexes an insert
  // touches no longer fit the default, and every miss is a system call.
  sqlite.pragma('cache_size = -65536');
  // Sorts and scratch tables in memory: as files they cost an import ~20 GB of writes per 300,000 rows.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), sqlite };
}

// Checkpoint the WAL every ~40 MB rather than SQLite's 4 MB: each checkpoint syncs the disk,
// and a large import would otherwise spend most of its time there.
const CHECKPOINT_PAGES = 10_000;
// While an import runs, every ~400 MB: a checkpoint copies each page changed since the last one
// once, and an import changes the same index and search-index pages batch after batch
// (measured at a million voters: 3 to 5 s of ~45 s saved). A process crash loses no committed
// batch either way; a power cut could lose more of the import's last batches (never half of
// one, never the file's consistency). The usual interval returns when the last import ends.
const IMPORT_CHECKPOINT_PAGES = 100_000;

export function importCheckpoints(sqlite: SQLite.Database, importing: boolean): void {
  sqlite.pragma(`wal_autocheckpoint = ${importing ? IMPORT_CHECKPOINT_PAGES : CHECKPOINT_PAGES}`);
}
