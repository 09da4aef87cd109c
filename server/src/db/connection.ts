import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseDialect } from './dialects/database-dialect';
import { postgresDialect } from './dialects/postgres/postgres-dialect';
import { openSqliteFile, sqliteDialect } from './dialects/sqlite/sqlite-dialect';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  // Everything that differs between the two databases, chosen here once.
  dialect: DatabaseDialect;
  close: () => Promise<void>;
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
    return { db, dialect: postgresDialect(), close: () => db.destroy() };
  }
  const sqlite = openSqliteFile(options.sqliteFile ?? path.join(options.dataDir, 'voters.sqlite'));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: sqliteDialect(sqlite), close: () => db.destroy() };
}
