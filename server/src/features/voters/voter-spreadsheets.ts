import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { BOOTHS } from '@shared/reference/booths';
import {
  CASTES,
  CASTE_VALUES,
  CATEGORY_VALUES,
  DISABILITY_VALUES,
  GENDER_VALUES,
  HEAD_OF_HOUSE_VALUES,
  OCCUPATION_SUBCATEGORY_VALUES,
  OCCUPATION_VALUES,
  POLITICAL_PREFERENCE_VALUES,
  RELIGION_VALUES,
  TALUKA_VALUES,
  VILLAGES,
} from '@shared/reference/voter-lists';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import { VOTER_FIELD_LABELS, type VoterField } from '@shared/voters/voter-schema';
import type { VoterRow } from '../../db/schema';
import { XlsxSheetWriter } from '../../lib/spreadsheets/xlsx-sheet-writer';
import { VOTER_COLUMNS } from './import/voter-columns';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WIDE = new Set<VoterField>(['full_name', 'father_husband_name', 'ward_area', 'comment', 'present_city_name']);
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

const EXAMPLE: Partial<Record<VoterField, string | number>> = {
  voter_no: '1',
  full_name: 'Rahul Shivaji Chavan',
  voter_id: 'ABC1234567',
  age: 34,
  gender: 'Male',
  date_of_birth: '1991-05-02',
  father_husband_name: 'Shivaji Chavan',
  religion: 'Hindu',
  disability: 'No',
  mobile_number: '9876543210',
  whatsapp_number: '9876543210',
  house_no: '12/A',
  ward_area: 'Shivaji Nagar',
  village: 'Arambhi',
  booth: 'Booth-01',
  district: 'Yavatmal',
  taluka: 'Digras',
  present_in_city: 'Yes',
  category: 'obc',
  caste: 'Kunbi',
  sub_caste: 'Khaire',
  political_preference: 'Congress',
  party_designation: 'Member',
  head_of_house: 1,
  occupation: 'Farmer',
  occupation_subcategory: 'self',
  is_dead: 'No',
  comment: '',
};

const ALLOWED: [VoterField, readonly (string | number)[]][] = [
  ['gender', GENDER_VALUES],
  ['religion', RELIGION_VALUES],
  ['disability', DISABILITY_VALUES],
  ['taluka', TALUKA_VALUES],
  ['village', VILLAGES],
  ['booth', BOOTHS],
  ['category', CATEGORY_VALUES],
  ['caste', CASTE_VALUES],
  ['sub_caste', [...new Set(CASTES.flatMap((caste) => caste.subcastes))]],
  ['political_preference', POLITICAL_PREFERENCE_VALUES],
  ['head_of_house', HEAD_OF_HOUSE_VALUES],
  ['occupation', OCCUPATION_VALUES],
  ['occupation_subcategory', OCCUPATION_SUBCATEGORY_VALUES],
  ['present_in_city', ['Yes', 'No']],
  ['is_dead', ['Yes', 'No']],
];

export async function writeImportTemplate(stream: Writable): Promise<void> {
  const workbook = await newWorkbook(stream);
  const sheet = addVoterSheet(workbook);
  sheet.getRow(1).commit();
  sheet.addRow(VOTER_COLUMNS.map((field) => EXAMPLE[field] ?? null)).commit();
  sheet.commit();
  const lists = workbook.addWorksheet('Allowed values', { views: [{ state: 'frozen', ySplit: 1 }] });
  lists.columns = ALLOWED.map(([field]) => ({ header: VOTER_FIELD_LABELS[field], width: 20 }));
  lists.getRow(1).font = { bold: true };
  const longest = Math.max(...ALLOWED.map(([, values]) => values.length));
  for (let index = 0; index < longest; index += 1) lists.addRow(ALLOWED.map(([, values]) => values[index] ?? null)).commit();
  lists.commit();
  await workbook.commit();
}
