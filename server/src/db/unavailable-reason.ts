import { RequestDeadlineError } from './request-deadline';

// Why the database could not answer a request in time, in the words the log uses (issue 57:
// a table locked for seconds was logged as "database unreachable" while the database was up).
// Both databases: PostgreSQL's codes and pg-pool's message, SQLite's busy code.
const POOL_WAIT = /timeout exceeded when trying to connect/i;

export function unavailableReason(error: unknown): string {
  if (error instanceof RequestDeadlineError) return `database busy: the request ran out of its time (DB_REQUEST_TIMEOUT_MS) waiting for ${error.waitingFor}`;
  const code = String((error as { code?: unknown } | null)?.code);
  const message = error instanceof Error ? error.message : '';
  if (code === '55P03') return 'database busy: the request waited too long for a lock other work holds';
  if (code === '57014') return 'database busy: a statement ran past its time limit (a lock or a slow query)';
  if (code === 'SQLITE_BUSY') return 'database busy: the request waited too long for the write lock';
  if (POOL_WAIT.test(message)) return 'database busy: no connection came free in time (every one in use)';
  return 'database unreachable';
}
