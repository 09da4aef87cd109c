import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { RollAbsentVoter, RollCommitResult, RollCorrection, RollImport, RollImportSummary, RollReviewFilter, RollReviewRow, RollValues } from '@shared/rolls/roll-import-schema';
import type { RollCoverFacts } from '@shared/rolls/roll-types';
import { isBooth } from '@shared/reference/booths';
import { TALUKA_VALUES, VILLAGES } from '@shared/reference/voter-lists';
import { voterInputSchema } from '@shared/voters/voter-schema';
import type { BoothRecord } from '@shared/booths/booth-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { RollImportRow, UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { boothRecordOf, findBooth, updateBooth } from '../booths/booths-repository';
import { dropOpenPairsOf } from '../duplicates/duplicates-repository';
import { leaveHousehold } from '../households/households-use-cases';
import { trackImport } from '../voters/import/import-activity';
import { processPhoto } from '../voters/voter-photos';
import { rowToInput } from '../voters/voter-rows';
import { findVoter, insertVoter, softDeleteVoter, updateVoterFields } from '../voters/voters-repository';
import { boothNumberOf } from '@shared/reference/booths';
import { photoPathOf, removeImportFiles, type RollImportJobs } from './roll-import-jobs';
import {
  absentVoters,
  coversOf,
  deleteImportVoters,
  findImportVoter,
  findRollImport,
  importVotersOf,
  insertRollImport,
  liveVotersByEpic,
  recentRollImports,
  type StoredRollVoter,
  updateImportVoter,
  updateRollImport,
} from './roll-import-repository';
import { changesOf, flaggedFieldsOf, parseBox, reviewRowOf, rollVoterFields, valuesOf } from './roll-import-review';
import type { RollReader } from './roll-reader-seam';

// What the roll import's routes do (docs/roll-import.md): upload, follow, review, correct,
// commit, cancel.

export const ROLL_IMPORT_NOT_FOUND = 'Roll import not found';
export const ROLL_NOT_IN_REVIEW = 'This roll import is not waiting for review';
export const ROLL_IMPORT_ENDED = 'This roll import has already ended';
export const ROLL_COMMITTING = 'This roll import is being saved; it cannot be cancelled now';
export const ROLL_CHOOSE_BOOTH = 'Choose the booth of this part';
export const ROLL_ONLY_ABSENT = 'Only voters the roll no longer lists can be deleted here';
export const ROLL_CROP_UNAVAILABLE = 'The roll file of this import is no longer kept';

export interface RollActor {
  user: UserRow;
  ipAddress: string;
}

const auditBase = (actor: RollActor) => ({ userId: actor.user.id, userName: actor.user.full_name, ipAddress: actor.ipAddress });

async function importOrThrow(db: Executor, id: number): Promise<RollImportRow> {
  const row = await findRollImport(db, id);
  if (!row) throw new HttpError(404, ROLL_IMPORT_NOT_FOUND);
  return row;
}

// ---- Upload ---------------------------------------------------------------------------------

export async function startRollImports(ctx: AppContext, jobs: RollImportJobs, actor: RollActor, uploads: readonly { path: string; fileName: string }[]): Promise<RollImportRow[]> {
  const now = new Date().toISOString();
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const inserted: RollImportRow[] = [];
    for (const upload of uploads) {
      const row = await insertRollImport(trx, { fileName: upload.fileName, filePath: upload.path, userId: actor.user.id, now, owner: ctx.liveness.owner });
      await recordAudit(trx, { ...auditBase(actor), action: 'UPLOAD_ROLL', tableName: 'roll_imports', recordId: row.id, recordName: upload.fileName });
      inserted.push(row);
    }
    return inserted;
  });
  for (const row of rows) jobs.enqueue(row.id);
  return rows;
}

// ---- The import as the screen sees it ---------------------------------------------------------

function secondsLeft(row: RollImportRow, now: number): number | null {
  if (row.state !== 'reading' || !row.started_at || row.pages_done === 0 || row.page_count === 0) return null;
  const elapsed = (now - Date.parse(row.started_at)) / 1000;
  return Math.max(0, Math.round((elapsed / row.pages_done) * (row.page_count - row.pages_done)));
}

const firstCover = (covers: readonly RollCoverFacts[]): RollCoverFacts | null => covers.find((cover) => cover.partNo !== null) ?? covers[0] ?? null;

interface ReviewedImport {
  rows: RollReviewRow[];
  absent: StoredRollVoter[];
}

