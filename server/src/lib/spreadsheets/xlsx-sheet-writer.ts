import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';

// A one-sheet .xlsx written straight into a stream: a header row (frozen), then rows of text and
// numbers, as fast as the rows come. exceljs' streaming writer spent ~2 µs a cell building a
// cell object, its XML and its bookkeeping (a million voters: over a minute on this kind of
// machine, 75% of the export); an export has one sheet of plain cells, so its XML is written
// here as text and zipped by yazl (deflate at level 1: the XML is repetitive, so the file is
// still ~7 times smaller). exceljs still writes the styled, multi-sheet import template.

export type SheetCell = string | number | null;

export interface SheetColumn {
  header: string;
  width: number;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  // The least a styles part holds for Excel: one font, fill pair, border and cell format.
  [
    'xl/styles.xml',
    `${XML_HEADER}<styleSheet xmlns="${MAIN}">` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  ],
];

// Characters XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; unpaired surrogates;
// U+FFFE and U+FFFF) are left out, as exceljs did; the five markup characters are escaped.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_PLAIN = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  if (!NOT_PLAIN.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(MARKUP, (character) => ENTITIES[character]!);
}

// A, B, … Z, AA, AB, …
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// Spaces at either end of a text survive only with xml:space="preserve".
const EDGE_SPACE = /^\s|\s$/;

function cellXml(reference: string, value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"><v>${value}</v></c>` : '';
  const space = EDGE_SPACE.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}" t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

// Buffer this much sheet XML before handing it to the zip: fewer, larger writes.
const CHUNK_CHARS = 256 * 1024;

export class XlsxSheetWriter {
  private readonly zip = new ZipFile();
  private readonly sheet = new PassThrough({ highWaterMark: 1024 * 1024 });
  private readonly letters: string[];
  private pending = '';
  private rowNumber = 0;

  constructor(
    private readonly output: Writable,
    sheetName: string,
    columns: readonly SheetColumn[],
  ) {
    this.letters = columns.map((_, index) => columnLetters(index));
    const mtime = new Date();
    for (const [name, xml] of STATIC_PARTS) this.zip.addBuffer(Buffer.from(xml), name, { mtime, compressionLevel: 1 });
    const workbook =
      `${XML_HEADER}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews>` +
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    this.zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml', { mtime, compressionLevel: 1 });
    this.zip.addReadStream(this.sheet, 'xl/worksheets/sheet1.xml', { mtime, compressionLevel: 1 });
    this.zip.outputStream.pipe(output);
    // The client went away: stop the zip (its output has nowhere to go).
    output.once('close', () => this.sheet.destroy());

    const widths = columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`).join('');
    this.pending =
      `${XML_HEADER}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>`;
    this.addRowXml(columns.map((column) => column.header));
  }

  get rows(): number {
    return this.rowNumber;
  }

  private addRowXml(cells: readonly SheetCell[]): void {
    this.rowNumber += 1;
    const row = this.rowNumber;
    let xml = `<row r="${row}">`;
    for (let index = 0; index < cells.length && index < this.letters.length; index += 1) {
      const value = cells[index] ?? null;
      // An empty cell is left out of the row (no reference built for it either).
      if (value !== null && value !== '') xml += cellXml(`${this.letters[index]}${row}`, value);
    }
    this.pending += `${xml}</row>`;
  }

  // Adds rows; resolves once the zip and the client have taken them in (backpressure), or at
  // once if the client has gone.
  async addRows(rows: Iterable<readonly SheetCell[]>): Promise<void> {
    for (const cells of rows) {
      this.addRowXml(cells);
      if (this.pending.length >= CHUNK_CHARS) await this.flush();
    }
  }

  private async flush(): Promise<void> {
    if (this.pending === '' || this.sheet.destroyed) return;
    const ready = this.sheet.write(this.pending);
    this.pending = '';
    if (!ready) await this.drained();
  }

  private async drained(): Promise<void> {
    const abort = new AbortController();
    await Promise.race([once(this.sheet, 'drain', { signal: abort.signal }), once(this.sheet, 'close', { signal: abort.signal })])
      .catch(() => undefined)
      .finally(() => abort.abort());
  }

  // Ends the sheet and the archive; resolves when the output has everything (or is gone).
  async end(): Promise<void> {
    this.pending += '</sheetData></worksheet>';
    await this.flush();
    if (this.sheet.destroyed) return;
    const abort = new AbortController();
    const finished = Promise.race([once(this.output, 'finish', { signal: abort.signal }), once(this.output, 'close', { signal: abort.signal })]);
    this.sheet.end();
    this.zip.end();
    await finished.catch(() => undefined).finally(() => abort.abort());
  }
}
