import { EditConflictError, HttpError } from '../plugins/http-error';

// Record versions against lost updates (docs/decisions/015-record-versions.md). An edit runs
// in one transaction: read the current row, check the version the client sent, merge the sent
// fields over the row, then write on condition that the version is still the one read
// (UPDATE ... WHERE id = ? AND version = ?). The condition matters on PostgreSQL, where another
// connection may commit between the read and the write; SQLite runs one writer at a time.

// The conditional write found the row changed since it was read.
export class StaleRowError extends Error {
  constructor() {
    super('the row changed between read and write');
  }
}

export const EDIT_BUSY = 'Someone else is saving this record just now. Please try again.';

// An edit that named the version it started from must still find it.
export function assertVersion(sent: number | undefined, current: number, conflict: () => EditConflictError): void {
  if (sent !== undefined && sent !== current) throw conflict();
}

// The edit's transaction once more when another writer got in between: reading the row afresh,
// an edit that named a version now meets its 409, one that named none writes its fields over
// the newer row. An attempt fails only when another edit of the row succeeded since its read,
// so five tries see four other writers of the same record through; past that the client is
// asked to try again.
export async function retryWhenStale<T>(save: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await save();
    } catch (error) {
      if (!(error instanceof StaleRowError)) throw error;
      if (attempt >= attempts) throw new HttpError(409, EDIT_BUSY);
    }
  }
}