// Every box of the import compared with the voters stored now (a part holds a few thousand).
async function reviewImport(ctx: AppContext, row: RollImportRow): Promise<ReviewedImport> {
  const boxes = await importVotersOf(ctx.db, row.id);
  const epics = [...new Set(boxes.map((box) => box.epic).filter((epic): epic is string => epic !== null))];
  const stored = await liveVotersByEpic(ctx.db, epics);
  const rows = boxes.map((box) => reviewRowOf(box, row.booth, box.epic ? stored.get(box.epic) : undefined));
  const absent = row.booth ? await absentVoters(ctx.db, row.id, row.booth) : [];
  return { rows, absent };
}

function summaryOf(reviewed: ReviewedImport, cover: RollCoverFacts | null): RollImportSummary {
  const count = (status: RollReviewRow['status']) => reviewed.rows.filter((row) => row.status === status).length;
  const listed = reviewed.rows.filter((row) => !row.deleted);
  const counted = {
    male: listed.filter((row) => row.values.gender === 'Male').length,
    female: listed.filter((row) => row.values.gender === 'Female').length,
    third: listed.filter((row) => row.values.gender === 'Third').length,
    total: listed.length,
  };
  const printed = cover?.totals.total ?? null;
  return {
    boxes: reviewed.rows.length,
    flagged: reviewed.rows.filter((row) => row.flagged).length,
    new: count('new'),
    changed: count('changed'),
    unchanged: count('unchanged'),
    deleted: count('deleted'),
    invalid: count('invalid'),
    absent: reviewed.absent.length,
    counted,
    totalsMatch: printed === null ? null : printed === counted.total,
  };
}

// The review's comparison (summary) only when asked: the list of imports leaves it out.
export async function rollImportDto(ctx: AppContext, row: RollImportRow, withSummary = true): Promise<RollImport> {
  const cover = firstCover(await coversOf(ctx.db, row.id));
  const summary = withSummary && row.state === 'review' ? summaryOf(await reviewImport(ctx, row), cover) : null;
  return {
    id: row.id,
    state: row.state,
    file_name: row.file_name,
    part_no: row.part_no,
    booth: row.booth,
    page_count: row.page_count,
    pages_done: row.pages_done,
    voters_found: row.voters_found,
    seconds_left: secondsLeft(row, Date.now()),
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    cover,
    summary,
    result: row.result ? (JSON.parse(row.result) as RollCommitResult) : null,
  };
}

export async function getRollImport(ctx: AppContext, id: number): Promise<RollImport> {
  return rollImportDto(ctx, await importOrThrow(ctx.db, id));
}

export async function listRollImports(ctx: AppContext): Promise<RollImport[]> {
  const rows = await recentRollImports(ctx.db, 20);
  return Promise.all(rows.map((row) => rollImportDto(ctx, row, false)));
}

const FILTERS: Record<RollReviewFilter, (row: RollReviewRow) => boolean> = {
  all: () => true,
  flagged: (row) => row.flagged,
  new: (row) => row.status === 'new',
  changed: (row) => row.status === 'changed',
  deleted: (row) => row.status === 'deleted',
  invalid: (row) => row.status === 'invalid',
};

export async function listReviewRows(ctx: AppContext, id: number, query: { filter: RollReviewFilter; page: number; limit: number }): Promise<{ rows: RollReviewRow[]; total: number; page: number; limit: number }> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state !== 'review') return { rows: [], total: 0, page: query.page, limit: query.limit };
  const matching = (await reviewImport(ctx, row)).rows.filter(FILTERS[query.filter]);
  const start = (query.page - 1) * query.limit;
  return { rows: matching.slice(start, start + query.limit), total: matching.length, page: query.page, limit: query.limit };
}

export async function listAbsentVoters(ctx: AppContext, id: number): Promise<RollAbsentVoter[]> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state !== 'review' || !row.booth) return [];
  const absent = await absentVoters(ctx.db, row.id, row.booth);
  return absent.map((voter) => ({ id: voter.id, voter_id: voter.voter_id, full_name: voter.full_name, part_serial: voter.part_serial, house_no: voter.house_no, age: voter.age }));
}

// ---- Correcting a box --------------------------------------------------------------------------

