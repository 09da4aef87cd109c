import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { RollPageResult, RollRect } from '@shared/rolls/roll-types';
import { startTypeScriptWorker } from '../../../threads/typescript-worker';
import { NotAPdfError, openPdf, renderRect } from './pdf-pages';
import type { WorkerAnswer } from './roll-page-worker';

// The electoral-roll reader (issue 19): PDF in, voter boxes out, page by page, on worker
// threads. See docs/roll-import.md "Reading a roll" and decision 035.

export interface ReadRollOptions {
  signal?: AbortSignal; // cancel: stop soon, reject with an AbortError
  concurrency?: number; // worker threads; default os.availableParallelism()
  pages?: number[]; // 1-based; default all
  onProgress?: (p: { pagesDone: number; pageCount: number; votersFound: number }) => void;
}

// A message for the person who uploaded the file.
export class RollReadError extends Error {
  override name = 'RollReadError';
}

export const NOT_A_PDF_MESSAGE = 'This file is not a PDF';
export const NOT_A_ROLL_MESSAGE = 'This file is not an electoral roll PDF';

const WORKER_FILE = path.join(import.meta.dirname, 'roll-page-worker.ts');
// A reader thread holds pdf.js, a rendered page and up to three OCR models: give it room but a
// ceiling, so a hostile PDF cannot take the server's memory.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512 };

async function open(filePath: string) {
  try {
    return await openPdf(filePath);
  } catch (error) {
    if (error instanceof NotAPdfError) throw new RollReadError(NOT_A_PDF_MESSAGE);
    throw error;
  }
}

export async function rollPageCount(filePath: string): Promise<number> {
  const document = await open(filePath);
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

// A PNG of a rectangle of a page (the review screen's crops), at about 200 dpi.
export async function renderRollCrop(filePath: string, page: number, rect: RollRect): Promise<Buffer> {
  const document = await open(filePath);
  try {
    if (!Number.isInteger(page) || page < 1 || page > document.numPages) throw new RollReadError(`This roll has no page ${page}`);
    return await renderRect(await document.getPage(page), rect, 200 / 72);
  } finally {
    await document.destroy();
  }
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The roll reading was cancelled', 'AbortError');
}

export async function* readRoll(filePath: string, options: ReadRollOptions = {}): AsyncIterable<RollPageResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const pageCount = await rollPageCount(filePath);
  const pages = (options.pages ?? Array.from({ length: pageCount }, (_, index) => index + 1)).filter((page) => page >= 1 && page <= pageCount);
  const threads = Math.max(1, Math.min(options.concurrency ?? os.availableParallelism(), pages.length));

  const queue = [...pages];
  const ready: RollPageResult[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  let pagesDone = 0;
  let votersFound = 0;
  let sawRoll = false;
  const workers: Worker[] = [];

  const feed = (worker: Worker) => {
    const page = queue.shift();
    if (page === undefined) worker.postMessage('close');
    else worker.postMessage({ page });
  };
  const onAbort = () => {
    failure = abortError(signal as AbortSignal);
    notify();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  // Cancelled while the page count was read: the event has been and gone.
  if (signal?.aborted) onAbort();

  try {
    for (let index = 0; index < threads; index += 1) {
      if (failure) throw failure;
      const worker = await startTypeScriptWorker(WORKER_FILE, { filePath }, WORKER_LIMITS);
      workers.push(worker);
      worker.on('message', (answer: WorkerAnswer) => {
        if (answer.error !== undefined) failure ??= new Error(`Reading page ${answer.page} failed: ${answer.error}`);
        else {
          const result = answer.result as RollPageResult;
          // Photos cross the thread boundary as plain arrays of bytes.
          for (const voter of result.voters) if (voter.photo && !(voter.photo instanceof Uint8Array)) voter.photo = new Uint8Array(voter.photo);
          ready.push(result);
          pagesDone += 1;
          votersFound += result.voters.length;
          options.onProgress?.({ pagesDone, pageCount: pages.length, votersFound });
          feed(worker);
        }
        notify();
      });
      worker.on('error', (error) => {
        failure ??= error;
        notify();
      });
      feed(worker);
    }
    while (pagesDone < pages.length || ready.length > 0) {
      if (failure) throw failure;
      const next = ready.shift();
      if (next) {
        if (next.kind !== 'other') sawRoll = true;
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (failure) throw failure;
    // A file of pages that are neither a cover nor voter boxes is not a roll.
    if (!sawRoll && pages.length === pageCount) throw new RollReadError(NOT_A_ROLL_MESSAGE);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
