import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetError } from '../../../lib/spreadsheets/spreadsheet-error';
import type { SpreadsheetKind } from '../../../lib/spreadsheets/spreadsheet-readers';
import { HttpError } from '../../../plugins/http-error';
import { transferablesOf } from './packed-voters';
import { FileReadError, readVoterRows } from './read-voter-rows';
import type { WorkerMessage } from './voter-rows-source';

// The worker thread that reads a large import file (voter-rows-source.ts starts it). It stays up
// to a transaction's worth of batches (voter-import.ts) in front of the saving, so it reads on
// while one commits (seconds at a time), and memory holds no more than that whatever the file's
// size: packed batches of ~1.5 MB each, outside the heap.
const AHEAD = 8;
const port = parentPort;
if (!port) throw new Error('read-voter-rows-worker runs only as a worker thread');
const { path, kind } = workerData as { path: string; kind: SpreadsheetKind };

let credits = AHEAD;
let wake: (() => void) | undefined;
port.on('message', (message: unknown) => {
  if (message !== 'saved') return;
  credits += 1;
  wake?.();
  wake = undefined;
});
const post = (message: WorkerMessage) => port.postMessage(message, message.type === 'batch' ? transferablesOf(message.batch.voters) : []);

try {
  for await (const event of readVoterRows(path, kind)) {
    if (event.type === 'batch') {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits -= 1;
    }
    post(event);
  }
  post({ type: 'end' });
} catch (error) {
  const lastRow = error instanceof FileReadError ? error.lastRow : 0;
  const cause = error instanceof FileReadError ? error.original : error;
  post({
    type: 'failed',
    lastRow,
    message: cause instanceof Error ? cause.message : String(cause),
    reason: cause instanceof SpreadsheetError ? cause.reason : undefined,
    statusCode: cause instanceof HttpError ? cause.statusCode : undefined,
  });
}
port.close();
