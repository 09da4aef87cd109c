import type { Writable } from 'node:stream';
import { FLAG_FIELDS, listValues, VOTER_FIELD_LABELS, VOTER_FIELDS, type VoterField, type VoterFieldSpec } from '@shared/voters/voter-fields';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import type { VoterRow } from '../../db/schema';
import { columnLetters, type DocumentProperties, type ListValidation, XlsxWorkbookWriter } from '../../lib/spreadsheets/xlsx-sheet-writer';
import { ABOUT_SHEET, aboutRows, type ExportStamp, exportProperties, printFooter } from './voter-export-stamp';
import { VOTER_COLUMNS } from './import/voter-columns';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WIDE = new Set<VoterField>(VOTER_FIELDS.filter((field) => 'wide' in field && field.wide).map((field) => field.name));
const columnWidth = (field: VoterField) => (WIDE.has(field) ? 28 : 16);

const EXPORT_COLUMNS = VOTER_COLUMNS.map((field) => ({ header: VOTER_FIELD_LABELS[field], width: columnWidth(field) }));

const text = (value: string | null) => (value === null ? null : neutralizeCell(value));

// One voter as spreadsheet cells, in VOTER_COLUMNS order. Every text goes through
// neutralizeCell, so a name like "=HYPERLINK(...)" is never run by a spreadsheet.
export function exportRowValues(row: VoterRow): (string | number | null)[] {
  return VOTER_COLUMNS.map((field) => {
    if (FLAG_FIELDS.has(field)) return row[field] === 1 ? 'Yes' : 'No';
    const value = row[field];
    return typeof value === 'number' ? value : text(value);
  });
}

// Writes the pages as they come, then the "About this file" sheet and the document properties
// (both carry the row count, known only now); `complete` is false when the client went away
// first. After each page the writer waits until the zip and the client have taken it in, so
// memory stays flat however many voters there are.
export async function writeVoterExport(stream: Writable, pages: AsyncIterable<VoterRow[]>, stamp: ExportStamp): Promise<{ rows: number; complete: boolean }> {
  const writer = new XlsxWorkbookWriter(stream, [
    { name: 'Voters', columns: EXPORT_COLUMNS, printFooter: printFooter(stamp) },
    { name: ABOUT_SHEET, columns: [{ header: ABOUT_SHEET, width: 26 }, { header: '', width: 100 }] },
  ]);
  let count = 0;
  for await (const page of pages) {
    if (stream.destroyed) return { rows: count, complete: false };
    await writer.addRows(page.map(exportRowValues));
    count += page.length;
  }
  await writer.nextSheet();
  await writer.addRows(aboutRows(stamp, { rows: count, complete: true }));
  await writer.end(exportProperties(stamp, { rows: count }));
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

const ALLOWED_SHEET = 'Allowed values';
const TEMPLATE_COLUMNS = VOTER_COLUMNS.map((field) => ({ header: VOTER_FIELD_LABELS[field], width: columnWidth(field) }));

// A drop-down on each template column whose values are a closed list, fed from its column of
// the second sheet. Only a warning: the import also takes other spellings (yes, OBC, aliases).
const TEMPLATE_LISTS: ListValidation[] = ALLOWED.flatMap(([field, values], index) => {
  const spec = VOTER_FIELDS.find((candidate) => candidate.name === field);
  if (!spec || spec.kind === 'text') return [];
  const column = VOTER_COLUMNS.indexOf(field);
  if (column < 0) return [];
  const letters = columnLetters(index);
  return [{ column, source: `'${ALLOWED_SHEET}'!$${letters}$2:$${letters}$${values.length + 1}` }];
});

// Bold headers, an example row, a second sheet of the allowed values of each list column.
export async function writeImportTemplate(stream: Writable, properties: DocumentProperties = {}): Promise<void> {
  const writer = new XlsxWorkbookWriter(stream, [
    { name: 'Voters', columns: TEMPLATE_COLUMNS, validations: TEMPLATE_LISTS },
    { name: ALLOWED_SHEET, columns: ALLOWED.map(([field]) => ({ header: VOTER_FIELD_LABELS[field], width: 20 })) },
  ]);
  await writer.addRows([VOTER_COLUMNS.map((field) => EXAMPLE.get(field) ?? null)]);
  await writer.nextSheet();
  const longest = Math.max(...ALLOWED.map(([, values]) => values.length));
  await writer.addRows(Array.from({ length: longest }, (_, index) => ALLOWED.map(([, values]) => values[index] ?? null)));
  await writer.end({ title: 'Voter import template', ...properties });
}