export async function correctReviewRow(ctx: AppContext, actor: RollActor, id: number, n: number, body: RollCorrection): Promise<RollReviewRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await importOrThrow(trx, id);
    if (row.state !== 'review') throw new HttpError(409, ROLL_NOT_IN_REVIEW);
    const voter = await findImportVoter(trx, id, n);
    if (!voter) throw new HttpError(404, ROLL_IMPORT_NOT_FOUND);
    const corrected: Partial<RollValues> = { ...(voter.corrected ? (JSON.parse(voter.corrected) as Partial<RollValues>) : {}), ...(body.values ?? {}) };
    const next = { ...voter, corrected: Object.keys(corrected).length > 0 ? JSON.stringify(corrected) : null };
    const box = parseBox(voter);
    const values = valuesOf(next, box);
    // Saving a row's values is a person's review of it.
    const reviewed = body.reviewed ?? (body.values !== undefined ? true : voter.reviewed === 1);
    const stillFlagged = !reviewed && flaggedFieldsOf(box, values, Object.keys(corrected)).length > 0;
    const changes = {
      corrected: next.corrected,
      epic: values.epic,
      serial_no: values.serialNo,
      reviewed: reviewed ? 1 : 0,
      flagged: stillFlagged ? 1 : 0,
      apply: body.apply === undefined ? voter.apply : body.apply ? 1 : 0,
    };
    await updateImportVoter(trx, id, n, changes);
    await recordAudit(trx, {
      ...auditBase(actor),
      action: 'CORRECT_ROLL_BOX',
      tableName: 'roll_imports',
      recordId: id,
      recordName: row.file_name,
      details: { n, fields: Object.keys(body.values ?? {}), apply: body.apply, reviewed: body.reviewed },
    });
    const stored = values.epic ? (await liveVotersByEpic(trx, [values.epic])).get(values.epic) : undefined;
    return reviewRowOf({ ...voter, ...changes }, row.booth, stored);
  });
}

// ---- Cancelling -------------------------------------------------------------------------------

export async function cancelRollImport(ctx: AppContext, jobs: RollImportJobs, actor: RollActor, id: number): Promise<RollImport> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state === 'committing') throw new HttpError(409, ROLL_COMMITTING);
  if (row.state === 'done' || row.state === 'cancelled' || row.state === 'failed') throw new HttpError(409, ROLL_IMPORT_ENDED);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const done = await updateRollImport(trx, id, { state: 'cancelled', finished_at: new Date().toISOString(), file_path: null }, ['queued', 'reading', 'review']);
    if (done) await recordAudit(trx, { ...auditBase(actor), action: 'CANCEL_ROLL_IMPORT', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: { state: row.state } });
    return done;
  });
  if (!cancelled) throw new HttpError(409, ROLL_IMPORT_ENDED);
  jobs.abort(id);
  // A roll being read is cleaned up by its job once the reader stops.
  if (row.state !== 'reading') {
    await deleteImportVoters(ctx.db, id);
    await removeImportFiles(row.file_path);
  }
  return getRollImport(ctx, id);
}

// ---- The crop of a box ------------------------------------------------------------------------

export async function cropOfBox(ctx: AppContext, reader: RollReader, id: number, n: number): Promise<Buffer> {
  const row = await importOrThrow(ctx.db, id);
  const voter = await findImportVoter(ctx.db, id, n);
  if (!voter) throw new HttpError(404, ROLL_IMPORT_NOT_FOUND);
  if (!row.file_path || (row.state !== 'review' && row.state !== 'reading')) throw new HttpError(410, ROLL_CROP_UNAVAILABLE);
  const box = parseBox(voter);
  return reader.renderRollCrop(row.file_path, box.page, box.rect);
}

// ---- Commit -------------------------------------------------------------------------------------

// Short transactions with a pause between them. SQLite's driver works on the server's one
// thread, so while a transaction runs nobody else is answered: a transaction stops taking boxes
// after COMMIT_SLICE_MS (a new voter costs several milliseconds with its counts and search
// terms, more on a loaded machine), and a voter list asked meanwhile waits for one slice at most
// (bench/roll-import-bench.ts). The pause lets the waiting requests run before the next slice.
const COMMIT_BATCH = 10;
const COMMIT_SLICE_MS = 20;
const PAUSE_MS = 5;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

