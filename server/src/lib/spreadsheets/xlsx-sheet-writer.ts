import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';

// An .xlsx written straight into a stream: sheets one after the other, each a header row
// (bold, frozen) then rows of text and numbers, as fast as the rows come, and the document
// properties (who wrote it and when) last, once everything is known. exceljs' streaming writer
// spent ~2 µs a cell building a cell object, its XML and its bookkeeping (a million voters: over
// a minute on this kind of machine, 75% of the export); our sheets are plain cells, so their XML
// is written here as text and zipped by yazl (deflate at level 1: the XML is repetitive, so the
// file is still ~7 times smaller). The import template (two sheets, a drop-down list per list
// column) is written by this writer too, so exceljs is no longer needed at run time.

export type SheetCell = string | number | null;

export interface SheetColumn {
  header: string;
  width: number;
}

// A drop-down list on a column's data cells, its values taken from a range (a formula such as
// 'Allowed values'!$A$2:$A$9).
export interface ListValidation {
  column: number;
  source: string;
}

export interface SheetSpec {
  name: string;
  columns: readonly SheetColumn[];
  // Printed at the foot of every page (Excel's page footer: 255 characters at most).
  printFooter?: string;
  validations?: readonly ListValidation[];
}

// What File > Info > Properties shows: docProps/core.xml, app.xml and custom.xml.
export interface DocumentProperties {
  title?: string;
  subject?: string;
  creator?: string;
  lastModifiedBy?: string;
  description?: string;
  keywords?: string;
  category?: string;
  created?: Date;
  application?: string;
  company?: string;
  custom?: Readonly<Record<string, string>>;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_PROPS_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes';
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// Style 1 of the styles part: the bold header cells.
const BOLD = 1;
// The rows a drop-down list covers below the header.
const VALIDATED_ROWS = 10_000;

function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
    '<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>' +
    '</Types>'
  );
}

const ROOT_RELATIONSHIPS =
  `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${PACKAGE_RELATIONSHIPS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${RELATIONSHIPS}/extended-properties" Target="docProps/app.xml"/>` +
  `<Relationship Id="rId4" Type="${RELATIONSHIPS}/custom-properties" Target="docProps/custom.xml"/></Relationships>`;

function workbookRelationships(sheetCount: number): string {
  const sheets = Array.from({ length: sheetCount }, (_, index) => `<Relationship Id="rId${index + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`).join('');
  return `${XML_HEADER}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheets}<Relationship Id="rId${sheetCount + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
}

function workbookXml(names: readonly string[]): string {
  const sheets = names.map((name, index) => `<sheet name="${xmlText(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('');
  return `${XML_HEADER}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

// The least a styles part holds for Excel (a font, the fill pair, a border, a cell format),
// plus a bold font and the cell format that uses it.
const STYLES =
  `${XML_HEADER}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const optional = (tag: string, value: string | undefined) => (value === undefined ? '' : `<${tag}>${xmlText(value)}</${tag}>`);

function coreXml(properties: DocumentProperties, now: Date): string {
  const created = (properties.created ?? now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `${XML_HEADER}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    optional('dc:title', properties.title) +
    optional('dc:subject', properties.subject) +
    optional('dc:creator', properties.creator) +
    optional('cp:keywords', properties.keywords) +
    optional('dc:description', properties.description) +
    optional('cp:lastModifiedBy', properties.lastModifiedBy) +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified>` +
    optional('cp:category', properties.category) +
    '</cp:coreProperties>'
  );
}

function appXml(properties: DocumentProperties): string {
  return (
    `${XML_HEADER}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="${DOC_PROPS_TYPES}">` +
    optional('Application', properties.application) +
    '<DocSecurity>0</DocSecurity>' +
    optional('Company', properties.company) +
    '</Properties>'
  );
}

// Custom properties: the format ID every custom property carries, pids from 2.
function customXml(properties: DocumentProperties): string {
  const items = Object.entries(properties.custom ?? {})
    .map(([name, value], index) => `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${index + 2}" name="${xmlText(name)}"><vt:lpwstr>${xmlText(value)}</vt:lpwstr></property>`)
    .join('');
  return `${XML_HEADER}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="${DOC_PROPS_TYPES}">${items}</Properties>`;
}

// In a page header or footer "&" starts a code (&P is the page number): a plain one is "&&".
export function footerText(text: string): string {
  return text.replaceAll('&', '&&').slice(0, 255);
}

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

function cellXml(reference: string, value: string | number, style: number): string {
  const styled = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"${styled}><v>${value}</v></c>` : '';
  const space = EDGE_SPACE.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${styled} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

// Buffer this much sheet XML before handing it to the zip: fewer, larger writes.
const CHUNK_CHARS = 256 * 1024;

function sheetHead(spec: SheetSpec): string {
  const widths = spec.columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`).join('');
  return (
    `${XML_HEADER}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>`
  );
}

// What follows the rows, in the order the schema wants: lists, margins, then the page footer.
function sheetTail(spec: SheetSpec): string {
  let xml = '</sheetData>';
  const validations = spec.validations ?? [];
  if (validations.length > 0) {
    xml += `<dataValidations count="${validations.length}">`;
    for (const { column, source } of validations) {
      const letters = columnLetters(column);
      xml += `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${letters}2:${letters}${VALIDATED_ROWS + 1}"><formula1>${xmlText(source)}</formula1></dataValidation>`;
    }
    xml += '</dataValidations>';
  }
  xml += '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>';
  if (spec.printFooter) xml += `<headerFooter><oddFooter>${xmlText(spec.printFooter)}</oddFooter></headerFooter>`;
  return `${xml}</worksheet>`;
}

