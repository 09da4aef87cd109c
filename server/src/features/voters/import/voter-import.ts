import type { ControlledTransaction, Kysely } from 'kysely';
import { IMPORT_ERROR_DETAILS_MAX, IMPORT_WARNING_DETAILS_MAX, type ImportError, type ImportResult, type ImportWarning } from '@shared/voters/voter-import-schema';
import { VOTER_FIELD_LABELS, type VoterField, type VoterInput, voterInputSchema } from '@shared/voters/voter-schema';
import type { ImportTuning } from '../../../config';
import type { DatabaseDialect, VoterInserter } from '../../../db/dialects/database-dialect';
import type { Database } from '../../../db/schema';
import { SpreadsheetError } from '../../../lib/spreadsheets/spreadsheet-error';
import type { SpreadsheetKind } from '../../../lib/spreadsheets/spreadsheet-readers';
import { spreadsheetHttpError } from '../../../plugins/error-handler';
import { HttpError } from '../../../plugins/http-error';
import { rowToInput } from '../voter-rows';
import { countVoters, updateVoterFields } from '../voters-repository';
import { importsElsewhere, importsRunning } from './import-activity';
import { type PackedVoters, unpackValues, unpackVoter } from './packed-voters';
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
  dialect: DatabaseDialect;
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

// Batches share a transaction as the database prefers (dialect.voterImport): on SQLite a few,
// since each commit rewrites every index page its batches touched. Other requests wait for the
// database meanwhile, so a transaction commits after GROUP_HOLD_MS at the most (and one batch's
// saving).
const GROUP_HOLD_MS = 2000;

interface Group {
  trx: ControlledTransaction<Database>;
  openedAt: number;
  batches: number;
  outcome: BatchOutcome;
  // The group's new voters, added (and on SQLite indexed and counted) together before it commits.
  inserter?: VoterInserter;
}

interface BatchOutcome {
  inserted: number;
  changed: number;
  problems: ImportError[];
  // The warnings of the rows saved (the reader's, of rows refused here, are dropped).
  warnings: number;
  warningDetails: ImportWarning[];
}

// A database failure while saving, kept apart from a failure to read the file.
class SaveError extends Error {
  constructor(readonly original: unknown) {
    super('save failed');
  }
}

// A matched voter as the file leaves it: the file's columns over the stored fields.
function mergeFileColumns(stored: VoterInput, fromFile: VoterInput, fields: readonly VoterField[]): VoterInput {
  const merged: Record<string, unknown> = { ...stored };
  for (const field of fields) merged[field] = fromFile[field];
  return merged as VoterInput;
}

