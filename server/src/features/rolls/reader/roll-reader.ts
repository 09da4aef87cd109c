import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { ROLL_MAX_PAGES, type RollPageResult, type RollRect } from '@shared/rolls/roll-types';
import { startTypeScriptProcess } from '../../../threads/typescript-worker';
import { NeedsOcrError } from './needs-ocr';
import { ENGLISH_MODEL_FOLDER } from './ocr-models';
import type { WorkerAnswer, WorkerDrawing, WorkerOptions, WorkerRequest } from './roll-page-worker';

// The electoral-roll reader (issue 19): PDF in, voter boxes out, page by page, in a child
// process. See docs/roll-import.md "Reading a roll", decisions 035 and 059. Nothing here opens
// the PDF: its process does (roll-page-worker.ts), so pdf.js never loads in the server.

export interface ReadRollOptions {
  signal?: AbortSignal; // cancel: stop at once (the process is killed), reject with an AbortError
  concurrency?: number; // OCR workers; default os.availableParallelism()
  pages?: number[]; // 1-based; default all
  onProgress?: (p: { pagesDone: number; pageCount: number; votersFound: number }) => void;
  onPageCount?: (pageCount: number) => void; // the file's pages, once known (before any is read)
  maxPages?: number; // more pages to read than this: refused before reading (default ROLL_MAX_PAGES)
}

// A message for the person who uploaded the file.
export class RollReadError extends Error {
  override name = 'RollReadError';
}

export const NOT_A_PDF_MESSAGE = 'This file is not a PDF';
export const NOT_A_ROLL_MESSAGE = 'This file is not an electoral roll PDF';
export const tooManyPagesMessage = (count: number, max: number) => `This file has ${count.toLocaleString('en-IN')} pages; a roll may have at most ${max.toLocaleString('en-IN')}. Split it into smaller files`;

// The reader process's budgets (issue 54, decision 059). pdf.js's parsed pages live in the
// JavaScript heap, bounded by its limit; decoded images, canvases and the OCR models' WebAssembly
// memory live outside it, bounded by a watch on the process's resident memory, checked every
// 200 ms (the English sample part's reading peaks at 480 MB). Where `prlimit` exists the kernel
// also limits the process's writable memory: a ceiling no sudden allocation passes, set well above
// what the reading reserves (1.5 GB for that part, most of it never touched), not the budget.
const READER_HEAP_MB = 384;
export const READER_MEMORY_MB = 900;
const READER_DATA_MB = 3_072;
// pdf.js parses a page's drawing commands before it draws any, without giving way: a page of
// 300 MB of them kept a process busy for minutes. A real page takes under 3 s of processor time
// (0.03-2.2 s for the samples' pages here), so one that has used more than this while pdf.js
// works on it is stopped, its process killed. Processor time, not time on the clock: on a
// machine shared by many builds a real page's drawing took over 10 s by the clock.
export const PAGE_DRAW_SECONDS = 10;
// A file whose first pages hold neither a cover nor voter boxes is not a roll: said after this
// many rather than after its last (a real roll's voters start on page 3 at the latest).
export const PAGES_BEFORE_NOT_A_ROLL = 10;

export const tooMuchMemoryMessage = (mb = READER_MEMORY_MB) => `Reading this file needed more than ${mb} MB of memory, more than a roll needs; it is not a roll as printed`;
export const tooSlowMessage = (page: number, seconds = PAGE_DRAW_SECONDS) => `Page ${page} takes more than ${seconds} seconds to draw, more than a roll page needs; it is not a roll as printed`;

// The budgets a reader process is held to (the tests lower them).
export interface ReaderBudgets {
  memoryMb: number;
  drawSeconds: number;
}
const BUDGETS: ReaderBudgets = { memoryMb: READER_MEMORY_MB, drawSeconds: PAGE_DRAW_SECONDS };
const READER_STOPPED = 'The roll reader stopped';

const WORKER_FILE = path.join(import.meta.dirname, 'roll-page-worker.ts');
const PRLIMIT = '/usr/bin/prlimit';
const launcher = process.platform === 'linux' && existsSync(PRLIMIT) ? { program: PRLIMIT, args: [`--data=${READER_DATA_MB * 1024 * 1024}`, '--'] } : undefined;

