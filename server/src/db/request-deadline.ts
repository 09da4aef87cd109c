import { AsyncLocalStorage } from 'node:async_hooks';

// A request's time limit is the request's, not each wait's (issue 57, decision 080). Each wait
// had its own bound (a connection 3 s, a lock 1 s, SQLite's write lock 30 s), but one request
// waits several times, so the worst answered long after the documented 3.5 s. A request runs
// with a deadline here; the database waits (PostgreSQL's pool and statements, SQLite's write
// lock) take what is left of it. Work with none (start-up, jobs, imports and the heavy routes,
// work still running after its request was answered) keeps the waits' own bounds.

interface Deadline {
  at: number | undefined;
}

const deadlines = new AsyncLocalStorage<Deadline>();

export const DEFAULT_REQUEST_TIMEOUT_MS = 3500;

export class RequestDeadlineError extends Error {
  readonly code = 'REQUEST_DEADLINE';
  constructor(readonly waitingFor: string) {
    super(`The request ran out of its time waiting for ${waitingFor}`);
  }
}

// Runs `work` (and everything it starts) under a deadline `ms` from now; `end` lifts it (the
// request was answered: what it left running is no longer held to it).
export function withDeadline<T>(ms: number, work: () => T): { result: T; end: () => void } {
  const deadline: Deadline = { at: Date.now() + ms };
  return { result: deadlines.run(deadline, work), end: () => (deadline.at = undefined) };
}

// Milliseconds left to the current request, or undefined outside a request with a deadline.
export function remainingMs(): number | undefined {
  const at = deadlines.getStore()?.at;
  return at === undefined ? undefined : at - Date.now();
}

// `waiting` settled within what is left of the request, else RequestDeadlineError; a value it
// gives after that is handed to `abandon` (a connection or a lock to give back).
export async function withinDeadline<T>(waiting: Promise<T>, waitingFor: string, abandon: (value: T) => void): Promise<T> {
  const left = remainingMs();
  if (left === undefined) return waiting;
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  try {
    return await Promise.race([
      waiting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            late = true;
            reject(new RequestDeadlineError(waitingFor));
          },
          Math.max(0, left),
        );
      }),
    ]);
  } catch (error) {
    if (late) waiting.then(abandon, () => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export const isRequestDeadline = (error: unknown): error is RequestDeadlineError => error instanceof RequestDeadlineError;
