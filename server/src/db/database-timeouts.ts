// The database limits a server runs with, apart from the connection code so that reading the
// configuration (the cluster primary does, and opens no database) loads no database driver.
// How long PostgreSQL work may take (issue 17), in milliseconds; the README lists each setting.
export interface DatabaseTimeouts {
  // A request's statement; the server cancels it after this.
  statementMs: number;
  // A statement of long work (bulk pool); 0 means no limit.
  bulkStatementMs: number;
  // Waiting for a connection: a free one from the pool, or a new one to open.
  connectMs: number;
  // A request's statement waiting for a lock other work holds (a long import, a migration, a
  // table lock): it gives up after this and its connection goes back to the pool, so requests
  // that need other tables are not held behind it (issue 57).
  lockMs: number;
  // A transaction left idle this long (a frozen app or network) is ended by the server, so its
  // locks do not hold other writers.
  idleInTransactionMs: number;
  // A request's database waits all together (a connection, locks, statements, SQLite's write
  // lock), counted from the request's start (decision 080; imports and heavy routes excepted).
  requestMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 3000, bulkStatementMs: 300_000, connectMs: 3000, lockMs: 1000, idleInTransactionMs: 10_000, requestMs: 3500 };
