import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import type { WorkBook } from '@e965/xlsx';
import Papa from 'papaparse';
import type { ReadProgress, SheetRow } from './sheet-rows';
import { SpreadsheetError, UNREADABLE_SPREADSHEET } from './spreadsheet-error';
import { xlsxRows } from './xlsx-sheet-reader';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

export const UNSUPPORTED_SPREADSHEET_TYPE = 'Unsupported file type: use .xlsx, .xls or .csv';

// Legacy .xls files are read whole (the library has no streaming reader), so they are capped.
export const XLS_MAX_BYTES = 20 * 1024 * 1024;
// Papaparse parses an unfinished row again with every chunk it is given, so one endless row (a
// million columns, a 50 MB cell) costs time squared and its whole length in memory. No voter
// row comes near this; a longer one ends the import.
const CSV_MAX_ROW_CHARS = 1024 * 1024;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// The name must say .xlsx, .xls or .csv and the bytes must agree (a renamed file is refused).
export async function detectKind(path: string, fileName: string): Promise<SpreadsheetKind> {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const head = await readHead(path, 4096);
  const isZip = head.subarray(0, 4).equals(ZIP_MAGIC);
  const isOle = head.subarray(0, 8).equals(OLE_MAGIC);
  if (extension === 'xlsx' && isZip) return 'xlsx';
  // Excel happily saves either format under either name; trust the bytes once the name is a spreadsheet.
  if (extension === 'xls' && (isOle || isZip)) return isOle ? 'xls' : 'xlsx';
  if (extension === 'csv' && !isZip && !isOle && !head.includes(0)) return 'csv';
  // Named as Excel but not readable as Excel (damaged, cut short, or encrypted, which Excel saves as
  // an OLE file even under .xlsx): not a wrong type, so say what to try.
  if (extension === 'xlsx' || extension === 'xls') throw new SpreadsheetError('damaged', UNREADABLE_SPREADSHEET);
  throw new SpreadsheetError('unsupported-type', UNSUPPORTED_SPREADSHEET_TYPE);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// A cell as the text the schema reads. Formulas give their stored result and are never run.
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if ('result' in cell || 'formula' in cell || 'sharedFormula' in cell) return cellText(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
    if ('text' in cell) return cellText(cell.text);
    if ('error' in cell) return '';
  }
  return '';
}

async function* xlsRows(path: string, progress: ReadProgress): AsyncGenerator<SheetRow> {
  if ((await stat(path)).size > XLS_MAX_BYTES) throw new SpreadsheetError('too-large', `A legacy .xls file must be ${XLS_MAX_BYTES / 1024 / 1024} MB or smaller; save it as .xlsx or .csv for larger imports`);
  const bytes = await readFile(path);
  const XLSX = await import('@e965/xlsx');
  let workbook: WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false, dense: true });
  } catch {
    throw new SpreadsheetError('damaged', UNREADABLE_SPREADSHEET);
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  for (const [index, row] of rows.entries()) {
    progress.fraction = (index + 1) / rows.length;
    yield { number: index + 1, cells: row.map(cellText) };
  }
}

// Comma or semicolon, whichever the header line uses more.
async function csvDelimiter(path: string): Promise<string> {
  const head = (await readHead(path, 65_536)).toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

// Papaparse hands over a chunk of rows at a time (32 KB of text); the parser is paused until
// the rows are used, so memory holds one chunk however long the file. A small chunk's rows are
// used up before the young generation is next collected: the 256 KB chunks read before lived
// on into the old generation, and the reader spent a third of its time collecting them.
async function* csvRows(path: string, progress: ReadProgress): AsyncGenerator<SheetRow> {
  const delimiter = await csvDelimiter(path);
  const size = (await stat(path)).size;
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 32 * 1024 });
  let pending: { rows: unknown[][]; parser: Papa.Parser; from: number; to: number } | undefined;
  // Characters of finished rows so far (papaparse's cursor).
  let cursor = 0;
  let finished = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  input.on('error', (error) => {
    failure = error;
    signal();
  });
  // The length of each chunk read, in order; papaparse queues them and parses one per chunk
  // callback, so the characters parsed so far are the sum of the first chunks taken. (This
  // listener runs before papaparse's own, so a chunk is recorded before it is queued.)
  const chunkLengths: number[] = [];
  let parsed = 0;
  let finishedRows = 0;
  input.on('data', (text: string | Buffer) => {
    chunkLengths.push(text.length);
  });
  Papa.parse<unknown[]>(input, {
    delimiter,
    skipEmptyLines: false,
    chunk: (results, parser) => {
      // The parser's pause stops parsing only; without the stream's own, papaparse queued
      // everything read while a batch was saved: on a slow database most of the file.
      parser.pause();
      input.pause();
      finishedRows += results.data.length;
      parsed += chunkLengths.shift() ?? 0;
      // The cursor stands after the last finished row: the rest is the row being read.
      if (parsed - results.meta.cursor > CSV_MAX_ROW_CHARS) {
        failure = new SpreadsheetError('row-too-long', `Row ${finishedRows + 1} is longer than 1 MB; no voter row is that long, so the file was not read past it`);
      } else {
        pending = { rows: results.data, parser, from: cursor, to: results.meta.cursor };
        cursor = results.meta.cursor;
      }
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (error) => {
      failure = error;
      signal();
    },
  });
  let number = 0;
  try {
    for (;;) {
      if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
      if (pending) {
        const { rows, parser, from, to } = pending;
        pending = undefined;
        for (const [index, row] of rows.entries()) {
          number += 1;
          // Characters of the rows handed over (spread evenly over the chunk's rows) against the
          // file's bytes: exact for Latin text, low where Devanagari takes three bytes a character.
          progress.fraction = size > 0 ? Math.min(1, (from + ((index + 1) * (to - from)) / rows.length) / size) : 1;
          const cells = Array.isArray(row) ? row.map((cell) => (typeof cell === 'string' ? cell : '')) : [];
          // A byte-order mark at the start belongs to no header.
          if (number === 1 && cells[0]) cells[0] = cells[0].replace(/^\uFEFF/, '');
          yield { number, cells };
        }
        // The stream resumes on the next tick, after the parser has taken any queued chunk
        // (whose chunk callback pauses the stream again).
        input.resume();
        parser.resume();
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    input.destroy();
  }
}

export function readSheetRows(path: string, kind: SpreadsheetKind, progress: ReadProgress = { fraction: 0 }): AsyncGenerator<SheetRow> {
  if (kind === 'xlsx') return xlsxRows(path, progress);
  if (kind === 'xls') return xlsRows(path, progress);
  return csvRows(path, progress);
}
