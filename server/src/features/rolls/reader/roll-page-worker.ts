import { parentPort, workerData } from 'node:worker_threads';
import { OcrEngine } from './ocr';
import { openPdf } from './pdf-pages';
import { type PageReadState, readPage } from './read-page';

// One reader thread: opens the roll once, then reads the pages the main thread sends it, one
// at a time, each answered with its result (or its error). Closing the port ends it.
export type WorkerRequest = { page: number };
export type WorkerAnswer = { page: number; result?: unknown; error?: string };

const { filePath } = workerData as { filePath: string };
const port = parentPort;
if (!port) throw new Error('roll-page-worker runs in a worker thread');

const documentPromise = openPdf(filePath);
const ocr = new OcrEngine();
const state: PageReadState = {};

port.on('message', async (request: WorkerRequest | 'close') => {
  if (request === 'close') {
    await ocr.close();
    (await documentPromise.catch(() => null))?.destroy();
    port.close();
    return;
  }
  try {
    const result = await readPage(await documentPromise, request.page, ocr, state);
    port.postMessage({ page: request.page, result } satisfies WorkerAnswer);
  } catch (error) {
    port.postMessage({ page: request.page, error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer);
  }
});
