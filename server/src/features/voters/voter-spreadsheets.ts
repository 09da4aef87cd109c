import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { listValues, VOTER_FIELD_LABELS, VOTER_FIELDS, type VoterField, type VoterFieldSpec } from '@shared/voters/voter-fields';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import type { VoterRow } from '../../db/schema';
import { XlsxSheetWriter } from '../../lib/spreadsheets/xlsx-sheet-writer';
import { VOTER_COLUMNS } from './import/voter-columns';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WIDE = new Set<VoterField>(VOTER_FIELDS.filter((field) => 'wide' in field && field.wide).map((field) => field.name));
const columnWidth = (field: VoterField) => (WIDE.has(field) ? 28 : 16);

// The import template (bold headers, a second sheet of allowed values) is written by exceljs,
// which (~17 MB once loaded) loads with the first template; the export has its own writer.
async function newWorkbook(stream: Writable) {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
}

function addVoterSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet('Voters', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = VOTER_COLUMNS.map((field) => ({ header: VOTER_FIELD_LABELS[field], key: field, width: columnWidth(field) }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

const EXPORT_COLUMNS = VOTER_COLUMNS.map((field) => ({ header: VOTER_FIELD_LABELS[field], width: columnWidth(field) }));

const text = (value: string | null) => (value === null ? null : neutralizeCell(value));

// One voter as spreadsheet cells, in VOTER_COLUMNS order. Every text goes through
// neutralizeCell, so a name like "=HYPERLINK(...)" is never run by a spreadsheet.
export function exportRowValues(row: VoterRow): (string | number | null)[] {
  return VOTER_COLUMNS.map((field) => {
    if (field === 'present_in_city' || field === 'is_dead') return row[field] === 1 ? 'Yes' : 'No';
    const value = row[field];
    return typeof value === 'number' ? value : text(value);
  });
}

// Writes the pages as they come; `complete` is false when the client went away first. After
// each page the writer waits until the zip and the client have taken it in, so memory stays
// flat however many voters there are.
export async function writeVoterExport(stream: Writable, pages: AsyncIterable<VoterRow[]>): Promise<{ rows: number; complete: boolean }> {
  const writer = new XlsxSheetWriter(stream, 'Voters', EXPORT_COLUMNS);
  let count = 0;
  for await (const page of pages) {
    if (stream.destroyed) return { rows: count, complete: false };
    await writer.addRows(page.map(exportRowValues));
    count += page.length;
  }
  await writer.end();
  return { rows: count, complete: !stream.destroyed || stream.writableFinished };
}

const EXAMPLE = new Map<VoterField, string | number>(VOTER_FIELDS.flatMap((field) => ('example' in field ? [[field.name, field.example] as const] : [])));

// The template's second sheet: the values of each list field, then the Yes/No fields.
function allowedValues(field: VoterFieldSpec): readonly (string | number)[] | undefined {
  if (field.kind === 'list') return listValues(field);
  if (field.kind === 'int' && field.form?.choices) return field.form.choices;
  return field.templateValues;
}
const ALLOWED: [VoterField, readonly (string | number)[]][] = [
  ...VOTER_FIELDS.flatMap((field) => {
    const values = allowedValues(field);
    return values ? [[field.name, values] as [VoterField, readonly (string | number)[]]] : [];
  }),
  ...VOTER_FIELDS.filter((field) => field.kind === 'flag').map((field): [VoterField, readonly string[]] => [field.name, ['Yes', 'No']]),
];

export async function writeImportTemplate(stream: Writable): Promise<void> {
  const workbook = await newWorkbook(stream);
  const sheet = addVoterSheet(workbook);
  sheet.getRow(1).commit();
  sheet.addRow(VOTER_COLUMNS.map((field) => EXAMPLE.get(field) ?? null)).commit();
  sheet.commit();
  const lists = workbook.addWorksheet('Allowed values', { views: [{ state: 'frozen', ySplit: 1 }] });
  lists.columns = ALLOWED.map(([field]) => ({ header: VOTER_FIELD_LABELS[field], width: 20 }));
  lists.getRow(1).font = { bold: true };
  const longest = Math.max(...ALLOWED.map(([, values]) => values.length));
  for (let index = 0; index < longest; index += 1) lists.addRow(ALLOWED.map(([, values]) => values[index] ?? null)).commit();
  lists.commit();
  await workbook.commit();
}
