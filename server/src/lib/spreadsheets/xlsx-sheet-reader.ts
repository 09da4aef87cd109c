import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import type { ReadProgress, SheetRow } from './sheet-rows';
import { SpreadsheetError, UNREADABLE_SPREADSHEET } from './spreadsheet-error';
import { inspectXlsxArchive, SHARED_STRINGS_PART, WORKBOOK_RELS_PART, type ZipPart } from './xlsx-archive';
import { attributesOf, decodeXmlText, type XmlHandlers, XmlScanner } from './xml-scanner';

// The first sheet of an .xlsx, row by row, read straight from the parts the archive check
// proved sound (xlsx-archive.ts) with a strict streaming XML scanner (xml-scanner.ts).
// exceljs' streaming reader turned every XML event into an object and cost ~230 µs a row on
// this kind of machine, four times all the rest of an import; this reads what an import needs:
// - text as Excel stores it: shared strings, inline strings, formula results (never the
//   formula: nothing is evaluated), booleans as true/false, errors as nothing;
// - numbers as their shortest text, and numbers in a date format as the date (YYYY-MM-DD);
// - no DTD is allowed and no entity but XML's own five, so no external file or URL is ever
//   fetched and nothing expands.

// XFD: the last column a sheet may have.
const MAX_COLUMNS = 16_384;
const WORKBOOK_PART = 'xl/workbook.xml';
const STYLES_PART = 'xl/styles.xml';
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
const CELL_ATTRIBUTES = /(?:^|\s)(r|t|s)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

// Excel's built-in number formats that show a date or time (the ones exceljs knows too).
const BUILT_IN_FORMATS: Record<number, string> = {
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

// A format shows a date when, outside quoted text and [brackets], it has a date or time part.
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

// Excel counts days from 1899-12-30 (or 1904-01-01 in the 1904 date system).
function excelDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

// Namespaces are not resolved: a prefixed <x:c> is read as <c>.
const localName = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name);

// Column letters of a cell reference ("AB12") as a 0-based index; -1 when there are none.
function columnOf(reference: string): number {
  let column = 0;
  let index = 0;
  for (; index < reference.length; index += 1) {
    const code = reference.charCodeAt(index);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > MAX_COLUMNS) throw new Error(`Cell ${reference} lies past the last column a sheet may have`);
  }
  return index === 0 ? -1 : column - 1;
}

// The text of one part, a chunk at a time, inflated and decoded (bad UTF-8 ends the reading).
async function* partText(path: string, part: ZipPart, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  if (part.dataEnd <= part.dataStart) return;
  const raw = createReadStream(path, { start: part.dataStart, end: part.dataEnd - 1, highWaterMark: 64 * 1024 });
  const bytes = part.method === 0 ? raw : raw.pipe(createInflateRaw({ chunkSize: 64 * 1024 }));
  raw.on('data', (chunk: Buffer | string) => onBytes?.(chunk.length));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } finally {
    raw.destroy();
  }
}

// Runs a whole part through the handlers.
async function parsePart(path: string, part: ZipPart | undefined, handlers: XmlHandlers): Promise<void> {
  if (!part) return;
  const scanner = new XmlScanner(handlers);
  for await (const text of partText(path, part)) scanner.write(text);
  scanner.end();
}

// The first sheet in the workbook's order (workbook.xml and its relationships), else the first
// sheet part in the archive.
async function firstSheetPart(path: string, parts: Map<string, ZipPart>): Promise<{ sheet: ZipPart | undefined; date1904: boolean }> {
  let firstId: string | undefined;
  let date1904 = false;
  await parsePart(path, parts.get(WORKBOOK_PART), {
    open: (tag, attributes) => {
      const name = localName(tag);
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributesOf(attributes).date1904 ?? '');
      if (name === 'sheet' && firstId === undefined) firstId = attributesOf(attributes)['r:id'];
    },
  });
  let target: string | undefined;
  await parsePart(path, parts.get(WORKBOOK_RELS_PART), {
    open: (tag, source) => {
      if (localName(tag) !== 'Relationship') return;
      const attributes = attributesOf(source);
      if (attributes.Id === firstId) target = attributes.Target;
    },
  });
  const named = target === undefined ? undefined : parts.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  return { sheet: named ?? [...parts.values()].find((part) => SHEET_PART.test(part.name)), date1904 };
}

