import type SQLite from 'better-sqlite3';
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { IMPORT_ERROR_DETAILS_MAX, type ImportError, type ImportResult } from '@shared/voters/voter-import-schema';
import type { VoterField } from '@shared/voters/voter-schema';
import type { ImportTuning } from '../../../config';
import { type Dialect, importCheckpoints } from '../../../db/connection';
import { refreshPlannerStatistics } from '../../../db/planner-statistics';
import type { Database } from '../../../db/schema';
import { SpreadsheetError } from '../../../lib/spreadsheets/spreadsheet-error';
import type { SpreadsheetKind } from '../../../lib/spreadsheets/spreadsheet-readers';
import { spreadsheetHttpError } from '../../../plugins/error-handler';
import { HttpError } from '../../../plugins/http-error';
import { type BulkInsert, deferVoterIndexes, findLiveVoters, insertVoters, rebuildDeferredIndexes, startBulkInsert, steerToVoterIdIndex, updateVoterFields } from '../voter-bulk-repository';
import { countVoters, isUniqueViolation } from '../voters-repository';
import { importsRunning } from './import-activity';
import { type PackedVoters, unpackValues, unpackVoter, unpackVoters } from './packed-voters';
import { columnNameOf, type FileHeader, FileReadError, type ReadBatch, repeatedMessage } from './read-voter-rows';
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

// On SQLite a few batches share a transaction: each commit writes every page its batches
// touched, and a batch's voters touch pages all over the voter-ID index, the search index and,
// outside a bulk load, the filter indexes, so fewer, larger commits write each page fewer times
// (measured at a million voters: a bulk load 36.9 s at 5,000 rows a commit, 27.4 s at 40,000;
// 100,000 voters on top 12.7 s against 9.9 s at 20,000). Other requests wait for the database
// meanwhile, so a transaction commits after GROUP_HOLD_MS at the most (and one batch's saving).
const GROUP_BATCHES = 8;
const GROUP_HOLD_MS = 2000;

interface Group {
  trx: ControlledTransaction<Database>;
  openedAt: number;
  batches: number;
  outcome: BatchOutcome;
  // The group's new voters, indexed and counted together before it commits.
  bulk?: BulkInsert;
}

interface BatchOutcome {
  inserted: number;
  changed: number;
  problems: ImportError[];
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

  // One batch's voters saved in the given transaction; counted once it commits. On SQLite the
  // new voters go in on the group's bulk insert.
  const saveRows = async (trx: Transaction<Database>, voters: PackedVoters, inGroup?: Group): Promise<BatchOutcome> => {
    await steerToVoterIdIndex(trx, dialect);
    const existing = await findLiveVoters(trx, voters.voterIds, sqlite);
    const fresh: number[] = [];
    const problems: ImportError[] = [];
    let changed = 0;
    for (let index = 0; index < voters.count; index += 1) {
      const voterId = voters.voterIds[index] as string;
      const row = voters.rowNumbers[index] as number;
      const repeatOf = voters.repeatOf[index] as number;
      const voter = existing.get(voterId);
      if (voter !== undefined && repeatOf !== 0) {
        // An earlier row of the file saved (or named) this voter ID.
        problems.push({ row, column: columnName('voter_id'), message: repeatedMessage(voterId, repeatOf) });
      } else if (voter === undefined) fresh.push(index);
      else if (updateExisting) {
        // Counted as updated even when it already matched the file: it now does.
        await updateVoterFields(trx, voter, unpackVoter(voters, index), { userId });
        changed += 1;
      } else problems.push({ row, column: columnName('voter_id'), message: `Voter ID ${voterId} already exists` });
    }
    const indexes = fresh.length === voters.count ? undefined : fresh;
    if (fresh.length > 0 && inGroup && sqlite) {
      inGroup.bulk ??= startBulkInsert(sqlite, { userId, now: new Date().toISOString() });
      for (const values of unpackValues(voters, indexes)) inGroup.bulk.add(values);
    } else if (fresh.length > 0) await insertVoters(trx, unpackVoters(voters, indexes), { userId });
    return { inserted: fresh.length, changed, problems };
  };

  const committed = async (outcome: BatchOutcome) => {
    imported += outcome.inserted;
    updated += outcome.changed;
    addErrors(outcome.problems.length, outcome.problems);
    // Each time the table has doubled, the planners learn its new size.
    if (liveAtStart + imported >= 2 * liveAtLastRefresh) {
      await refreshPlannerStatistics(db, dialect);
      liveAtLastRefresh = liveAtStart + imported;
    }
  };

