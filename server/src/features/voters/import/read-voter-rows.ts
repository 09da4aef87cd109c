import { unneutralizeCell } from '@shared/spreadsheets/formula-cells';
import { IMPORT_ERROR_DETAILS_MAX, IMPORT_ROWS_MAX, IMPORT_WARNING_DETAILS_MAX, type ImportError, type ImportWarning } from '@shared/voters/voter-import-schema';
import { VOTER_FIELD_LABELS, type VoterField, voterInputSchema } from '@shared/voters/voter-schema';
import type { ReadProgress, SheetRow } from '../../../lib/spreadsheets/sheet-rows';
import { readSheetRows, type SpreadsheetKind } from '../../../lib/spreadsheets/spreadsheet-readers';
import { HttpError, TEXT_HAS_NUL } from '../../../plugins/http-error';
import { FirstRows } from './first-rows';
import { type PackedVoters, VoterPacker } from './packed-voters';
import { type ColumnKind, columnKindOf, type FileColumns, placeRowValues } from './placed-values';
import { fieldForHeader } from './voter-columns';

// Reading an import file: find the header, turn each row into a validated voter or row errors,
// spot voter IDs the file repeats, and hand the valid rows over a batch at a time. Nothing
// here touches the database, so a large file is read on a worker thread while the main
// thread saves the batches before it (read-voter-rows-worker.ts).

// Rows are saved a batch at a time, each batch in one transaction: a file that breaks midway
// keeps the batches already committed and never half of one.
export const IMPORT_BATCH_SIZE = 5000;
const REQUIRED_FIELDS: VoterField[] = ['voter_no', 'full_name', 'voter_id'];

export interface FileHeader {
  // What the file calls each field, so errors name the column the user sees.
  names: [VoterField, string][];
  unknownColumns: string[];
}

export interface ReadBatch {
  // The valid rows. A row's repeatOf is an earlier batch's row whose voter ID may be the same
  // (hashes match): a repeat when that voter ID is live by the time this batch is saved.
  voters: PackedVoters;
  // Errors found while reading these rows: every one counted, the first
  // IMPORT_ERROR_DETAILS_MAX of the file listed.
  errorCount: number;
  errorDetails: ImportError[];
  // Values the reader could not place, of rows it passed on (the first
  // IMPORT_WARNING_DETAILS_MAX of the file): the saving keeps those of the rows it saves, and
  // counts each saved row's warnings from voters.warnings.
  warningDetails: ImportWarning[];
  // The last row read, as the spreadsheet numbers it (header = 1).
  lastRow: number;
  // How much of the file has been read, 0 to 1.
  progress: number;
}

export type ReadEvent = { type: 'header'; header: FileHeader } | { type: 'batch'; batch: ReadBatch };