// Sheets are written in the order given: rows go to the current sheet, nextSheet() moves on,
// end() closes the last one and adds the document properties.
export class XlsxWorkbookWriter {
  private readonly zip = new ZipFile();
  private readonly mtime = new Date();
  private sheet = new PassThrough({ highWaterMark: 1024 * 1024 });
  private sheetIndex = 0;
  private letters: string[] = [];
  private pending = '';
  private rowNumber = 0;
  private gone = false;

  constructor(
    private readonly output: Writable,
    private readonly specs: readonly SheetSpec[],
  ) {
    if (specs.length === 0) throw new Error('A workbook needs a sheet');
    this.addPart('[Content_Types].xml', contentTypes(specs.length));
    this.addPart('_rels/.rels', ROOT_RELATIONSHIPS);
    this.addPart('xl/_rels/workbook.xml.rels', workbookRelationships(specs.length));
    this.addPart('xl/styles.xml', STYLES);
    this.addPart('xl/workbook.xml', workbookXml(specs.map((spec) => spec.name)));
    this.zip.outputStream.pipe(output);
    // The client went away: stop the zip (its output has nowhere to go).
    output.once('close', () => {
      this.gone = true;
      this.sheet.destroy();
    });
    this.startSheet();
  }

  private addPart(name: string, xml: string): void {
    this.zip.addBuffer(Buffer.from(xml), name, { mtime: this.mtime, compressionLevel: 1 });
  }

  private startSheet(): void {
    const spec = this.specs[this.sheetIndex]!;
    this.zip.addReadStream(this.sheet, `xl/worksheets/sheet${this.sheetIndex + 1}.xml`, { mtime: this.mtime, compressionLevel: 1 });
    this.letters = spec.columns.map((_, index) => columnLetters(index));
    this.rowNumber = 0;
    this.pending = sheetHead(spec);
    this.addRowXml(
      spec.columns.map((column) => column.header),
      BOLD,
    );
  }

  // Rows of the current sheet, its header included.
  get rows(): number {
    return this.rowNumber;
  }

  private addRowXml(cells: readonly SheetCell[], style = 0): void {
    this.rowNumber += 1;
    const row = this.rowNumber;
    let xml = `<row r="${row}">`;
    for (let index = 0; index < cells.length && index < this.letters.length; index += 1) {
      const value = cells[index] ?? null;
      // An empty cell is left out of the row (no reference built for it either).
      if (value !== null && value !== '') xml += cellXml(`${this.letters[index]}${row}`, value, style);
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

  private async endSheet(): Promise<void> {
    this.pending += sheetTail(this.specs[this.sheetIndex]!);
    await this.flush();
    if (!this.sheet.destroyed) this.sheet.end();
  }

  // Closes the current sheet and starts the next one.
  async nextSheet(): Promise<void> {
    if (this.sheetIndex + 1 >= this.specs.length) throw new Error('No sheet left to start');
    await this.endSheet();
    this.sheetIndex += 1;
    this.sheet = new PassThrough({ highWaterMark: 1024 * 1024 });
    if (this.gone) this.sheet.destroy();
    this.startSheet();
  }

  // Ends the last sheet (sheets never started are written empty) and the archive, the document
  // properties last; resolves when the output has everything (or is gone).
  async end(properties: DocumentProperties = {}): Promise<void> {
    while (this.sheetIndex + 1 < this.specs.length) await this.nextSheet();
    await this.endSheet();
    if (this.sheet.destroyed) return;
    const now = new Date();
    this.addPart('docProps/core.xml', coreXml(properties, now));
    this.addPart('docProps/app.xml', appXml(properties));
    this.addPart('docProps/custom.xml', customXml(properties));
    const abort = new AbortController();
    const finished = Promise.race([once(this.output, 'finish', { signal: abort.signal }), once(this.output, 'close', { signal: abort.signal })]);
    this.zip.end();
    await finished.catch(() => undefined).finally(() => abort.abort());
  }
}

// One sheet, the export's original shape.
export class XlsxSheetWriter extends XlsxWorkbookWriter {
  constructor(output: Writable, sheetName: string, columns: readonly SheetColumn[]) {
    super(output, [{ name: sheetName, columns }]);
  }
}
