import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { UNSUPPORTED_IMPORT_TYPE } from '@shared/voters/voter-import-schema';
import { HttpError } from '../../../plugins/error-handler';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

// One row of a sheet: its number as the spreadsheet shows it (header = 1) and its cells as text.
export interface SheetRow {
  number: number;
  cells: string[];
}

// Legacy .xls files are read whole (the library has no streaming reader), so they are capped.
export const XLS_MAX_BYTES = 20 * 1024 * 1024;
// Zip-bomb limits for .xlsx: no entry may expand more than this ratio (past a small size),
// and the whole archive may not expand past the total.
const ZIP_MAX_RATIO = 100;
const ZIP_RATIO_FROM_BYTES = 1024 * 1024;
const ZIP_MAX_TOTAL_BYTES = 3 * 1024 * 1024 * 1024;

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
  throw new HttpError(400, UNSUPPORTED_IMPORT_TYPE);
}

// Reads the zip central directory and refuses archives that would expand too far, before any unpacking.
export async function assertZipIsSafe(path: string): Promise<void> {
  const bomb = new HttpError(400, 'The file expands to far more data than a spreadsheet holds and was refused');
  const damaged = new HttpError(400, 'The .xlsx file is damaged and could not be read');
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw damaged;
    let entries = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset === 0xffffffff || entries === 0xffff) {
      // Zip64: the real figures sit in the zip64 end record that the locator points to.
      const locator = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
      if (locator < 0) throw damaged;
      const record = Buffer.alloc(56);
      await handle.read(record, 0, 56, Number(tail.readBigUInt64LE(locator + 8)));
      entries = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directorySize > 64 * 1024 * 1024 || directoryOffset + directorySize > size) throw damaged;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let total = 0;
    let position = 0;
    for (let index = 0; index < entries; index += 1) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) throw damaged;
      let compressed = directory.readUInt32LE(position + 20);
      let uncompressed = directory.readUInt32LE(position + 24);
      const nameLength = directory.readUInt16LE(position + 28);
      const extraLength = directory.readUInt16LE(position + 30);
      const commentLength = directory.readUInt16LE(position + 32);
      if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
        // Zip64 extra field (id 1): the 64-bit sizes, uncompressed first, each only when needed.
        const extra = directory.subarray(position + 46 + nameLength, position + 46 + nameLength + extraLength);
        let offset = 0;
        while (offset + 4 <= extra.length) {
          const id = extra.readUInt16LE(offset);
          const length = extra.readUInt16LE(offset + 2);
          if (id === 1) {
            let field = offset + 4;
            if (uncompressed === 0xffffffff) {
              uncompressed = Number(extra.readBigUInt64LE(field));
              field += 8;
            }
            if (compressed === 0xffffffff) compressed = Number(extra.readBigUInt64LE(field));
          }
          offset += 4 + length;
        }
        if (uncompressed === 0xffffffff || compressed === 0xffffffff) throw damaged;
      }
      total += uncompressed;
      if (uncompressed > ZIP_RATIO_FROM_BYTES && uncompressed > Math.max(compressed, 1) * ZIP_MAX_RATIO) throw bomb;
      if (total > ZIP_MAX_TOTAL_BYTES) throw bomb;
      position += 46 + nameLength + extraLength + commentLength;
    }
  } finally {
    await handle.close();
  }
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

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  await assertZipIsSafe(path);
  const input = createReadStream(path);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        // exceljs numbers columns from 1; index 0 is always empty.
        yield { number: row.number, cells: values.slice(1).map(cellText) };
      }
      // Only the first sheet holds voters (a template's second sheet lists allowed values).
      break;
    }
  } finally {
    input.destroy();
  }
}

async function* xlsRows(path: string): AsyncGenerator<SheetRow> {
  if ((await stat(path)).size > XLS_MAX_BYTES) throw new HttpError(413, `A legacy .xls file must be ${XLS_MAX_BYTES / 1024 / 1024} MB or smaller; save it as .xlsx or .csv for larger imports`);
  const bytes = await readFile(path);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: true, cellFormula: false, cellHTML: false, dense: true });
  } catch {
    throw new HttpError(400, 'The .xls file is damaged and could not be read');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  for (const [index, row] of rows.entries()) yield { number: index + 1, cells: row.map(cellText) };
}

// Comma or semicolon, whichever the header line uses more.
async function csvDelimiter(path: string): Promise<string> {
  const head = (await readHead(path, 65_536)).toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

// Papaparse hands over a chunk of rows at a time (64 KB of text); the parser is paused until
// the rows are used, so memory holds one chunk however long the file.
async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const delimiter = await csvDelimiter(path);
  const input = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let pending: { rows: unknown[][]; parser: Papa.Parser } | undefined;
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
  Papa.parse<unknown[]>(input, {
    delimiter,
    skipEmptyLines: false,
    chunk: (results, parser) => {
      parser.pause();
      pending = { rows: results.data, parser };
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
        const { rows, parser } = pending;
        pending = undefined;
        for (const row of rows) {
          number += 1;
          const cells = Array.isArray(row) ? row.map((cell) => (typeof cell === 'string' ? cell : '')) : [];
          // A byte-order mark at the start belongs to no header.
          if (number === 1 && cells[0]) cells[0] = cells[0].replace(/^\uFEFF/, '');
          yield { number, cells };
        }
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

export function readSheetRows(path: string, kind: SpreadsheetKind): AsyncGenerator<SheetRow> {
  if (kind === 'xlsx') return xlsxRows(path);
  if (kind === 'xls') return xlsRows(path);
  return csvRows(path);
}
