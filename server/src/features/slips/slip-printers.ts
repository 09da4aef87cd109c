import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Slip, SlipFormat, SlipLanguage } from '@shared/slips/slip-schema';
import { startTypeScriptProcess } from '../../threads/typescript-worker';
import type { PrinterAnswer, PrinterRequest } from './slip-printer-messages';

// Slip printers (issue 57, decision 078): a booth's slips are laid out in a child process, not
// on the server's event loop. With the layout on the request's thread, three field users looping
// a booth's slips took another user's voter list to p95 838 ms even with the gate at two prints a
// process (decision 063). A pool of at most `size` processes (the gate's per-process number),
// started with the first print and stopped after a minute without one; a print waits for a free
// one. A process rather than a thread: it runs at a lower priority (nice), so on a busy machine
// the server's own requests come first, its heap is bounded, and a print cut short is stopped by
// killing its process wherever the layout is.

const WORKER_FILE = path.join(import.meta.dirname, 'slip-printer-process.ts');
// A 4,500-slip booth peaked at 130 MB resident (fonts, pdfkit's page objects until written).
const HEAP_MB = 256;
const IDLE_MS = 60_000;
// Below the server's own priority: a print may take a little longer, a voter list does not.
const NICENESS = 10;
// Slips per message, and messages sent ahead of the layout (the slips are read in the
// meantime; a constituency's slips never all wait in the printer's memory).
const BATCH = 200;
const AHEAD = 2;

export const PRINTER_STOPPED = 'The slip printer stopped';

export interface SlipPrintOptions {
  lang: SlipLanguage;
  format: SlipFormat;
  title: string;
}

export interface SlipPrinters {
  // The PDF of the slips as a stream; it fails (a cut download) if its printer does. Destroying
  // the stream (the client went away) stops the printer's work at once. `own`: a printer of its
  // own, outside the pool, stopped at the end (the constituency's slips: minutes of work that
  // would hold a booth print's printer).
  print(slips: readonly Slip[] | AsyncIterable<readonly Slip[]>, options: SlipPrintOptions & { own?: boolean }): Readable;
  // The printers now running (tests).
  processIds(): number[];
  close(): Promise<void>;
}

class PrinterProcess {
  onAnswer: ((answer: PrinterAnswer) => void) | undefined;
  onExit: ((error: Error) => void) | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess) {
    let readyNow: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      readyNow = resolve;
      failed = reject;
    });
    // Only waited for while a print starts; a process that never started fails that print.
    this.ready.catch(() => undefined);
    child.on('message', (answer: PrinterAnswer) => {
      if (answer.type === 'ready') readyNow();
      else this.onAnswer?.(answer);
    });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        const error = new Error(`${PRINTER_STOPPED} (${signal ?? code})`);
        failed(error);
        this.onExit?.(error);
        resolve();
      });
    });
    child.on('error', () => this.kill());
    // A print's layout first, before the server's requests (os.setPriority works on a process).
    try {
      if (child.pid !== undefined) setPriority(child.pid, NICENESS);
    } catch {
      // Not allowed here (some containers): the print runs at the server's priority.
    }
  }

  send(request: PrinterRequest): void {
    if (this.child.connected) this.child.send(request);
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  // A printer waiting for work does not keep the server running; one at work does.
  hold(keep: boolean): void {
    if (keep) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }
}

async function* batchesOf(slips: readonly Slip[]): AsyncGenerator<readonly Slip[]> {
  for (let index = 0; index < slips.length; index += BATCH) yield slips.slice(index, index + BATCH);
}