// The booth record filled from the cover where the cover says something the booth lacks or
// differs on; village and taluka only when they are values of the lists.
function boothFromCover(record: BoothRecord, cover: RollCoverFacts, partNo: number | null): BoothRecord {
  const sections = cover.sections
    .map((section) => ({ number: Number.parseInt(section.number, 10), name: section.name.normalize('NFC').trim().slice(0, 120) }))
    .filter((section, index, all) => Number.isInteger(section.number) && section.number >= 1 && section.number <= 999 && section.name !== '' && all.findIndex((other) => other.number === section.number) === index)
    .slice(0, 60);
  const inRange = (value: number | null) => (value !== null && Number.isInteger(value) && value >= 1 && value <= 9999 ? value : null);
  return {
    ...record,
    part_number: inRange(partNo) ?? record.part_number,
    polling_station_number: inRange(cover.pollingStationNumber) ?? record.polling_station_number,
    polling_station_name: clip(cover.pollingStationName?.normalize('NFC') ?? null, 200) ?? record.polling_station_name,
    polling_station_address: clip(cover.pollingStationAddress?.normalize('NFC') ?? null, 500) ?? record.polling_station_address,
    village: cover.village && VILLAGES.includes(cover.village) && (!record.taluka || cover.taluka === null) ? cover.village : record.village,
    taluka: cover.taluka && TALUKA_VALUES.includes(cover.taluka) ? cover.taluka : record.taluka,
    sections: sections.length > 0 ? sections : record.sections,
  };
}

async function fillBooth(trx: Executor, actor: RollActor, booth: string, cover: RollCoverFacts | null, partNo: number | null): Promise<boolean> {
  const number = boothNumberOf(booth);
  if (number === undefined || (!cover && partNo === null)) return false;
  const existing = await findBooth(trx, number);
  if (!existing) return false;
  const before = boothRecordOf(existing);
  const after = cover ? boothFromCover(before, cover, partNo) : { ...before, part_number: partNo ?? before.part_number };
  const changed = (Object.keys(after) as (keyof BoothRecord)[]).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  if (changed.length === 0) return false;
  const updated = await updateBooth(trx, number, after, { userId: actor.user.id, expectedVersion: existing.version });
  if (!updated) return false;
  await recordAudit(trx, { ...auditBase(actor), action: 'UPDATE_BOOTH', tableName: 'booths', recordId: number, recordName: booth, details: { fields: changed, from: 'roll' } });
  return true;
}

async function photoOf(ctx: AppContext, filePath: string | null, n: number): Promise<string | null> {
  if (!filePath) return null;
  try {
    const bytes = await readFile(photoPathOf(filePath, n));
    return await ctx.photos.save(await processPhoto(bytes));
  } catch {
    // A photo that cannot be read is left out; the voter is saved without it.
    return null;
  }
}

// `photos` carries over between batches: a box left for the next slice keeps its saved photo.
async function commitBatch(ctx: AppContext, actor: RollActor, row: RollImportRow, booth: string, afterN: number, result: RollCommitResult, photos: Map<number, string | null>): Promise<number | null> {
  const boxes = await importVotersOf(ctx.db, row.id, { afterN, limit: COMMIT_BATCH });
  if (boxes.length === 0) return null;
  // Photos are decoded before the transaction: it holds no slow work.
  for (const box of boxes) if (box.has_photo === 1 && box.apply === 1 && !photos.has(box.n)) photos.set(box.n, await photoOf(ctx, row.file_path, box.n));
  let lastN = afterN;
  await ctx.bulkDb.transaction().execute(async (trx) => {
    const started = performance.now();
    const epics = [...new Set(boxes.map((box) => box.epic).filter((epic): epic is string => epic !== null))];
    const stored = await liveVotersByEpic(trx, epics);
    for (const box of boxes) {
      // The slice is used up: the rest of the batch goes in the next transaction.
      if (lastN !== afterN && performance.now() - started > COMMIT_SLICE_MS) break;
      lastN = box.n;
      const read = parseBox(box);
      const values = valuesOf(box, read);
      const existing = values.epic ? stored.get(values.epic) : undefined;
      if (box.apply !== 1) {
        result.skipped += 1;
        continue;
      }
      if (read.deleted) {
        // Deleting is the normal soft delete, audited, and only in the part's own booth.
        if (existing && existing.booth === booth && (await softDeleteVoter(trx, existing.id, { userId: actor.user.id }))) {
          await recordAudit(trx, { ...auditBase(actor), action: 'DELETE_VOTER', tableName: 'voters', recordId: existing.id, recordName: voterRecordName(existing), details: { roll_import: row.id } });
          await dropOpenPairsOf(trx, existing.id);
          stored.delete(values.epic!);
          result.deleted += 1;
        } else result.skipped += 1;
        continue;
      }
      const fields = rollVoterFields(values, booth);
      if (!fields) {
        result.skipped += 1;
        continue;
      }
      if (!existing) {
        const parsed = voterInputSchema.safeParse({ voter_no: String(fields.part_serial), ...fields });
        if (!parsed.success) {
          result.skipped += 1;
          continue;
        }
        const inserted = await insertVoter(trx, parsed.data, { userId: actor.user.id, voterImage: photos.get(box.n) ?? null });
        photos.delete(box.n);
        stored.set(fields.voter_id, { ...inserted });
        result.created += 1;
        continue;
      }
      const changes = changesOf(fields, existing);
      if (changes.length === 0) {
        result.unchanged += 1;
        continue;
      }
      const current = await findVoter(trx, existing.id, { kind: 'all' });
      if (!current) {
        result.skipped += 1;
        continue;
      }
      const merged = voterInputSchema.safeParse({ ...rowToInput(current), ...Object.fromEntries(changes.map((change) => [change.field, change.to])) });
      if (!merged.success) {
        result.skipped += 1;
        continue;
      }
      await updateVoterFields(trx, current, merged.data, { userId: actor.user.id });
      // A voter who moved booth or house leaves their household (issue 20).
      if (changes.some((change) => change.field === 'booth' || change.field === 'house_no')) await leaveHousehold(trx, current);
      stored.set(fields.voter_id, { ...existing, ...Object.fromEntries(changes.map((change) => [change.field, change.to])) });
      result.updated += 1;
    }
  });
  return lastN;
}

