import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { IMPORT_ERROR_DETAILS_MAX, IMPORT_ROWS_MAX, type ImportError, type ImportResult } from '@shared/voters/voter-import-schema';
import { VOTER_FIELD_LABELS, type VoterField, type VoterInput, voterInputSchema } from '@shared/voters/voter-schema';
import type { Dialect } from '../../../db/connection';
import { refreshPlannerStatistics } from '../../../db/planner-statistics';
import type { Database } from '../../../db/schema';
import { HttpError, TEXT_HAS_NUL } from '../../../plugins/error-handler';
import { findLiveVoters, insertVoters, steerToVoterIdIndex, updateVoterFields } from '../voter-bulk-repository';
import { countVoters, isUniqueViolation } from '../voters-repository';
import { FirstRows } from './first-rows';
import { fieldForHeader, FLAG_FIELDS, flagText, unneutralizeCell } from './voter-columns';
import { readSheetRows, type SheetRow, type SpreadsheetKind } from './spreadsheet-readers';

// Rows are saved a batch at a time, each batch in one transaction: a file that breaks midway
// keeps the batches already committed and never half of one.
export const IMPORT_BATCH_SIZE = 5000;
const REQUIRED_FIELDS: VoterField[] = ['voter_no', 'full_name', 'voter_id'];

interface HeaderMap {
  columns: { index: number; field: VoterField }[];
  // What the file calls each field, so errors name the column the user sees.
  names: Map<VoterField, string>;
  unknown: string[];
}

interface PendingRow {
  row: number;
  input: VoterInput;
}

export interface ImportOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  // The embedded database's handle, for its bulk insert path; absent on PostgreSQL.
  sqlite?: SQLite.Database;
  path: string;
  kind: SpreadsheetKind;
  userId: number;
  updateExisting: boolean;
}

function readHeader(cells: string[]): HeaderMap {
  const columns: HeaderMap['columns'] = [];
  const names = new Map<VoterField, string>();
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const header = cell.trim();
    if (header === '') return;
    const field = fieldForHeader(header);
    if (!field || names.has(field)) {
      unknown.push(field ? `${header} (repeated column)` : header);
      return;
    }
    names.set(field, header);
    columns.push({ index, field });
  });
  const missing = REQUIRED_FIELDS.filter((field) => !names.has(field));
  if (missing.length > 0) {
    throw new HttpError(400, `The file has no ${missing.map((field) => VOTER_FIELD_LABELS[field]).join(', ')} column; download the template for the expected headers`);
  }
  return { columns, names, unknown };
}

function rowFields(header: HeaderMap, cells: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { index, field } of header.columns) {
    const text = unneutralizeCell(cells[index] ?? '');
    if (FLAG_FIELDS.has(field)) {
      const flag = flagText(text);
      if (flag !== undefined) fields[field] = flag;
    } else {
      fields[field] = text;
    }
  }
  return fields;
}

// A database failure while saving, kept apart from a failure to read the file.
class SaveError extends Error {
  constructor(readonly original: unknown) {
    super('save failed');
  }
}

const isBlank = (row: SheetRow) => row.cells.every((cell) => cell.trim() === '');

