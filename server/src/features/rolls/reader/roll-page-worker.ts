import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RollRect } from '@shared/rolls/roll-types';
import { NeedsOcrError } from './needs-ocr';
import { OcrEngine, TextOnlyOcr } from './ocr';
import { NotAPdfError, onDrawing, openPdf, PageBudgetError, renderRect } from './pdf-pages';
import { readPage } from './read-page';
import type { PageReadState } from './read-state';

// One reader process (roll-reader.ts starts it): opens the roll once, then answers the server's
// requests (its page count, a page read into voter boxes, a crop of a page for the review
// screen), each with its result or its error. pdf.js, the canvases and the OCR models live only
// here: a process of its own bounds their memory and gives it all back when it ends (issue 54;
// pdf.js's and the canvas's memory is mostly outside the JavaScript heap, where a thread's
// limits do not reach), and the server can stop it at once.
export type WorkerRequest = { id: number } & ({ kind: 'count' } | { kind: 'read'; page: number } | { kind: 'crop'; page: number; rect: RollRect });
// `reason`: the error is one for the person who uploaded the file (not a PDF, no such page, a
// page past a budget).
export type WorkerAnswer = { id: number; result?: unknown; error?: string; reason?: 'not-a-pdf' | 'no-page' | 'needs-ocr' | 'budget' };
// Besides the answers: when pdf.js starts and ends work on a page (the parent's deadline).
export type WorkerDrawing = { drawing: boolean; page: number };
export interface WorkerOptions {
  filePath: string;
  // Tesseract workers per language, shared by the pages read side by side; 0 for a process
  // that reads only pages needing no OCR (TextOnlyOcr) and hands the others back.
  ocrWorkers: number;
  // The folder of the English OCR model (ocr.ts), found by the starting process.
  englishModels: string;
}

const { filePath, ocrWorkers, englishModels } = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
const send = process.send?.bind(process);
if (!send) throw new Error('roll-page-worker runs as a child process of the server');
onDrawing((page, drawing) => send({ drawing, page } satisfies WorkerDrawing));

// pdf.js keeps every byte range of the file it has read for as long as the document is open
// (pdf-pages.ts), so a roll of hundreds of pages would end with all of it in memory (a reading,
// or a review's crops page after page). The file is opened again once an opening has served
// PAGES_PER_OPENING different pages, and an opening is closed once its requests are answered:
// the process holds about that many pages of the file, whatever its size.
const PAGES_PER_OPENING = 10;

interface Opening {
  document: Promise<PDFDocumentProxy>;
  pages: Set<number>;
  busy: number;
  replaced: boolean;
}

const openFile = (): Opening => ({ document: openPdf(filePath), pages: new Set(), busy: 0, replaced: false });
let current = openFile();
// The first opening's failure is answered to the requests (not a PDF); nothing else awaits it yet.
current.document.catch(() => undefined);

// The opening for a request about `page` (none: the page count).
function useOpening(page: number | null): Opening {
  if (page !== null && !current.pages.has(page) && current.pages.size >= PAGES_PER_OPENING) {
    current.replaced = true;
    if (current.busy === 0) closeOpening(current);
    current = openFile();
  }
  if (page !== null) current.pages.add(page);
  current.busy += 1;
  return current;
}

function doneWith(opening: Opening): void {
  opening.busy -= 1;
  if (opening.replaced && opening.busy === 0) closeOpening(opening);
}

function closeOpening(opening: Opening): void {
  void opening.document.then((document) => document.destroy()).catch(() => undefined);
}

// The OCR models load on the first page that needs them: a process that only cuts crops has none.
const ocr = ocrWorkers === 0 ? new TextOnlyOcr() : new OcrEngine(ocrWorkers, englishModels);
const state: PageReadState = {};

class NoSuchPage extends Error {}

async function answer(request: WorkerRequest): Promise<unknown> {
  const opening = useOpening(request.kind === 'count' ? null : request.page);
  try {
    return await answerWith(await opening.document, request);
  } finally {
    doneWith(opening);
  }
}

async function answerWith(doc: PDFDocumentProxy, request: WorkerRequest): Promise<unknown> {
  if (request.kind === 'count') return doc.numPages;
  if (!Number.isInteger(request.page) || request.page < 1 || request.page > doc.numPages) throw new NoSuchPage(`This roll has no page ${request.page}`);
  // About 200 dpi: sharp enough to read a name from, small enough for a phone.
  if (request.kind === 'crop') return renderRect(await doc.getPage(request.page), request.rect, 200 / 72);
  return readPage(doc, request.page, ocr, state);
}

process.on('message', async (request: WorkerRequest) => {
  try {
    send({ id: request.id, result: await answer(request) } satisfies WorkerAnswer);
  } catch (error) {
    const reason = error instanceof NotAPdfError ? 'not-a-pdf' : error instanceof NoSuchPage ? 'no-page' : error instanceof NeedsOcrError ? 'needs-ocr' : error instanceof PageBudgetError ? 'budget' : undefined;
    send({ id: request.id, error: error instanceof Error ? error.message : String(error), reason } satisfies WorkerAnswer);
  }
});
// The server gone (its channel closed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
