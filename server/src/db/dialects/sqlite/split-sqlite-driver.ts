import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDriver, type TransactionSettings } from 'kysely';
import { cachingStatements } from './statement-cache';
import { remainingMs, RequestDeadlineError, withinDeadline } from '../../request-deadline';

// Several server processes share the SQLite file (decision 039), one writer at a time.
//
// Two connections per process. Transactions run on the writer connection and begin with BEGIN
// IMMEDIATE: a transaction that began with a plain BEGIN reads first and asks for the write lock
// at its first write, and if another process committed in between SQLite refuses at once with
// SQLITE_BUSY (its snapshot is stale), which busy_timeout cannot help. Every other statement runs
// on the reader connection (WAL: readers never wait for the writer), so a process waiting for the
// write lock, or holding it, still answers its reads.
//
// No wait blocks the event loop: SQLite's own busy handler would stop the whole process, and
// with it the transaction that holds the lock in this very process. Both connections keep
// busy_timeout 0 and retry after short sleeps, up to WRITE_LOCK_WAIT_MS (a large import commits
// in about a second). A statement refused with SQLITE_BUSY changed nothing, so retrying is safe.
// A request waits only what is left of its own time (decision 080); other work up to 30 s.
export const WRITE_LOCK_WAIT_MS = 30_000;
// Another process's write transaction lasts a few milliseconds: ask again soon, then less often.
const retryAfterMs = (attempt: number) => (attempt < 20 ? 1 : attempt < 100 ? 2 : 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

async function untilNotBusy<T>(run: () => Promise<T> | T): Promise<T> {
  const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      const left = remainingMs();
      if (left !== undefined && left <= 0) throw new RequestDeadlineError('the write lock');
    }
    await sleep(retryAfterMs(attempt));
  }
}

// What Kysely holds for a query or a transaction: the reader until a transaction begins on it,
// then the writer connection until the transaction ends.
class SplitConnection implements DatabaseConnection {
  writer: DatabaseConnection | undefined;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writer) return this.writer.executeQuery<R>(query);
    return this.driver.onReader((reader) => untilNotBusy(() => reader.executeQuery<R>(query)));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.writer) {
      yield* this.writer.streamQuery<R>(query, chunkSize);
      return;
    }
    const reader = await this.driver.reader.acquireConnection();
    try {
      yield* reader.streamQuery<R>(query, chunkSize);
    } finally {
      await this.driver.reader.releaseConnection();
    }
  }
}

export class SplitSqliteDriver implements Driver {
  // Kysely's own driver per connection: each keeps one statement (or iteration) at a time.
  readonly reader: SqliteDriver;
  readonly writer: SqliteDriver;
  readonly #begin: SQLite.Statement;

  constructor(writer: SQLite.Database, reader: SQLite.Database) {
    writer.pragma('busy_timeout = 0');
    reader.pragma('busy_timeout = 0');
    // Statements kept prepared on both connections (statement-cache.ts, decision 040).
    this.writer = new SqliteDriver({ database: cachingStatements(writer) });
    this.reader = new SqliteDriver({ database: cachingStatements(reader) });
    this.#begin = writer.prepare('BEGIN IMMEDIATE');
  }

  async init(): Promise<void> {
    await this.writer.init();
    await this.reader.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }

  async onReader<T>(run: (reader: DatabaseConnection) => Promise<T>): Promise<T> {
    const reader = await this.reader.acquireConnection();
    try {
      return await run(reader);
    } finally {
      await this.reader.releaseConnection();
    }
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const split = connection as SplitConnection;
    // One transaction at a time in this process (the writer's mutex), then the file's write lock;
    // a request gives up its place when its time is out (and the mutex, if it comes later).
    const writer = await withinDeadline(this.writer.acquireConnection(), 'the write lock', () => void this.writer.releaseConnection());
    try {
      await untilNotBusy(() => this.#begin.run());
    } catch (error) {
      await this.writer.releaseConnection();
      throw error;
    }
    split.writer = writer;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'rollback');
  }

  async #end(connection: DatabaseConnection, command: 'commit' | 'rollback'): Promise<void> {
    const split = connection as SplitConnection;
    const writer = split.writer;
    if (!writer) throw new Error(`${command} without a transaction`);
    try {
      await writer.executeQuery(CompiledQuery.raw(command));
    } finally {
      split.writer = undefined;
      await this.writer.releaseConnection();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    await this.writer.savepoint(connection, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]): Promise<void> {
    await this.writer.rollbackToSavepoint(connection, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]): Promise<void> {
    await this.writer.releaseSavepoint(connection, name, compileQuery);
  }

  async releaseConnection(): Promise<void> {
    // The reader is released after each statement and the writer when its transaction ends.
  }

  async destroy(): Promise<void> {
    await this.reader.destroy();
    await this.writer.destroy();
  }
}