export async function importVoters(options: ImportOptions): Promise<ImportResult> {
  const { db, dialect, userId, updateExisting } = options;
  const liveAtStart = await countVoters(db, {}, { kind: 'all' }, dialect);
  let liveAtLastRefresh = liveAtStart;
  let imported = 0;
  let updated = 0;
  let errors = 0;
  const errorDetails: ImportError[] = [];
  let header: HeaderMap | undefined;
  // The row that first held each voter ID, to report repeats within the file: exact for the
  // batch being filled, hashed for the rows before it (confirmed below).
  const firstRows = new FirstRows();
  let batchRows = new Map<string, number>();
  let batch: PendingRow[] = [];
  let dataRows = 0;
  let lastRow = 0;

  // A row of an earlier batch with the same hash is the same voter ID when that ID is now a
  // live voter (that row saved or updated it, or it was there already and that row was
  // reported); otherwise two IDs merely share a hash.
  const earlierRow = async (voterId: string): Promise<number | undefined> => {
    const candidate = firstRows.candidate(voterId);
    if (candidate === undefined) return undefined;
    return (await findLiveVoters(db, [voterId])).size > 0 ? candidate : undefined;
  };

  const addError = (row: number, column: string, message: string) => {
    errors += 1;
    if (errorDetails.length < IMPORT_ERROR_DETAILS_MAX) errorDetails.push({ row, column, message });
  };
  const columnName = (field: VoterField) => header?.names.get(field) ?? VOTER_FIELD_LABELS[field];

  const saveBatch = async (rows: PendingRow[]) => {
    const outcome = await db.transaction().execute(async (trx) => {
      await steerToVoterIdIndex(trx, dialect);
      const existing = await findLiveVoters(trx, rows.map((pending) => pending.input.voter_id));
      const fresh: VoterInput[] = [];
      const duplicates: PendingRow[] = [];
      let changed = 0;
      for (const pending of rows) {
        const voter = existing.get(pending.input.voter_id);
        if (voter === undefined) fresh.push(pending.input);
        else if (updateExisting) {
          // Counted as updated even when it already matched the file: it now does.
          await updateVoterFields(trx, voter, pending.input, { userId });
          changed += 1;
        } else duplicates.push(pending);
      }
      await insertVoters(trx, fresh, { userId, sqlite: options.sqlite });
      return { inserted: fresh.length, changed, duplicates };
    });
    // Counted only once the batch is committed.
    imported += outcome.inserted;
    updated += outcome.changed;
    // Each time the table has doubled, the planners learn its new size.
    if (liveAtStart + imported >= 2 * liveAtLastRefresh) {
      await refreshPlannerStatistics(db, dialect);
      liveAtLastRefresh = liveAtStart + imported;
    }
    for (const pending of outcome.duplicates) addError(pending.row, columnName('voter_id'), `Voter ID ${pending.input.voter_id} already exists`);
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    batchRows = new Map();
    try {
      await saveBatch(rows);
    } catch (error) {
      // Someone saved one of these voter IDs between our check and our insert: try once more.
      if (!isUniqueViolation(error)) throw new SaveError(error);
      await saveBatch(rows).catch((again: unknown) => {
        throw new SaveError(again);
      });
    }
  };

  try {
    for await (const row of readSheetRows(options.path, options.kind)) {
      lastRow = row.number;
      if (isBlank(row)) continue;
      if (!header) {
        header = readHeader(row.cells);
        continue;
      }
      dataRows += 1;
      if (dataRows > IMPORT_ROWS_MAX) {
        addError(row.number, '', `A file may hold at most ${IMPORT_ROWS_MAX.toLocaleString('en-US')} voters; this row and those after it were not read`);
        break;
      }
      const fields = rowFields(header, row.cells);
      // PostgreSQL refuses NUL in text (the whole batch would fail) and SQLite would keep it:
      // the same row error on both.
      const withNul = Object.keys(fields).find((field) => fields[field]?.includes('\u0000'));
      if (withNul) {
        addError(row.number, columnName(withNul as VoterField), TEXT_HAS_NUL);
        continue;
      }
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
      const first = batchRows.get(voterId) ?? (await earlierRow(voterId));
      if (first !== undefined) {
        addError(row.number, columnName('voter_id'), `Voter ID ${voterId} appears more than once in the file (first on row ${first})`);
        continue;
      }
      firstRows.remember(voterId, row.number);
      batchRows.set(voterId, row.number);
      batch.push({ row: row.number, input: parsed.data });
      if (batch.length >= IMPORT_BATCH_SIZE) await flush();
    }
  } catch (error) {
    if (error instanceof SaveError) throw error.original;
    // A damaged or refused file: what was committed stays, the unfinished batch is dropped.
    const saved = imported + updated > 0 ? `; ${imported + updated} voters before it were saved` : '';
    if (error instanceof HttpError) throw saved ? new HttpError(error.statusCode, `${error.message}${saved}`) : error;
    throw new HttpError(400, `The file could not be read after row ${lastRow}${saved}`);
  }
  if (!header) throw new HttpError(400, 'The file is empty');
  try {
    await flush();
  } catch (error) {
    throw error instanceof SaveError ? error.original : error;
  }
  // Duplicates surface when their batch is saved, after later rows' errors: list them in row order.
  errorDetails.sort((a, b) => a.row - b.row);
  return { imported, updated, errors, errorDetails, unknownColumns: header.unknown };
}
