import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { SpreadsheetError, type SpreadsheetErrorReason } from '../../../lib/spreadsheets/spreadsheet-error';
import type { SpreadsheetKind } from '../../../lib/spreadsheets/spreadsheet-readers';
import { HttpError } from '../../../plugins/http-error';
import { startTypeScriptWorker } from '../../../threads/typescript-worker';
import { FileReadError, type ReadEvent, readVoterRows } from './read-voter-rows';

// Where an import's rows come from. Reading and validating a row costs about as much as saving
// it, so a large file is read on a worker thread: on two cores the reading of the next
// batches and the saving of this one go on side by side, and the main thread, which also
// answers everyone else, only saves. A small file is read in place: a worker takes a second
// or two to start.
export const WORKER_MIN_BYTES = 4 * 1024 * 1024;
const WORKER_FILE = path.join(import.meta.dirname, 'read-voter-rows-worker.ts');
// Reading makes short-lived garbage only: a small young generation is collected often and
// cheaply instead of growing to V8's default (measured: 65 MB less memory at 300,000 rows).
// Under `npm start` the process's --max-semi-space-size decides instead (V8 lets the flag win),
// and its --no-allocation-site-pretenuring keeps the rows' objects young (decision 048).
// A CSV reader also holds little for long (each valid row is packed outside the heap as it is
// read, see packed-voters.ts; the longest row it accepts is 1 MB), so its old generation is
// kept small as well and collected instead of grown. An .xlsx holds its shared strings, as
// large as the file makes them, and an .xls is read whole: their heaps are left to grow.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };
const CSV_WORKER_LIMITS = { ...WORKER_LIMITS, maxOldGenerationSizeMb: 64 };

// A failure crosses the thread as its message and what it was: a refused spreadsheet (its
// reason) or the import's own HttpError (its status); the HTTP answer is made on this side.
export interface ReadFailure {
  type: 'failed';
  lastRow: number;
  message: string;
  reason?: SpreadsheetErrorReason;
  statusCode?: number;
}

export type WorkerMessage = ReadEvent | { type: 'end' } | ReadFailure;

function failureOf(failure: ReadFailure): Error {
  if (failure.reason !== undefined) return new SpreadsheetError(failure.reason, failure.message);
  return failure.statusCode === undefined ? new Error(failure.message) : new HttpError(failure.statusCode, failure.message);
}

// The events of the file; a batch is acknowledged (and the reader may run on) when the next
// event is asked for, that is once the caller has saved it. Throws FileReadError.
export async function* voterRowsFrom(file: string, kind: SpreadsheetKind, options: { workerMinBytes?: number } = {}): AsyncGenerator<ReadEvent> {
  const { size } = await stat(file);
  if (size < (options.workerMinBytes ?? WORKER_MIN_BYTES)) {
    yield* readVoterRows(file, kind);
    return;
  }
  const worker = await startTypeScriptWorker(WORKER_FILE, { path: file, kind }, kind === 'csv' ? CSV_WORKER_LIMITS : WORKER_LIMITS);
  try {
    for await (const message of messagesOf(worker)) {
      if (message.type === 'end') return;
      if (message.type === 'failed') {
        throw new FileReadError(message.lastRow, failureOf(message));
      }
      yield message;
      if (message.type === 'batch') worker.postMessage('saved');
    }
    throw new FileReadError(0, new Error('The file reader stopped unexpectedly'));
  } finally {
    // Also when the saving failed or the request was cut short: the reader stops with it.
    await worker.terminate();
  }
}

// The worker's messages in order, however fast they come; its crash ends the stream with the error.
async function* messagesOf(worker: Worker): AsyncGenerator<WorkerMessage> {
  const queue: WorkerMessage[] = [];
  let failure: unknown;
  let exited = false;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    signal();
  });
  worker.on('error', (error) => {
    failure = new FileReadError(0, error);
    signal();
  });
  worker.on('exit', () => {
    exited = true;
    signal();
  });
  for (;;) {
    const next = queue.shift();
    if (next) {
      yield next;
      continue;
    }
    if (failure) throw failure;
    if (exited) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