export function createSlipPrinters(options: { size: number; idleMs?: number }): SlipPrinters {
  const size = Math.max(1, options.size);
  const idleMs = options.idleMs ?? IDLE_MS;
  const all = new Set<PrinterProcess>();
  const pooled = new Set<PrinterProcess>();
  const idle: PrinterProcess[] = [];
  const waiting: { resolve: (printer: PrinterProcess) => void; reject: (error: Error) => void }[] = [];
  let closed = false;
  // Pool printers being started (counted against the size before they exist).
  let starting = 0;

  async function start(inPool: boolean): Promise<PrinterProcess> {
    if (closed) throw new Error(PRINTER_STOPPED);
    const child = await startTypeScriptProcess(WORKER_FILE, [], { nodeOptions: [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=8'] });
    const printer = new PrinterProcess(child);
    all.add(printer);
    if (inPool) pooled.add(printer);
    void printer.exited.then(() => {
      all.delete(printer);
      if (!pooled.delete(printer)) return;
      const at = idle.indexOf(printer);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(printer.idleTimer);
      // A waiting print gets a new printer in its place.
      if (waiting.length > 0 && !closed) startFor(waiting.shift()!);
    });
    return printer;
  }

  function startFor(waiter: (typeof waiting)[number]): void {
    start(true).then(waiter.resolve, waiter.reject);
  }

  function acquire(): Promise<PrinterProcess> {
    if (closed) return Promise.reject(new Error(PRINTER_STOPPED));
    const printer = idle.pop();
    if (printer) {
      clearTimeout(printer.idleTimer);
      printer.hold(true);
      return Promise.resolve(printer);
    }
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      if (pooled.size + starting < size) {
        starting += 1;
        start(true)
          .then(resolve, reject)
          .finally(() => (starting -= 1));
      } else waiting.push(waiter);
    });
  }
  function release(printer: PrinterProcess): void {
    printer.onAnswer = undefined;
    printer.onExit = undefined;
    if (!printer.alive) return;
    const next = waiting.shift();
    if (next) {
      next.resolve(printer);
      return;
    }
    idle.push(printer);
    printer.hold(false);
    printer.idleTimer = setTimeout(() => printer.kill(), idleMs);
    printer.idleTimer.unref();
  }

  function print(slips: readonly Slip[] | AsyncIterable<readonly Slip[]>, { own = false, ...printOptions }: SlipPrintOptions & { own?: boolean }): Readable {
    const take = own ? () => start(false) : acquire;
    const giveBack = own ? (printer: PrinterProcess) => printer.kill() : release;
    const batches = Array.isArray(slips) ? batchesOf(slips as readonly Slip[]) : (slips as AsyncIterable<readonly Slip[]>)[Symbol.asyncIterator]();
    let printer: PrinterProcess | undefined;
    let pushed = 0;
    let settled = false;
    let stopped = false;
    const stream = new Readable({
      read() {
        // The download took what was pushed: the layout may run ahead again.
        printer?.send({ type: 'taken', bytes: pushed });
      },
      destroy(error, callback) {
        stopped = true;
        // Cut short (the client went away, a read failed): its layout stops with its process.
        if (printer && !settled) printer.kill();
        callback(error);
      },
    });
    const fail = (error: unknown) => {
      settled = true;
      if (!stream.destroyed) stream.destroy(error instanceof Error ? error : new Error(String(error)));
    };

    // The next batch, or 'end' after the last (once: the batches ahead each ask when laid out).
    let more = true;
    async function sendNext(target: PrinterProcess): Promise<void> {
      if (!more) return;
      const next = await batches.next();
      if (stopped || !more) return;
      if (next.done) {
        more = false;
        target.send({ type: 'end' });
      } else target.send({ type: 'slips', slips: [...next.value] });
    }

    void (async () => {
      const target = await take();
      if (stopped) {
        giveBack(target);
        return;
      }
      printer = target;
      await target.ready;
      target.onExit = fail;
      target.onAnswer = (answer) => {
        switch (answer.type) {
          case 'data': {
            const bytes = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
            pushed += bytes.length;
            if (stream.push(bytes)) target.send({ type: 'taken', bytes: pushed });
            break;
          }
          case 'laid':
            sendNext(target).catch(fail);
            break;
          case 'done':
            settled = true;
            giveBack(target);
            stream.push(null);
            break;
          case 'failed':
            target.kill();
            fail(new Error(answer.message));
            break;
          default:
            break;
        }
      };
      target.send({ type: 'start', ...printOptions });
      // A few batches ahead; each one laid out asks for the next, the last is followed by 'end'.
      for (let ahead = 0; ahead < AHEAD; ahead += 1) await sendNext(target);
    })().catch((error: unknown) => {
      if (printer && !settled) printer.kill();
      fail(error);
    });
    return stream;
  }

  return {
    print,
    processIds: () => [...all].map((printer) => printer.child.pid ?? 0),
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(PRINTER_STOPPED));
      const exits = [...all].map((printer) => printer.exited);
      for (const printer of all) {
        // Held until it has gone: an idle printer's handle alone would let the loop end first.
        printer.hold(true);
        printer.kill();
      }
      await Promise.all(exits);
    },
  };
}