  // PostgreSQL: a batch a transaction.
  const saveBatch = async (voters: PackedVoters) => committed(await db.transaction().execute((trx) => saveRows(trx, voters)));

  const saveWithRetry = async (voters: PackedVoters) => {
    try {
      await saveBatch(voters);
    } catch (error) {
      // Another connection saved one of these voter IDs between our check and our insert: try once more.
      if (!isUniqueViolation(error)) throw new SaveError(error);
      await saveBatch(voters).catch((again: unknown) => {
        throw new SaveError(again);
      });
    }
  };

  // SQLite: batches saved in groups (GROUP_BATCHES). Nobody else writes meanwhile (the import
  // holds the only connection), so there is no race to retry.
  let group: Group | undefined;
  const saveInGroup = async (voters: PackedVoters) => {
    group ??= { trx: await db.startTransaction().execute(), openedAt: performance.now(), batches: 0, outcome: { inserted: 0, changed: 0, problems: [] } };
    const { outcome } = group;
    try {
      const saved = await saveRows(group.trx, voters, group);
      outcome.inserted += saved.inserted;
      outcome.changed += saved.changed;
      outcome.problems.push(...saved.problems);
    } catch (error) {
      throw new SaveError(error);
    }
    group.batches += 1;
    const full = group.batches >= (options.tuning?.batchesPerTransaction ?? GROUP_BATCHES);
    if (full || performance.now() - group.openedAt >= GROUP_HOLD_MS) await endGroup('commit');
  };
  const endGroup = async (end: 'commit' | 'rollback') => {
    const ending = group;
    group = undefined;
    if (!ending) return;
    if (end === 'commit') {
      try {
        ending.bulk?.finish();
        await ending.trx.commit().execute();
      } catch (error) {
        await ending.trx.rollback().execute().catch(() => {});
        throw new SaveError(error);
      }
      await committed(ending.outcome);
      return;
    }
    // After some failures SQLite has rolled back already; the connection is released either way.
    await ending.trx.rollback().execute().catch(() => {});
  };

  // The first batch tells how large the file is (rows read against the share of the file read).
  const deferIndexesFor = async (batch: ReadBatch) => {
    if (!sqlite || batch.progress <= 0 || importsRunning() > 1) return;
    const expectedRows = batch.lastRow / batch.progress;
    if (expectedRows < (options.tuning?.deferIndexesMinRows ?? DEFER_INDEXES_MIN_ROWS) || expectedRows < DEFER_INDEXES_GROWTH * liveAtStart) return;
    await deferVoterIndexes(db, sqlite);
    timings.indexesDeferred = true;
  };

  if (sqlite) importCheckpoints(sqlite, true);
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
      if (batch.voters.count > 0) await (sqlite ? saveInGroup(batch.voters) : saveWithRetry(batch.voters));
      waitingSince = performance.now();
      timings.savingMs += waitingSince - savingSince;
    }
    await endGroup('commit');
  } catch (error) {
    // The batches of an open group were read and saved whole: a file that breaks after them keeps them.
    await endGroup(error instanceof FileReadError ? 'commit' : 'rollback');
    if (error instanceof SaveError) throw error.original;
    if (!(error instanceof FileReadError)) throw error;
    // A damaged or refused file: what was committed stays, the unfinished batch is dropped.
    const saved = imported + updated > 0 ? `; ${imported + updated} voters before it were saved` : '';
    const cause = error.original instanceof SpreadsheetError ? spreadsheetHttpError(error.original) : error.original;
    if (cause instanceof HttpError) throw saved ? new HttpError(cause.statusCode, `${cause.message}${saved}`) : cause;
    throw new HttpError(400, `The file could not be read after row ${error.lastRow}${saved}`);
  } finally {
    if (timings.indexesDeferred && sqlite) {
      const buildingSince = performance.now();
      await rebuildDeferredIndexes(db, sqlite, yieldToOthers);
      await refreshPlannerStatistics(db, dialect);
      timings.indexBuildMs = performance.now() - buildingSince;
    }
    if (sqlite && importsRunning() <= 1) importCheckpoints(sqlite, false);
    options.onFinished?.(timings);
  }
  // Duplicates surface when their batch is saved, after later rows' errors: list them in row order.
  errorDetails.sort((a, b) => a.row - b.row);
  return { imported, updated, errors, errorDetails, unknownColumns: header?.unknownColumns ?? [] };
}
