import path from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { DatabaseDialect } from './dialects/database-dialect';
import { postgresDialect } from './dialects/postgres/postgres-dialect';
import { openSqliteFile, sqliteDialect, sqliteKyselyDialect } from './dialects/sqlite/sqlite-dialect';
import type { Database } from './schema';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './database-timeouts';
import { withinDeadline } from './request-deadline';

export interface DatabaseHandle {
  // Requests: every statement bounded by the short limits (PostgreSQL).
  db: Kysely<Database>;
  // Long legitimate work (migrations and their index builds, imports, exports, retention): its
  // own connections with a longer limit, so a large import is not cut at the request limit.
  // The same database as db on SQLite.
  bulkDb: Kysely<Database>;
  // Everything that differs between the two databases, chosen here once.
  dialect: DatabaseDialect;
  close: () => Promise<void>;
}

// The client's own limit, a little after the server's: the server's cancel normally answers
// first; a frozen network never delivers it, and then this one ends the wait.
const CLIENT_GRACE_MS = 500;
const BULK_CLIENT_GRACE_MS = 5000;
const BULK_IDLE_IN_TRANSACTION_MS = 60_000;
// pg's message when its query_timeout fired.
export const QUERY_READ_TIMEOUT = 'Query read timeout';
// Probes start on a connection silent this long; a dead peer is then found without a query.
const KEEPALIVE_DELAY_MS = 10_000;

// PostgreSQL returns COUNT(*) and BIGINT as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

interface PoolOptions {
  connectionString: string;
  max: number;
  statementMs: number;
  // 0: a statement waits for a lock as long as its statement limit lets it.
  lockMs: number;
  clientMs: number | undefined;
  idleInTransactionMs: number;
  timeouts: DatabaseTimeouts;
  onIdleError?: (error: Error) => void;
}

function openPool(options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    // Fail fast when PostgreSQL is unreachable or every connection is busy (the error handler
    // answers 503), rather than leaving requests waiting on a connection that will not come.
    connectionTimeoutMillis: options.timeouts.connectMs,
    statement_timeout: options.statementMs,
    lock_timeout: options.lockMs > 0 ? options.lockMs : undefined,
    idle_in_transaction_session_timeout: options.idleInTransactionMs,
    query_timeout: options.clientMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // An idle connection dropped by the server (restart, outage) is reported here; without a
  // listener the process would crash. The pool discards it and opens a new one when needed.
  pool.on('error', (error) => {
    options.onIdleError?.(error);
  });
  pool.on('connect', (client) => {
    // A connection that drops while checked out (a query in flight) also emits 'error' on its
    // client, where the pool does not listen; unheard, it would crash the process. The query
    // itself fails (answered 503) and the pool discards the client on release.
    client.on('error', (error) => options.onIdleError?.(error));
    discardOnQueryTimeout(client);
  });
  return pool;
}

// After pg's query_timeout the query is still on the wire and the connection still looks
// healthy: the pool would hand it out again and the next query would queue behind the stuck
// one (a ROLLBACK too, doubling the wait). Ending the client closes its socket at once, its
// next query fails at once, and the pool drops it on release.
function discardOnQueryTimeout(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]): unknown => {
    const result = send(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) client.end().catch(() => {});
      });
    }
    return result;
  };
  client.query = watched as typeof client.query;
}

// The request pool as a request sees it (decision 080): the wait for a connection takes only
// what is left of the request's time (a connection that comes later goes straight back). Its
// statements keep their own limits (a lock DB_LOCK_TIMEOUT_MS, a statement DB_STATEMENT_TIMEOUT_MS):
// cutting a running statement at the request's deadline would also cut legitimate long reads
// (a large constituency's analytics), and a lock wait is already short. Outside a request, the
// pool's own limits only.
function withRequestDeadlines(pool: pg.Pool): PostgresPool {
  return {
    connect: () => withinDeadline(pool.connect(), 'a free connection', (client) => client.release()),
    end: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
  timeouts?: Partial<DatabaseTimeouts>;
  onIdleError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    const common = { connectionString: options.databaseUrl, timeouts, onIdleError: options.onIdleError };
    const pool = openPool({ ...common, max: 10, statementMs: timeouts.statementMs, lockMs: timeouts.lockMs, clientMs: timeouts.statementMs + CLIENT_GRACE_MS, idleInTransactionMs: timeouts.idleInTransactionMs });
    const bulk = timeouts.bulkStatementMs;
    // A few connections: imports and exports are few at a time, and each holds one for long.
    // An import's transaction may wait a while for its file reader between statements.
    const bulkPool = openPool({
      ...common,
      max: 3,
      statementMs: bulk,
      // Long work waits for its locks within its own statement limit.
      lockMs: 0,
      clientMs: bulk > 0 ? bulk + BULK_CLIENT_GRACE_MS : undefined,
      idleInTransactionMs: Math.max(timeouts.idleInTransactionMs, BULK_IDLE_IN_TRANSACTION_MS),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withRequestDeadlines(pool) }) });
    const bulkDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: bulkPool }) });
    return {
      db,
      bulkDb,
      dialect: postgresDialect(),
      close: async () => {
        await Promise.all([db.destroy(), bulkDb.destroy()]);
      },
    };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'voters.sqlite');
  // Two connections: transactions on the first, reads beside them on the second (decision 039).
  const sqlite = openSqliteFile(file);
  const db = new Kysely<Database>({ dialect: sqliteKyselyDialect(sqlite, openSqliteFile(file)) });
  return { db, bulkDb: db, dialect: sqliteDialect(sqlite), close: () => db.destroy() };
}
