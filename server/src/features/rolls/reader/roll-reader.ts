import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { RollPageResult, RollRect } from '@shared/rolls/roll-types';
import { startTypeScriptWorker } from '../../../threads/typescript-worker';
import { NeedsOcrError } from './needs-ocr';
import { ENGLISH_MODEL_FOLDER } from './ocr-models';
import type { WorkerAnswer, WorkerRequest } from './roll-page-worker';

// The electoral-roll reader (issue 19): PDF in, voter boxes out, page by page, on worker
// threads. See docs/roll-import.md "Reading a roll" and decision 035. Nothing here opens the
// PDF: its threads do (roll-page-worker.ts), so pdf.js never loads in the server's own thread.

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
// ceiling, so a hostile PDF cannot take the server's memory. A young generation of 12 MB (the
// default is larger) held a reading process about 20 MB lower at the same speed. That is for
// `npm run roll`: in the server, `npm start`'s --max-semi-space-size=8 wins over a thread's own
// young generation (decision 048), and it is smaller still.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 12 };

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

// One reader thread and the requests waiting for its answers.
export class RollThread {
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private ended: Error | null = null;
  private idleUnref = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: WorkerAnswer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.idleUnref && this.waiting.size === 0) this.worker.unref();
      if (!waiter) return;
      if (answer.error === undefined) waiter.resolve(answer.result);
      else if (answer.reason === 'not-a-pdf') waiter.reject(new RollReadError(NOT_A_PDF_MESSAGE));
      else if (answer.reason === 'no-page') waiter.reject(new RollReadError(answer.error));
      else if (answer.reason === 'needs-ocr') waiter.reject(new NeedsOcrError(answer.error));
      else waiter.reject(new Error(answer.error));
    });
    const end = (error: Error) => {
      this.ended ??= error;
      for (const waiter of this.waiting.values()) waiter.reject(this.ended);
      this.waiting.clear();
    };
    worker.on('error', end);
    worker.on('exit', () => end(new Error('The roll reader thread stopped')));
  }

  static async start(filePath: string, ocrWorkers = 1): Promise<RollThread> {
    return new RollThread(await startTypeScriptWorker(WORKER_FILE, { filePath, ocrWorkers, englishModels: ENGLISH_MODEL_FOLDER }, WORKER_LIMITS));
  }

  ask<T>(request: Request): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId;
    this.nextId += 1;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  // A thread waiting for work must not keep the process alive; one at work does.
  unrefWhenIdle(): void {
    this.idleUnref = true;
    if (this.waiting.size === 0) this.worker.unref();
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export async function rollPageCount(filePath: string): Promise<number> {
  const thread = await RollThread.start(filePath);
  try {
    return await thread.ask<number>({ kind: 'count' });
  } finally {
    await thread.close();
  }
}

// The review screen asks for crops of one roll after another: a thread keeps each recent roll
// open for a while rather than loading pdf.js and the file again for every crop.
const CROP_THREAD_IDLE_MS = 30_000;
const CROP_THREADS_KEPT = 2;
const cropThreads = new Map<string, { thread: Promise<RollThread>; timer?: NodeJS.Timeout }>();

function dropCropThread(filePath: string): void {
  const entry = cropThreads.get(filePath);
  if (!entry) return;
  cropThreads.delete(filePath);
  clearTimeout(entry.timer);
  void entry.thread.then((thread) => thread.close()).catch(() => undefined);
}

// A PNG of a rectangle of a page (the review screen's crops), at about 200 dpi.
export async function renderRollCrop(filePath: string, page: number, rect: RollRect): Promise<Buffer> {
  let entry = cropThreads.get(filePath);
  if (!entry) {
    for (const oldest of [...cropThreads.keys()].slice(0, Math.max(0, cropThreads.size - CROP_THREADS_KEPT + 1))) dropCropThread(oldest);
    const thread = RollThread.start(filePath).then((started) => {
      started.unrefWhenIdle();
      return started;
    });
    entry = { thread };
    cropThreads.set(filePath, entry);
  }
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => dropCropThread(filePath), CROP_THREAD_IDLE_MS).unref();
  try {
    return Buffer.from(await (await entry.thread).ask<Uint8Array>({ kind: 'crop', page, rect }));
  } catch (error) {
    // A roll that cannot be opened (or a thread that died) is not kept.
    if (!(error instanceof RollReadError) || error.message === NOT_A_PDF_MESSAGE) dropCropThread(filePath);
    throw error;
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
  const ready: RollPageResult[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const onAbort = () => {
    failure = abortError(signal as AbortSignal);
    notify();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let thread: RollThread | null = null;
  let textOnly: Promise<RollThread> | null = null;

  try {
    // One reader thread reads pages side by side, as many as it has tesseract workers (one per
    // core), so pdf.js and the page code are in memory once: a thread per core held about 175 MB
    // more each and read 5-10% faster (the one thread renders while the workers wait). A page
    // more than workers in flight won back half of that for 30-40 MB: memory won, as the
    // server's target is memory and the speed target is out of reach either way.
    const ocrWorkers = Math.max(1, options.concurrency ?? os.availableParallelism());
    thread = await RollThread.start(filePath, ocrWorkers);
    const reader = thread;
    if (signal?.aborted) onAbort();
    if (failure) throw failure;
    const pageCount = await reader.ask<number>({ kind: 'count' });
    const pages = (options.pages ?? Array.from({ length: pageCount }, (_, index) => index + 1)).filter((page) => page >= 1 && page <= pageCount);
    const queue = [...pages];
    let pagesDone = 0;
    let votersFound = 0;
    let sawRoll = false;

    // Each loop reads the next page waiting until none is left. A page needing no OCR (a text
    // layer, a garbled one whose glyphs are all known: decision 055) keeps the reader thread's
    // own work on one core while the OCR workers idle: once one is read, a second thread that
    // holds no OCR model reads pages beside it, and hands back (and stops at) any that needs OCR.
    const work = async (thread: RollThread, handsBack: boolean) => {
      for (let page = queue.shift(); page !== undefined && !failure; page = queue.shift()) {
        let result: RollPageResult;
        try {
          result = await thread.ask<RollPageResult>({ kind: 'read', page });
        } catch (error) {
          if (handsBack && error instanceof NeedsOcrError) {
            queue.unshift(page);
            // No other loop may be waiting for pages, if all had ended on an empty queue.
            if (loops === 1) void run(reader, false);
            return;
          }
          throw error instanceof RollReadError ? error : new Error(`Reading page ${page} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        // Photos cross the thread boundary as plain arrays of bytes.
        for (const voter of result.voters) if (voter.photo && !(voter.photo instanceof Uint8Array)) voter.photo = new Uint8Array(voter.photo);
        ready.push(result);
        pagesDone += 1;
        votersFound += result.voters.length;
        options.onProgress?.({ pagesDone, pageCount: pages.length, votersFound });
        notify();
        if (!textOnly && ocrWorkers > 1 && result.kind === 'voters' && result.method === 'text' && queue.length >= 2) {
          textOnly = RollThread.start(filePath, 0);
          textOnly.then((started) => run(started, true)).catch(() => undefined);
        }
      }
    };
    let loops = 0;
    const run = (thread: RollThread, handsBack: boolean) => {
      loops += 1;
      return work(thread, handsBack)
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => {
          loops -= 1;
          if (handsBack) void textOnly?.then((started) => started.close());
          notify();
        });
    };
    for (let index = 0; index < Math.min(ocrWorkers, pages.length); index += 1) void run(reader, false);
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
    await thread?.close();
    // Set by the loops, which TypeScript does not follow.
    await (textOnly as Promise<RollThread> | null)?.then((started) => started.close()).catch(() => undefined);
  }
}
