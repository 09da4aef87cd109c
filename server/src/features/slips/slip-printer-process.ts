import type { Slip } from '@shared/slips/slip-schema';
import { type SlipPdf, slipPdf } from './slip-pdf';
import type { PrinterAnswer, PrinterRequest } from './slip-printer-messages';

// A slip printer (decision 078): a child process that lays slips out into a PDF and sends the
// bytes back, one print at a time, so the server's event loop never holds a booth's layout
// (about a millisecond of CPU a slip). Started by slip-printers.ts through
// startTypeScriptProcess; its slips and answers cross by IPC.

// pdfkit writes many small pieces; they leave in pieces of this size (one IPC message each).
const PIECE_BYTES = 64 * 1024;
// Bytes sent and not yet taken by the download: layout waits past this (a slow phone's
// download does not fill this process's memory with the rest of the PDF).
const WINDOW_BYTES = 1024 * 1024;
// Slips laid out between looks at the window.
const STEP = 20;

const send = (answer: PrinterAnswer) => process.send?.(answer);

let current: { pdf: SlipPdf; pieces: Buffer[]; pieceBytes: number } | undefined;
let sentBytes = 0;
let takenBytes = 0;
let ended = false;
const inbox: PrinterRequest[] = [];
let wake: (() => void) | undefined;

function signal(): void {
  wake?.();
  wake = undefined;
}

process.on('message', (message: PrinterRequest) => {
  if (message.type === 'taken') takenBytes = message.bytes;
  else inbox.push(message);
  signal();
});
// The server gone (its IPC closed): nothing is left to print for.
process.on('disconnect', () => process.exit(0));

function flush(): void {
  if (!current || current.pieceBytes === 0) return;
  const piece = Buffer.concat(current.pieces, current.pieceBytes);
  current.pieces = [];
  current.pieceBytes = 0;
  sentBytes += piece.length;
  send({ type: 'data', bytes: piece });
}

function start(options: Extract<PrinterRequest, { type: 'start' }>): void {
  const pdf = slipPdf(options);
  const print = { pdf, pieces: [] as Buffer[], pieceBytes: 0 };
  current = print;
  sentBytes = 0;
  takenBytes = 0;
  pdf.doc.on('data', (chunk: Buffer) => {
    print.pieces.push(chunk);
    print.pieceBytes += chunk.length;
    if (print.pieceBytes >= PIECE_BYTES) flush();
  });
  pdf.doc.on('end', () => {
    flush();
    current = undefined;
    send({ type: 'done' });
  });
  pdf.doc.on('error', (error: Error) => {
    current = undefined;
    send({ type: 'failed', message: error.message });
  });
}

async function windowOpen(): Promise<void> {
  while (sentBytes - takenBytes > WINDOW_BYTES) await new Promise<void>((resolve) => (wake = resolve));
}

async function add(slips: readonly Slip[]): Promise<void> {
  for (let index = 0; index < slips.length; index += 1) {
    if (!current) return;
    current.pdf.add(slips[index] as Slip);
    if (index % STEP === STEP - 1) await windowOpen();
  }
  send({ type: 'laid', count: slips.length });
}

async function serve(): Promise<void> {
  while (!ended) {
    const message = inbox.shift();
    if (!message) {
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    try {
      if (message.type === 'start') start(message);
      else if (message.type === 'slips') await add(message.slips);
      else if (message.type === 'end') {
        current?.pdf.end();
      }
    } catch (error) {
      current = undefined;
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
}

process.on('SIGTERM', () => {
  ended = true;
  process.exit(0);
});
void serve();
send({ type: 'ready' });