// Lets requests waiting on the event loop run between long synchronous steps.
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function importVoters(options: ImportOptions): Promise<ImportResult> {
  const { db, dialect, userId, updateExisting } = options;
  const { voterImport } = dialect;
  const liveAtStart = await countVoters(db, {}, { kind: 'all' }, dialect);
  let liveAtLastRefresh = liveAtStart;
  let imported = 0;
  let updated = 0;
  let errors = 0;
  const errorDetails: ImportError[] = [];
  let warnings = 0;
  const warningDetails: ImportWarning[] = [];
  let header: FileHeader | undefined;
  const timings: ImportTimings = { savingMs: 0, indexBuildMs: 0, waitingForReaderMs: 0, indexesDeferred: false };

  const addErrors = (count: number, details: readonly ImportError[]) => {
    errors += count;
    for (const detail of details) if (errorDetails.length < IMPORT_ERROR_DETAILS_MAX) errorDetails.push(detail);
  };
  const columnName = (field: VoterField) => columnNameOf(header, field);
  let inFile: readonly VoterField[] | undefined;
  const fileFields = () => (inFile ??= header?.names.map(([field]) => field) ?? []);

  // One batch's voters saved in the group's transaction; counted once it commits.
  const saveRows = async (group: Group, voters: PackedVoters, readWarnings: readonly ImportWarning[]): Promise<BatchOutcome> => {
    const existing = await dialect.findLiveVoters(group.trx, voters.voterIds);
    const fresh: number[] = [];
    const problems: ImportError[] = [];
    let changed = 0;
    let warned = 0;
    const savedRows = readWarnings.length > 0 ? new Set<number>() : undefined;
    const saved = (index: number) => {
      warned += voters.warnings[index] as number;
      savedRows?.add(voters.rowNumbers[index] as number);
    };
    for (let index = 0; index < voters.count; index += 1) {
      const voterId = voters.voterIds[index] as string;
      const row = voters.rowNumbers[index] as number;
      const repeatOf = voters.repeatOf[index] as number;
      const voter = existing.get(voterId);
      if (voter !== undefined && repeatOf !== 0) {
        // An earlier row of the file saved (or named) this voter ID.
        problems.push({ row, column: columnName('voter_id'), message: repeatedMessage(voterId, repeatOf) });
      } else if (voter === undefined) {
        fresh.push(index);
        saved(index);
      } else if (updateExisting) {
        // Only the file's columns change: a field it has no column for keeps its value. The
        // merged voter is checked as a whole (a new caste against the kept sub-caste, say).
        const merged = voterInputSchema.safeParse(mergeFileColumns(rowToInput(voter), unpackVoter(voters, index), fileFields()));
        if (!merged.success) {
          const issue = merged.error.issues[0];
          const field = String(issue?.path[0] ?? '') as VoterField;
          problems.push({ row, column: field in VOTER_FIELD_LABELS ? columnName(field) : '', message: issue?.message ?? 'Invalid voter' });
          continue;
        }
        // Counted as updated even when it already matched the file: it now does.
        await updateVoterFields(group.trx, voter, merged.data, { userId });
        changed += 1;
        saved(index);
      } else problems.push({ row, column: columnName('voter_id'), message: `Voter ID ${voterId} already exists` });
    }
    if (fresh.length > 0) {
      group.inserter ??= dialect.startVoterInsert(group.trx, { userId, now: new Date().toISOString() });
      await group.inserter.add(unpackValues(voters, fresh.length === voters.count ? undefined : fresh));
    }
    const warningDetails = savedRows ? readWarnings.filter((detail) => savedRows.has(detail.row)) : [];
    return { inserted: fresh.length, changed, problems, warnings: warned, warningDetails };
  };

  const committed = async (outcome: BatchOutcome) => {
    imported += outcome.inserted;
    updated += outcome.changed;
    addErrors(outcome.problems.length, outcome.problems);
    warnings += outcome.warnings;
    for (const detail of outcome.warningDetails) if (warningDetails.length < IMPORT_WARNING_DETAILS_MAX) warningDetails.push(detail);
    // Each time the table has doubled, the planners learn its new size (only its size while
    // the filter indexes wait for the import's end: they are analysed once built).
    if (liveAtStart + imported >= 2 * liveAtLastRefresh) {
      await dialect.refreshPlannerStatistics(db, timings.indexesDeferred ? 'sizes' : undefined);
      liveAtLastRefresh = liveAtStart + imported;
    }
  };

  let group: Group | undefined;
  const saveInGroup = async (voters: PackedVoters, readWarnings: readonly ImportWarning[]) => {
    group ??= { trx: await db.startTransaction().execute(), openedAt: performance.now(), batches: 0, outcome: { inserted: 0, changed: 0, problems: [], warnings: 0, warningDetails: [] } };
    const { outcome } = group;
    try {
      const saved = await saveRows(group, voters, readWarnings);
      outcome.inserted += saved.inserted;
      outcome.changed += saved.changed;
      outcome.problems.push(...saved.problems);
      outcome.warnings += saved.warnings;
      outcome.warningDetails.push(...saved.warningDetails);
    } catch (error) {
      throw new SaveError(error);
    }
    group.batches += 1;
    const full = group.batches >= (options.tuning?.batchesPerTransaction ?? voterImport.batchesPerTransaction);
    if (full || performance.now() - group.openedAt >= GROUP_HOLD_MS) await endGroup('commit');
  };
  const endGroup = async (end: 'commit' | 'rollback') => {
    const ending = group;
    group = undefined;
    if (!ending) return;
    if (end === 'commit') {
      try {
        await ending.inserter?.finish();
        await ending.trx.commit().execute();
      } catch (error) {
        await ending.trx.rollback().execute().catch(() => {});
        throw new SaveError(error);
      }
      await committed(ending.outcome);
      return;
    }
    // After some failures the database has rolled back already; the connection is released either way.
    await ending.trx.rollback().execute().catch(() => {});
  };

  // A group of one batch (PostgreSQL's) that met a voter ID another connection saved between
  // our check and our insert is saved once more; a group of several has no other writer.
  const saveBatch = async (voters: PackedVoters, readWarnings: readonly ImportWarning[]) => {
    const alone = group === undefined;
    try {
      await saveInGroup(voters, readWarnings);
    } catch (error) {
      const cause = error instanceof SaveError ? error.original : error;
      if (!alone || dialect.classifyError(cause) !== 'unique-violation') throw error;
      await endGroup('rollback');
      await saveInGroup(voters, readWarnings);
    }
  };

  // The first batch tells how large the file is (rows read against the share of the file read).
  const deferIndexesFor = async (batch: ReadBatch) => {
    // Not beside another import (in this process or another): its rows would pay for the rebuild.
    if (batch.progress <= 0 || importsRunning() > 1 || importsElsewhere() > 0) return;
    const expectedRows = batch.lastRow / batch.progress;
    if (expectedRows < (options.tuning?.deferIndexesMinRows ?? DEFER_INDEXES_MIN_ROWS) || expectedRows < DEFER_INDEXES_GROWTH * liveAtStart) return;
    timings.indexesDeferred = await voterImport.deferIndexes(db);
  };

  voterImport.setImporting(true);
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
      if (batch.voters.count > 0) await saveBatch(batch.voters, batch.warningDetails);
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
    if (timings.indexesDeferred) {
      const buildingSince = performance.now();
      await voterImport.rebuildDeferredIndexes(db, yieldToOthers);
      await dialect.refreshPlannerStatistics(db);
      timings.indexBuildMs = performance.now() - buildingSince;
    }
    if (importsRunning() <= 1) voterImport.setImporting(false);
    options.onFinished?.(timings);
  }
  // Duplicates surface when their batch is saved, after later rows' errors: list them in row order.
  errorDetails.sort((a, b) => a.row - b.row);
  return { imported, updated, errors, errorDetails, warnings, warningDetails, unknownColumns: header?.unknownColumns ?? [] };
}
