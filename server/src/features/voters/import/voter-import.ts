import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { IMPORT_ERROR_DETAILS_MAX, type ImportError, type ImportResult } from '@shared/voters/voter-import-schema';
import type { VoterField, VoterInput } from '@shared/voters/voter-schema';
import type { ImportTuning } from '../../../config';
import type { Dialect } from '../../../db/connection';
import { refreshPlannerStatistics } from '../../../db/planner-statistics';
import type { Database } from '../../../db/schema';
import { HttpError } from '../../../plugins/http-error';
import { deferVoterIndexes, findLiveVoters, insertVoters, rebuildDeferredIndexes, steerToVoterIdIndex, updateVoterFields } from '../voter-bulk-repository';
import { countVoters, isUniqueViolation } from '../voters-repository';
import { importsRunning } from './import-activity';
import { columnNameOf, type FileHeader, FileReadError, type ReadBatch, type ReadRow, repeatedMessage } from './read-voter-rows';
import type { SpreadsheetKind } from './spreadsheet-readers';
import { voterRowsFrom } from './voter-rows-source';

export { IMPORT_BATCH_SIZE } from './read-voter-rows';

// Building the filter indexes after the rows (SQLite) pays once the file holds at least half as
// many voters again as the table (measured: updating an index costs a row ~3 µs, building it
// ~2 µs for every row then in the table), and only for files large enough to be worth a rebuild.
const DEFER_INDEXES_MIN_ROWS = 50_000;
const DEFER_INDEXES_GROWTH = 1.5;

export interface ImportOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  // The embedded database's handle, for its bulk insert path; absent on PostgreSQL.
  sqlite?: SQLite.Database;
  path: string;
  kind: SpreadsheetKind;
  userId: number;
  updateExisting: boolean;
  tuning?: ImportTuning;
  // Where the time went, for the server log: saving batches, building deferred indexes, and
  // waiting for the file reader (a large file's reading runs beside the saving).
  onFinished?: (timings: ImportTimings) => void;
}

export interface ImportTimings {
  savingMs: number;
  indexBuildMs: number;
  waitingForReaderMs: number;
  indexesDeferred: boolean;
}

// A database failure while saving, kept apart from a failure to read the file.
class SaveError extends Error {
  constructor(readonly original: unknown) {
    super('save failed');
  }
}

// Lets requests waiting on the event loop run between long synchronous steps.
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function importVoters(options: ImportOptions): Promise<ImportResult> {
  const { db, dialect, userId, updateExisting, sqlite } = options;
  const liveAtStart = await countVoters(db, {}, { kind: 'all' }, dialect);
  let liveAtLastRefresh = liveAtStart;
  let imported = 0;
  let updated = 0;
  let errors = 0;
  const errorDetails: ImportError[] = [];
  let header: FileHeader | undefined;
  const timings: ImportTimings = { savingMs: 0, indexBuildMs: 0, waitingForReaderMs: 0, indexesDeferred: false };

  const addErrors = (count: number, details: readonly ImportError[]) => {
    errors += count;
    for (const detail of details) if (errorDetails.length < IMPORT_ERROR_DETAILS_MAX) errorDetails.push(detail);
  };
  const columnName = (field: VoterField) => columnNameOf(header, field);

  const saveBatch = async (rows: readonly ReadRow[]) => {
    const outcome = await db.transaction().execute(async (trx) => {
      await steerToVoterIdIndex(trx, dialect);
      const existing = await findLiveVoters(trx, rows.map((pending) => pending.input.voter_id), sqlite);
      const fresh: VoterInput[] = [];
      const problems: ImportError[] = [];
      let changed = 0;
      for (const pending of rows) {
        const voter = existing.get(pending.input.voter_id);
        if (voter !== undefined && pending.repeatOf !== undefined) {
          // An earlier row of the file saved (or named) this voter ID.
          problems.push({ row: pending.row, column: columnName('voter_id'), message: repeatedMessage(pending.input.voter_id, pending.repeatOf) });
        } else if (voter === undefined) fresh.push(pending.input);
        else if (updateExisting) {
          // Counted as updated even when it already matched the file: it now does.
          await updateVoterFields(trx, voter, pending.input, { userId });
          changed += 1;
        } else problems.push({ row: pending.row, column: columnName('voter_id'), message: `Voter ID ${pending.input.voter_id} already exists` });
      }
      await insertVoters(trx, fresh, { userId, sqlite });
      return { inserted: fresh.length, changed, problems };
    });
    // Counted only once the batch is committed.
    imported += outcome.inserted;
    updated += outcome.changed;
    addErrors(outcome.problems.length, outcome.problems);
    // Each time the table has doubled, the planners learn its new size.
    if (liveAtStart + imported >= 2 * liveAtLastRefresh) {
      await refreshPlannerStatistics(db, dialect);
      liveAtLastRefresh = liveAtStart + imported;
    }
  };

  const saveWithRetry = async (rows: readonly ReadRow[]) => {
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

  // The first batch tells how large the file is (rows read against the share of the file read).
  const deferIndexesFor = async (batch: ReadBatch) => {
    if (!sqlite || batch.progress <= 0 || importsRunning() > 1) return;
    const expectedRows = batch.lastRow / batch.progress;
    if (expectedRows < (options.tuning?.deferIndexesMinRows ?? DEFER_INDEXES_MIN_ROWS) || expectedRows < DEFER_INDEXES_GROWTH * liveAtStart) return;
    await deferVoterIndexes(db, sqlite);
    timings.indexesDeferred = true;
  };

  try {
    let first = true;
    let waitingSince = performance.now();
    for await (const event of voterRowsFrom(options.path, options.kind, { workerMinBytes: options.tuning?.workerMinBytes })) {
      if (event.type === 'header') {
        header = event.header;
        continue;
      }
      const savingSince = performance.now();
      timings.waitingForReaderMs += savingSince - waitingSince;
      const { batch } = event;
      if (first) await deferIndexesFor(batch);
      first = false;
      addErrors(batch.errorCount, batch.errorDetails);
      if (batch.rows.length > 0) await saveWithRetry(batch.rows);
      waitingSince = performance.now();
      timings.savingMs += waitingSince - savingSince;
    }
  } catch (error) {
    if (error instanceof SaveError) throw error.original;
    if (!(error instanceof FileReadError)) throw error;
    // A damaged or refused file: what was committed stays, the unfinished batch is dropped.
    const saved = imported + updated > 0 ? `; ${imported + updated} voters before it were saved` : '';
    const cause = error.original;
    if (cause instanceof HttpError) throw saved ? new HttpError(cause.statusCode, `${cause.message}${saved}`) : cause;
    throw new HttpError(400, `The file could not be read after row ${error.lastRow}${saved}`);
  } finally {
    if (timings.indexesDeferred && sqlite) {
      const buildingSince = performance.now();
      await rebuildDeferredIndexes(db, sqlite, yieldToOthers);
      await refreshPlannerStatistics(db, dialect);
      timings.indexBuildMs = performance.now() - buildingSince;
    }
    options.onFinished?.(timings);
  }
  // Duplicates surface when their batch is saved, after later rows' errors: list them in row order.
  errorDetails.sort((a, b) => a.row - b.row);
  return { imported, updated, errors, errorDetails, unknownColumns: header?.unknownColumns ?? [] };
}