// Which cell styles (by index) show numbers as dates.
async function dateStyles(path: string, part: ZipPart | undefined): Promise<boolean[]> {
  const formats = new Map<number, string>(Object.entries(BUILT_IN_FORMATS).map(([id, format]) => [Number(id), format]));
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await parsePart(path, part, {
    open: (tag, source) => {
      const name = localName(tag);
      if (name === 'numFmt') {
        const attributes = attributesOf(source);
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styleFormats.push(Number(attributesOf(source).numFmtId ?? 0));
    },
    close: (tag) => {
      if (localName(tag) === 'cellXfs') inCellXfs = false;
    },
  });
  return styleFormats.map((id) => isDateFormat(formats.get(id)));
}

// The shared strings: each <si>'s text runs joined, phonetic guides (<rPh>) left out.
async function sharedStrings(path: string, part: ZipPart | undefined): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  let inPhonetic = false;
  await parsePart(path, part, {
    open: (tag) => {
      const name = localName(tag);
      if (name === 'si') current = [];
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && current && !inPhonetic) inText = true;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
    close: (tag) => {
      const name = localName(tag);
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && current) {
        strings.push(current.join(''));
        current = undefined;
      }
    },
  });
  return strings;
}

export async function* xlsxRows(path: string, progress: ReadProgress): AsyncGenerator<SheetRow> {
  const parts = new Map((await inspectXlsxArchive(path)).map((part) => [part.name, part]));
  const { sheet, date1904 } = await firstSheetPart(path, parts);
  // A workbook without sheets is an empty file; a zip with neither workbook nor sheet (a .docx or
  // any other zip renamed) is no spreadsheet at all.
  if (!sheet && !parts.has(WORKBOOK_PART)) throw new SpreadsheetError('damaged', UNREADABLE_SPREADSHEET);
  if (!sheet) return;
  const isDateStyle = await dateStyles(path, parts.get(STYLES_PART));
  const strings = await sharedStrings(path, parts.get(SHARED_STRINGS_PART));

  const ready: SheetRow[] = [];
  let rowNumber = 0;
  let cells: string[] | undefined;
  // The cell being read: where, of what type and style, and its <v> or inline text.
  let column = 0;
  let type = 'n';
  let style = 0;
  let value = '';
  let hasValue = false;
  let capturing = false;
  let inPhonetic = false;

  const cellText = (): string => {
    switch (type) {
      case 's':
        return strings[Number.parseInt(value, 10)] ?? '';
      case 'inlineStr':
      case 'str':
        return value;
      case 'b':
        return hasValue ? String(Number.parseInt(value, 10) !== 0) : '';
      case 'e':
        return '';
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
      }
      default: {
        if (!hasValue || value.trim() === '') return '';
        const number = Number.parseFloat(value);
        return isDateStyle[style] ? excelDate(number, date1904) : String(number);
      }
    }
  };

  // A cell's r, t and s, read without building an object for each of a million cells.
  const readCell = (source: string) => {
    let reference: string | undefined;
    type = 'n';
    style = 0;
    CELL_ATTRIBUTES.lastIndex = 0;
    for (let match = CELL_ATTRIBUTES.exec(source); match; match = CELL_ATTRIBUTES.exec(source)) {
      const text = decodeXmlText(match[2] ?? match[3] ?? '');
      if (match[1] === 'r') reference = text;
      else if (match[1] === 't') type = text;
      else style = Number.parseInt(text, 10) || 0;
    }
    const at = reference === undefined ? -1 : columnOf(reference);
    column = at >= 0 ? at : column;
    if (column >= MAX_COLUMNS) throw new Error('A cell lies past the last column a sheet may have');
    value = '';
    hasValue = false;
  };

  const scanner = new XmlScanner({
    open: (tag, source) => {
      switch (localName(tag)) {
        case 'c':
          readCell(source);
          break;
        case 'v':
          capturing = true;
          hasValue = true;
          break;
        case 't':
          // Inline text (<is><t>, or runs <is><r><t>), phonetic guides left out.
          if (type === 'inlineStr' && !inPhonetic) capturing = true;
          break;
        case 'row': {
          const declared = Number.parseInt(attributesOf(source).r ?? '', 10);
          rowNumber = Number.isInteger(declared) && declared > 0 ? declared : rowNumber + 1;
          cells = [];
          column = 0;
          break;
        }
        case 'rPh':
          inPhonetic = true;
          break;
        default:
          break;
      }
    },
    text: (text) => {
      if (capturing) value += text;
    },
    close: (tag) => {
      switch (localName(tag)) {
        case 'v':
        case 't':
          capturing = false;
          break;
        case 'c':
          if (cells) {
            // Cells the row skips are empty.
            while (cells.length < column) cells.push('');
            cells[column] = cellText();
          }
          column += 1;
          break;
        case 'row':
          if (cells) ready.push({ number: rowNumber, cells });
          cells = undefined;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        default:
          break;
      }
    },
  });

  const total = Math.max(1, sheet.dataEnd - sheet.dataStart);
  let read = 0;
  for await (const text of partText(path, sheet, (bytes) => (read += bytes))) {
    scanner.write(text);
    progress.fraction = Math.min(1, read / total);
    for (const row of ready) yield row;
    ready.length = 0;
  }
  scanner.end();
  for (const row of ready) yield row;
}