// A failure to read the file, with the last row read so the caller can say where it stopped.
export class FileReadError extends Error {
  constructor(
    readonly lastRow: number,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

interface HeaderMap {
  columns: { index: number; field: VoterField }[];
  // The list, yes/no and sub-caste columns, whose texts are placed before validation.
  placed: Map<VoterField, ColumnKind>;
  fileColumns: FileColumns;
  header: FileHeader;
}

function readHeader(cells: string[]): HeaderMap {
  const columns: HeaderMap['columns'] = [];
  const names = new Map<VoterField, string>();
  const unknownColumns: string[] = [];
  cells.forEach((cell, index) => {
    const text = cell.trim();
    if (text === '') return;
    const field = fieldForHeader(text);
    if (!field || names.has(field)) {
      unknownColumns.push(field ? `${text} (repeated column)` : text);
      return;
    }
    names.set(field, text);
    columns.push({ index, field });
  });
  // A roll names its serial column "Serial No" / अनुक्रमांक and has no other voter number: the
  // voter number is then the part serial, as files before the part_serial field read it.
  const serial = columns.find((column) => column.field === 'part_serial');
  if (!names.has('voter_no') && serial) {
    names.set('voter_no', names.get('part_serial')!);
    columns.push({ index: serial.index, field: 'voter_no' });
  }
  const missing = REQUIRED_FIELDS.filter((field) => !names.has(field));
  if (missing.length > 0) {
    throw new HttpError(400, `The file has no ${missing.map((field) => VOTER_FIELD_LABELS[field]).join(', ')} column; download the template for the expected headers`);
  }
  const placed = new Map<VoterField, ColumnKind>();
  for (const { field } of columns) {
    const kind = columnKindOf(field);
    if (kind !== 'text') placed.set(field, kind);
  }
  return { columns, placed, fileColumns: { hasCaste: names.has('caste') }, header: { names: [...names], unknownColumns } };
}

function rowFields(columns: HeaderMap['columns'], cells: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { index, field } of columns) fields[field] = unneutralizeCell(cells[index] ?? '');
  return fields;
}

const isBlank = (row: SheetRow) => row.cells.every((cell) => cell.trim() === '');

export function columnNameOf(header: FileHeader | undefined, field: VoterField): string {
  return header?.names.find(([name]) => name === field)?.[1] ?? VOTER_FIELD_LABELS[field];
}

// The events of one file: its header, then batches of IMPORT_BATCH_SIZE valid rows (the last
// one smaller, possibly empty) with the errors met on the way. Throws FileReadError when the
// file cannot be read on; an HttpError inside it is the user's message.
export async function* readVoterRows(path: string, kind: SpreadsheetKind): AsyncGenerator<ReadEvent> {
  const progress: ReadProgress = { fraction: 0 };
  let headerMap: HeaderMap | undefined;
  const firstRows = new FirstRows();
  let batchRows = new Map<string, number>();
  const packer = new VoterPacker(IMPORT_BATCH_SIZE);
  let errorCount = 0;
  let errorDetails: ImportError[] = [];
  let detailsListed = 0;
  let warningDetails: ImportWarning[] = [];
  let warningsListed = 0;
  let dataRows = 0;
  let lastRow = 0;

  const addError = (row: number, column: string, message: string) => {
    errorCount += 1;
    if (detailsListed < IMPORT_ERROR_DETAILS_MAX) {
      detailsListed += 1;
      errorDetails.push({ row, column, message });
    }
  };
  const columnName = (field: VoterField) => columnNameOf(headerMap?.header, field);
  const takeBatch = (): ReadEvent => {
    const batch: ReadBatch = { voters: packer.take(), errorCount, errorDetails, warningDetails, lastRow, progress: progress.fraction };
    batchRows = new Map();
    errorCount = 0;
    errorDetails = [];
    warningDetails = [];
    return { type: 'batch', batch };
  };

  try {
    for await (const row of readSheetRows(path, kind, progress)) {
      lastRow = row.number;
      if (isBlank(row)) continue;
      if (!headerMap) {
        headerMap = readHeader(row.cells);
        yield { type: 'header', header: headerMap.header };
        continue;
      }
      dataRows += 1;
      if (dataRows > IMPORT_ROWS_MAX) {
        addError(row.number, '', `A file may hold at most ${IMPORT_ROWS_MAX.toLocaleString('en-US')} voters; this row and those after it were not read`);
        break;
      }
      const fields = rowFields(headerMap.columns, row.cells);
      // PostgreSQL refuses NUL in text (the whole batch would fail) and SQLite would keep it:
      // the same row error on both.
      const withNul = Object.keys(fields).find((field) => fields[field]?.includes('\u0000'));
      if (withNul) {
        addError(row.number, columnName(withNul as VoterField), TEXT_HAS_NUL);
        continue;
      }
      const warnings = placeRowValues(fields, headerMap.placed, headerMap.fileColumns);
      const parsed = voterInputSchema.safeParse(fields);
      if (!parsed.success) {
        const reported = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '') as VoterField;
          if (reported.has(field)) continue;
          reported.add(field);
          addError(row.number, field in VOTER_FIELD_LABELS ? columnName(field) : '', issue.message);
        }
        continue;
      }
      const voterId = parsed.data.voter_id;
      const sameBatch = batchRows.get(voterId);
      if (sameBatch !== undefined) {
        addError(row.number, columnName('voter_id'), repeatedMessage(voterId, sameBatch));
        continue;
      }
      const repeatOf = firstRows.candidate(voterId);
      if (repeatOf === undefined) firstRows.remember(voterId, row.number);
      batchRows.set(voterId, row.number);
      packer.add(row.number, parsed.data, repeatOf, warnings?.length ?? 0);
      if (warnings && warningsListed < IMPORT_WARNING_DETAILS_MAX) {
        for (const { field, ...placed } of warnings) {
          if (warningsListed >= IMPORT_WARNING_DETAILS_MAX) break;
          warningsListed += 1;
          warningDetails.push({ row: row.number, column: columnName(field), ...placed });
        }
      }
      if (packer.count >= IMPORT_BATCH_SIZE) yield takeBatch();
    }
  } catch (error) {
    throw new FileReadError(lastRow, error);
  }
  if (!headerMap) throw new FileReadError(lastRow, new HttpError(400, 'The file is empty'));
  progress.fraction = 1;
  yield takeBatch();
}

export function repeatedMessage(voterId: string, firstRow: number): string {
  return `Voter ID ${voterId} appears more than once in the file (first on row ${firstRow})`;
}