// The process's resident memory (Linux; elsewhere the heap limit alone bounds it).
function residentBytes(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

// The processor seconds of the process's main thread, where pdf.js works (its OCR runs in threads
// of its own); null where /proc is not (the clock stands in). Linux counts in 1/100 s.
function mainThreadSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

// One reader process and the requests waiting for its answers. Past a budget it is killed and
// every waiting request rejected with the budget's message.
export class RollReaderProcess {
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  // Pages pdf.js is at work on, with the processor and clock seconds when it began.
  private readonly drawing = new Map<number, { cpu: number | null; clock: number }>();
  private readonly watch: NodeJS.Timeout;
  private readonly exited: Promise<void>;
  private nextId = 1;
  private ended: Error | null = null;
  private idleUnref = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly budgets: ReaderBudgets,
  ) {
    child.on('message', (message: WorkerAnswer | WorkerDrawing) => {
      if ('drawing' in message) {
        this.onDrawing(message);
        return;
      }
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.idleUnref && this.waiting.size === 0) this.unref();
      if (!waiter) return;
      if (message.error === undefined) waiter.resolve(message.result);
      else if (message.reason === 'not-a-pdf') waiter.reject(new RollReadError(NOT_A_PDF_MESSAGE));
      else if (message.reason === 'no-page' || message.reason === 'budget') waiter.reject(new RollReadError(message.error));
      else if (message.reason === 'needs-ocr') waiter.reject(new NeedsOcrError(message.error));
      else waiter.reject(new Error(message.error));
    });
    child.on('error', (error) => this.end(error));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        // Killed by the kernel or its own allocator (V8 aborts when its heap is full): memory.
        const memory = signal === 'SIGKILL' || signal === 'SIGABRT' || signal === 'SIGSEGV' || code === 134;
        this.end(memory ? new RollReadError(tooMuchMemoryMessage(budgets.memoryMb)) : new Error(READER_STOPPED));
        resolve();
      });
    });
    this.watch = setInterval(() => this.checkBudgets(), 200);
    this.watch.unref();
  }

  static async start(filePath: string, ocrWorkers = 1, budgets: Partial<ReaderBudgets> = {}): Promise<RollReaderProcess> {
    const options: WorkerOptions = { filePath, ocrWorkers, englishModels: ENGLISH_MODEL_FOLDER };
    const child = await startTypeScriptProcess(WORKER_FILE, [JSON.stringify(options)], {
      nodeOptions: [`--max-old-space-size=${READER_HEAP_MB}`, '--max-semi-space-size=8'],
      launcher,
    });
    return new RollReaderProcess(child, { ...BUDGETS, ...budgets });
  }

  ask<T>(request: Request): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId;
    this.nextId += 1;
    if (this.waiting.size === 0) this.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ ...request, id } as WorkerRequest);
    });
  }

  // A process waiting for work must not keep the server alive; one at work does.
  unrefWhenIdle(): void {
    this.idleUnref = true;
    if (this.waiting.size === 0) this.unref();
  }

  async close(): Promise<void> {
    this.kill(new Error(READER_STOPPED));
    await this.exited;
  }

  private onDrawing({ page, drawing }: WorkerDrawing): void {
    if (drawing) this.drawing.set(page, { cpu: mainThreadSeconds(this.child.pid), clock: performance.now() / 1000 });
    else this.drawing.delete(page);
  }

  private checkBudgets(): void {
    const pid = this.child.pid;
    if (residentBytes(pid) > this.budgets.memoryMb * 1024 * 1024) {
      this.kill(new RollReadError(tooMuchMemoryMessage(this.budgets.memoryMb)));
      return;
    }
    if (this.drawing.size === 0) return;
    const cpu = mainThreadSeconds(pid);
    const clock = performance.now() / 1000;
    for (const [page, since] of this.drawing) {
      const spent = cpu !== null && since.cpu !== null ? cpu - since.cpu : clock - since.clock;
      if (spent > this.budgets.drawSeconds) {
        this.kill(new RollReadError(tooSlowMessage(page, this.budgets.drawSeconds)));
        return;
      }
    }
  }

  // The process's id (the tests look for it after a cancel).
  get pid(): number | undefined {
    return this.child.pid;
  }

  // Stops the process at once (its memory goes back to the system); waiting requests get `error`.
  private kill(error: Error): void {
    this.end(error);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private end(error: Error): void {
    this.ended ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.ended);
    this.waiting.clear();
    this.drawing.clear();
    clearInterval(this.watch);
  }

  private ref(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  private unref(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}

// The review screen asks for crops of one roll after another: a process keeps each recent roll
// open for a while rather than loading pdf.js and the file again for every crop.
const CROP_PROCESS_IDLE_MS = 30_000;
const CROP_PROCESSES_KEPT = 2;
const cropProcesses = new Map<string, { reader: Promise<RollReaderProcess>; timer?: NodeJS.Timeout }>();

function dropCropProcess(filePath: string): void {
  const entry = cropProcesses.get(filePath);
  if (!entry) return;
  cropProcesses.delete(filePath);
  clearTimeout(entry.timer);
  void entry.reader.then((reader) => reader.close()).catch(() => undefined);
}

// A PNG of a rectangle of a page (the review screen's crops), at about 200 dpi.
export async function renderRollCrop(filePath: string, page: number, rect: RollRect): Promise<Buffer> {
  let entry = cropProcesses.get(filePath);
  if (!entry) {
    for (const oldest of [...cropProcesses.keys()].slice(0, Math.max(0, cropProcesses.size - CROP_PROCESSES_KEPT + 1))) dropCropProcess(oldest);
    const reader = RollReaderProcess.start(filePath, 0).then((started) => {
      started.unrefWhenIdle();
      return started;
    });
    entry = { reader };
    cropProcesses.set(filePath, entry);
  }
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => dropCropProcess(filePath), CROP_PROCESS_IDLE_MS).unref();
  try {
    return Buffer.from(await (await entry.reader).ask<Uint8Array>({ kind: 'crop', page, rect }));
  } catch (error) {
    // A roll that cannot be opened (or a process that stopped) is not kept.
    if (!(error instanceof RollReadError) || error.message === NOT_A_PDF_MESSAGE) dropCropProcess(filePath);
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
  let started: RollReaderProcess | null = null;
  let textOnly: Promise<RollReaderProcess> | null = null;
  // A cancel kills the processes at once, whatever they are doing (a page may take seconds).
  const stopProcesses = async () => {
    await started?.close();
    // Set by the loops, which TypeScript does not follow.
    await (textOnly as Promise<RollReaderProcess> | null)?.then((other) => other.close()).catch(() => undefined);
  };
  const onAbort = () => {
    failure = abortError(signal as AbortSignal);
    notify();
    void stopProcesses();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // One reader process reads pages side by side, as many as it has tesseract workers (one per
    // core), so pdf.js and the page code are in memory once: a reader per core held about 175 MB
    // more each and read 5-10% faster (the one reader renders while the workers wait). A page
    // more than workers in flight won back half of that for 30-40 MB: memory won, as the
    // server's target is memory and the speed target is out of reach either way.
    const ocrWorkers = Math.max(1, options.concurrency ?? os.availableParallelism());
    started = await RollReaderProcess.start(filePath, ocrWorkers);
    const reader = started;
    if (signal?.aborted) onAbort();
    if (failure) throw failure;
    const pageCount = await reader.ask<number>({ kind: 'count' });
    options.onPageCount?.(pageCount);
    const pages = (options.pages ?? Array.from({ length: pageCount }, (_, index) => index + 1)).filter((page) => page >= 1 && page <= pageCount);
    const maxPages = options.maxPages ?? ROLL_MAX_PAGES;
    if (pages.length > maxPages) throw new RollReadError(tooManyPagesMessage(pages.length, maxPages));
    const wholeFile = pages.length === pageCount;
    const queue = [...pages];
    let pagesDone = 0;
    let votersFound = 0;
    let sawRoll = false;

    // Each loop reads the next page waiting until none is left. A page needing no OCR (a text
    // layer, a garbled one whose glyphs are all known: decision 055) keeps the reader process's
    // own work on one core while the OCR workers idle: once one is read, a second process that
    // holds no OCR model reads pages beside it, and hands back (and stops at) any that needs OCR.
    const work = async (readerProcess: RollReaderProcess, handsBack: boolean) => {
      for (let page = queue.shift(); page !== undefined && !failure; page = queue.shift()) {
        let result: RollPageResult;
        try {
          result = await readerProcess.ask<RollPageResult>({ kind: 'read', page });
        } catch (error) {
          if (handsBack && error instanceof NeedsOcrError) {
            queue.unshift(page);
            // No other loop may be waiting for pages, if all had ended on an empty queue.
            if (loops === 1) void run(reader, false);
            return;
          }
          throw error instanceof RollReadError ? error : new Error(`Reading page ${page} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        // Photos cross the process boundary as typed arrays ('advanced' IPC), a Buffer as its bytes.
        for (const voter of result.voters) if (voter.photo && !(voter.photo instanceof Uint8Array)) voter.photo = new Uint8Array(voter.photo);
        ready.push(result);
        if (result.kind !== 'other') sawRoll = true;
        pagesDone += 1;
        votersFound += result.voters.length;
        options.onProgress?.({ pagesDone, pageCount: pages.length, votersFound });
        notify();
        if (wholeFile && !sawRoll && pagesDone >= Math.min(PAGES_BEFORE_NOT_A_ROLL, pages.length)) throw new RollReadError(NOT_A_ROLL_MESSAGE);
        if (!textOnly && ocrWorkers > 1 && result.kind === 'voters' && result.method === 'text' && queue.length >= 2) {
          textOnly = RollReaderProcess.start(filePath, 0);
          textOnly.then((started) => run(started, true)).catch(() => undefined);
        }
      }
    };
    let loops = 0;
    const run = (readerProcess: RollReaderProcess, handsBack: boolean) => {
      loops += 1;
      return work(readerProcess, handsBack)
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
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (failure) throw failure;
  } catch (error) {
    // A cancel stops the processes under a request still waiting (the page count): the cancel
    // is the reason.
    throw failure ?? error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await stopProcesses();
  }
}