// Saves the reviewed part: one short transaction per batch, so a stop part-way leaves whole batches;
// committing again is safe (saved voters compare as unchanged).
export async function commitRollImport(ctx: AppContext, actor: RollActor, id: number, body: { booth?: string; delete_voter_ids: number[] }): Promise<RollImport> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state !== 'review') throw new HttpError(409, ROLL_NOT_IN_REVIEW);
  const booth = body.booth ?? row.booth;
  if (!booth) throw new HttpError(400, ROLL_CHOOSE_BOOTH, { booth: ROLL_CHOOSE_BOOTH });
  if (!isBooth(booth)) throw new HttpError(400, 'Choose a booth from the list', { booth: 'Choose a booth from the list' });
  const absent = new Set((await absentVoters(ctx.db, id, booth)).map((voter) => voter.id));
  if (body.delete_voter_ids.some((voterId) => !absent.has(voterId))) throw new HttpError(400, ROLL_ONLY_ABSENT, { delete_voter_ids: ROLL_ONLY_ABSENT });
  if (!(await updateRollImport(ctx.db, id, { state: 'committing', booth, error: null }, ['review']))) throw new HttpError(409, ROLL_NOT_IN_REVIEW);
  const result: RollCommitResult = { created: 0, updated: 0, unchanged: 0, deleted: 0, skipped: 0, boothUpdated: false };
  try {
    await trackImport(async () => {
      let afterN = 0;
      const photos = new Map<number, string | null>();
      for (;;) {
        const last = await commitBatch(ctx, actor, { ...row, booth }, booth, afterN, result, photos);
        if (last === null) break;
        afterN = last;
        await pause();
      }
      const cover = firstCover(await coversOf(ctx.db, id));
      await ctx.db.transaction().execute(async (trx) => {
        for (const voterId of body.delete_voter_ids) {
          const voter = await findVoter(trx, voterId, { kind: 'all' });
          if (voter && voter.booth === booth && (await softDeleteVoter(trx, voterId, { userId: actor.user.id }))) {
            await recordAudit(trx, { ...auditBase(actor), action: 'DELETE_VOTER', tableName: 'voters', recordId: voterId, recordName: voterRecordName(voter), details: { roll_import: id, absent_from_roll: true } });
            await dropOpenPairsOf(trx, voterId);
            result.deleted += 1;
          }
        }
        result.boothUpdated = await fillBooth(trx, actor, booth, cover, row.part_no);
        await recordAudit(trx, {
          ...auditBase(actor),
          action: 'IMPORT_ROLL',
          tableName: 'roll_imports',
          recordId: id,
          recordName: row.file_name,
          details: { booth, part_no: row.part_no, ...result },
        });
        await updateRollImport(trx, id, { state: 'done', result: JSON.stringify(result), finished_at: new Date().toISOString(), file_path: null }, ['committing']);
      });
    });
  } catch (error) {
    // Back to review: what was saved stays saved (whole slices), an audit row records how much,
    // and a second commit finishes the rest (saved voters compare as unchanged).
    await updateRollImport(ctx.db, id, { state: 'review', error: 'The commit stopped part-way; commit again to finish' }, ['committing']).catch(() => {});
    await recordAudit(ctx.db, { ...auditBase(actor), action: 'IMPORT_ROLL', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: { booth, part_no: row.part_no, stopped_part_way: true, ...result } }).catch(() => {});
    throw error;
  }
  await deleteImportVoters(ctx.db, id).catch(() => {});
  await removeImportFiles(row.file_path);
  return getRollImport(ctx, id);
}
