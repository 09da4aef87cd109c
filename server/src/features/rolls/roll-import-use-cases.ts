import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ROLL_CHOOSE_FROM_LIST } from '@shared/rolls/roll-import-schema';
import type { RollAbsentVoter, RollBoothCheck, RollCommitResult, RollCorrection, RollImport, RollImportSummary, RollReviewFilter, RollReviewRow, RollValues } from '@shared/rolls/roll-import-schema';
import type { RollCoverFacts } from '@shared/rolls/roll-types';
import { isBooth } from '@shared/reference/booths';
import { TALUKA_VALUES, VILLAGES } from '@shared/reference/voter-lists';
import { voterInputSchema } from '@shared/voters/voter-schema';
import type { BoothRecord } from '@shared/booths/booth-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { RollImportRow, RollImportVoterRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { boothRecordOf, findBooth, setBoothRollIdentity, updateBooth } from '../booths/booths-repository';
import { leaveHousehold } from '../households/households-use-cases';
import { trackImport } from '../voters/import/import-activity';
import { processPhoto } from '../voters/voter-photos';
import { rowToInput } from '../voters/voter-rows';
import { findVoter, insertVoter, updateVoterFields } from '../voters/voters-repository';
import { removeVoter } from '../voters/voter-lifecycle';
import { boothNumberOf } from '@shared/reference/booths';
import { photoPathOf, removeImportFiles, type RollImportJobs } from './roll-import-jobs';
import {
  absentVoters,
  boothConstituencies,
  boothOfPart,
  coversOf,
  deletedVotersByEpic,
  deleteImportVoters,
  findImportVoter,
  findRollImport,
  importVotersOf,
  insertRollImport,
  listedVotersIn,
  liveVotersByEpic,
  recentRollImports,
  takeSeenVoters,
  type StoredRollVoter,
  updateImportVoter,
  updateRollImport,
} from './roll-import-repository';
import { changesOf, editedSince, flaggedFieldsOf, parseBox, reviewRowOf, rollVoterFields, sameConstituency, valuesOf } from './roll-import-review';
import type { RollReader } from './roll-reader-seam';
import { type UserActor, userAudit } from '../audit/actor';

// What the roll import's routes do (docs/roll-import.md): upload, follow, review, correct,
// commit, cancel.

export const ROLL_IMPORT_NOT_FOUND = 'Roll import not found';
export const ROLL_NOT_IN_REVIEW = 'This roll import is not waiting for review';
export const ROLL_IMPORT_ENDED = 'This roll import has already ended';
export const ROLL_COMMITTING = 'This roll import is being saved; it cannot be cancelled now';
export const ROLL_CHOOSE_BOOTH = 'Choose the booth of this part';
export const ROLL_ONLY_ABSENT = 'Only voters the roll no longer lists can be deleted here';
export const ROLL_CROP_UNAVAILABLE = 'The roll file of this import is no longer kept';
export const ROLL_DIFFERS_FROM_BOOTH = "This roll's part or constituency differs from the booth's; confirm the difference to save it";
export const ROLL_EDITED_SINCE = 'Some voters were changed by someone else after the review and were not saved; check them and save again';

async function importOrThrow(db: Executor, id: number): Promise<RollImportRow> {
  const row = await findRollImport(db, id);
  if (!row) throw new HttpError(404, ROLL_IMPORT_NOT_FOUND);
  return row;
}

// ---- Upload ---------------------------------------------------------------------------------

export async function startRollImports(ctx: AppContext, jobs: RollImportJobs, actor: UserActor, uploads: readonly { path: string; fileName: string }[]): Promise<RollImportRow[]> {
  const now = new Date().toISOString();
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const inserted: RollImportRow[] = [];
    for (const upload of uploads) {
      const row = await insertRollImport(trx, { fileName: upload.fileName, filePath: upload.path, userId: actor.user.id, now, owner: ctx.liveness.owner });
      await recordAudit(trx, { ...userAudit(actor), action: 'UPLOAD_ROLL', tableName: 'roll_imports', recordId: row.id, recordName: upload.fileName });
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
  // The part and section numbers printed above the boxes, the most common first.
  pageParts: number[];
  sections: string[];
}

const byCount = <T>(values: readonly T[]): T[] => {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
};

// Every box of the import compared with the voters stored now (a part holds a few thousand).
async function reviewImport(ctx: AppContext, row: RollImportRow): Promise<ReviewedImport> {
  const boxes = await importVotersOf(ctx.db, row.id);
  const epics = [...new Set(boxes.map((box) => box.epic).filter((epic): epic is string => epic !== null))];
  const stored = await liveVotersByEpic(ctx.db, epics);
  const deleted = await deletedVotersByEpic(ctx.db, epics.filter((epic) => !stored.has(epic)));
  const rows = boxes.map((box) => reviewRowOf(box, row.booth, box.epic ? stored.get(box.epic) : undefined, box.epic ? (deleted.get(box.epic) ?? null) : null));
  const absent = row.booth ? await absentVoters(ctx.db, row.id, row.booth) : [];
  const read = boxes.map((box) => parseBox(box));
  const pageParts = byCount(read.map((box) => box.partNo).filter((part): part is number => part !== null)).slice(0, 10);
  const sections = byCount(read.map((box) => box.section?.trim() ?? '').filter((section) => section !== '')).slice(0, 20);
  return { rows, absent, pageParts, sections };
}

// The roll's part and constituency beside the booth's (issue 54).
async function boothCheckOf(db: Executor, row: RollImportRow, booth: string, cover: RollCoverFacts | null): Promise<RollBoothCheck | null> {
  const number = boothNumberOf(booth);
  const record = number === undefined ? undefined : await findBooth(db, number);
  if (!record) return null;
  const rollConstituency = cover?.constituency?.trim() || null;
  // A booth that records no constituency yet is compared with the ones the other booths record:
  // a roll of another constituency than the office's is told apart before its first save.
  const office = record.constituency === null ? await boothConstituencies(db) : [];
  const compared = record.constituency !== null ? [record.constituency] : office;
  return {
    booth,
    part_number: record.part_number,
    constituency: record.constituency,
    office_constituency: office[0] ?? null,
    stored_voters: await listedVotersIn(db, booth),
    part_differs: row.part_no !== null && record.part_number !== null && row.part_no !== record.part_number,
    constituency_differs: rollConstituency !== null && compared.length > 0 && !compared.some((known) => sameConstituency(rollConstituency, known)),
  };
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
    // As ticked now, and not held back by an edit made after the review.
    toCreate: reviewed.rows.filter((row) => row.status === 'new' && row.apply && !row.editedSince).length,
    toUpdate: reviewed.rows.filter((row) => row.status === 'changed' && row.apply && !row.editedSince).length,
    toDelete: reviewed.rows.filter((row) => row.status === 'deleted' && row.apply && !row.editedSince && row.voter !== null).length,
    wasDeleted: reviewed.rows.filter((row) => row.deletedVoter !== null).length,
    edited: reviewed.rows.filter((row) => row.editedSince).length,
  };
}

// The review's comparison (summary) only when asked: the list of imports leaves it out.
export async function rollImportDto(ctx: AppContext, row: RollImportRow, withSummary = true): Promise<RollImport> {
  const cover = firstCover(await coversOf(ctx.db, row.id));
  const inReview = withSummary && row.state === 'review';
  const reviewed = inReview ? await reviewImport(ctx, row) : null;
  const summary = reviewed ? summaryOf(reviewed, cover) : null;
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
    page_parts: reviewed?.pageParts ?? [],
    sections: reviewed?.sections ?? [],
    part_is_a_booth: inReview && row.part_no !== null ? (await boothOfPart(ctx.db, row.part_no)) !== null : row.booth !== null,
    booth_check: inReview && row.booth ? await boothCheckOf(ctx.db, row, row.booth, cover) : null,
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
  edited: (row) => row.editedSince,
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
  return absent.map((voter) => ({ id: voter.id, version: voter.version, voter_id: voter.voter_id, full_name: voter.full_name, part_serial: voter.part_serial, house_no: voter.house_no, age: voter.age }));
}

// ---- Correcting a box --------------------------------------------------------------------------

export async function correctReviewRow(ctx: AppContext, actor: UserActor, id: number, n: number, body: RollCorrection): Promise<RollReviewRow> {
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
    // A person saving the entry has seen the stored voter as it is now (issue 54).
    await takeSeenVoters(trx, id, n);
    const stored = values.epic ? (await liveVotersByEpic(trx, [values.epic])).get(values.epic) : undefined;
    // Logged by the voter's EPIC and serial number, as the office knows the entry.
    await recordAudit(trx, {
      ...userAudit(actor),
      action: 'CORRECT_ROLL_BOX',
      tableName: 'roll_imports',
      recordId: id,
      recordName: `${row.file_name} · ${values.epic ?? '—'} · ${values.fullName ?? '—'}`.slice(0, 200),
      details: { epic: values.epic, serial_no: values.serialNo, voter: stored?.id ?? null, fields: Object.keys(body.values ?? {}), apply: body.apply, reviewed: body.reviewed },
    });
    const deleted = values.epic && !stored ? ((await deletedVotersByEpic(trx, [values.epic])).get(values.epic) ?? null) : null;
    const seen = { seen: 1, seen_voter_id: stored?.id ?? null, seen_version: stored?.version ?? null };
    return reviewRowOf({ ...voter, ...changes, ...seen }, row.booth, stored, deleted);
  });
}

// ---- Cancelling -------------------------------------------------------------------------------

export async function cancelRollImport(ctx: AppContext, jobs: RollImportJobs, actor: UserActor, id: number): Promise<RollImport> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state === 'committing') throw new HttpError(409, ROLL_COMMITTING);
  if (row.state === 'done' || row.state === 'cancelled' || row.state === 'failed') throw new HttpError(409, ROLL_IMPORT_ENDED);
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const done = await updateRollImport(trx, id, { state: 'cancelled', finished_at: new Date().toISOString(), file_path: null }, ['queued', 'reading', 'review']);
    if (done) await recordAudit(trx, { ...userAudit(actor), action: 'CANCEL_ROLL_IMPORT', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: { state: row.state } });
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
const inRange = (value: number | null) => (value !== null && Number.isInteger(value) && value >= 1 && value <= 9999 ? value : null);

// The booth record filled from the cover of its own part where the cover says something the
// booth lacks or differs on (its part number is another matter: fillBooth); village and taluka only when they are values of the lists.
function boothFromCover(record: BoothRecord, cover: RollCoverFacts): BoothRecord {
  const sections = cover.sections
    .map((section) => ({ number: Number.parseInt(section.number, 10), name: section.name.normalize('NFC').trim().slice(0, 120) }))
    .filter((section, index, all) => Number.isInteger(section.number) && section.number >= 1 && section.number <= 999 && section.name !== '' && all.findIndex((other) => other.number === section.number) === index)
    .slice(0, 60);
  return {
    ...record,
    polling_station_number: inRange(cover.pollingStationNumber) ?? record.polling_station_number,
    polling_station_name: clip(cover.pollingStationName?.normalize('NFC') ?? null, 200) ?? record.polling_station_name,
    polling_station_address: clip(cover.pollingStationAddress?.normalize('NFC') ?? null, 500) ?? record.polling_station_address,
    village: cover.village && VILLAGES.includes(cover.village) && (!record.taluka || cover.taluka === null) ? cover.village : record.village,
    taluka: cover.taluka && TALUKA_VALUES.includes(cover.taluka) ? cover.taluka : record.taluka,
    sections: sections.length > 0 ? sections : record.sections,
  };
}

// The booth filled from the roll saved into it (issue 54). Its part number and constituency
// become the roll's only when the office says so (`update_booth`); an empty constituency is
// filled by a roll of the booth's own part. The polling station and sections come from the cover
// only when the roll is of the booth's part: another part's cover says nothing about this booth.
async function fillBooth(trx: Executor, actor: UserActor, booth: string, cover: RollCoverFacts | null, partNo: number | null, updateIdentity: boolean): Promise<boolean> {
  const number = boothNumberOf(booth);
  if (number === undefined) return false;
  let existing = await findBooth(trx, number);
  if (!existing) return false;
  const rollConstituency = clip(cover?.constituency?.normalize('NFC').trim() || null, 200);
  const partNumber = updateIdentity && inRange(partNo) !== null ? partNo : existing.part_number;
  const ofThisPart = partNo !== null && partNumber === partNo;
  const constituency = rollConstituency !== null && (updateIdentity || (ofThisPart && existing.constituency === null)) ? rollConstituency : existing.constituency;
  let updated = false;
  if (partNumber !== existing.part_number || constituency !== existing.constituency) {
    const fields = [...(partNumber !== existing.part_number ? ['part_number'] : []), ...(constituency !== existing.constituency ? ['constituency'] : [])];
    const changed = await setBoothRollIdentity(trx, number, { part_number: partNumber, constituency }, { userId: actor.user.id, expectedVersion: existing.version });
    if (!changed) return false;
    await recordAudit(trx, { ...userAudit(actor), action: 'UPDATE_BOOTH', tableName: 'booths', recordId: number, recordName: booth, details: { fields, from: 'roll', part_number: { from: existing.part_number, to: partNumber }, constituency: { from: existing.constituency, to: constituency } } });
    existing = changed;
    updated = true;
  }
  if (!ofThisPart || !cover) return updated;
  const before = boothRecordOf(existing);
  const after = boothFromCover(before, cover);
  const changed = (Object.keys(after) as (keyof BoothRecord)[]).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  if (changed.length === 0) return updated;
  if (!(await updateBooth(trx, number, after, { userId: actor.user.id, expectedVersion: existing.version }))) return updated;
  await recordAudit(trx, { ...userAudit(actor), action: 'UPDATE_BOOTH', tableName: 'booths', recordId: number, recordName: booth, details: { fields: changed, from: 'roll' } });
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

// What a commit leaves out, named as the office knows the entries (their EPIC, else serial).
interface CommitNotes {
  leftOut: string[];
  edited: string[];
}
const NOTES_MAX = 500;
const entryName = (values: RollValues, n: number) => values.epic ?? (values.serialNo !== null ? `#${values.serialNo}` : `box ${n}`);
const note = (list: string[], name: string) => {
  if (list.length < NOTES_MAX) list.push(name);
};

// `photos` carries over between batches: a box left for the next slice keeps its saved photo.
async function commitBatch(ctx: AppContext, actor: UserActor, row: RollImportRow, booth: string, afterN: number, result: Required<RollCommitResult>, notes: CommitNotes, photos: Map<number, string | null>): Promise<number | null> {
  const boxes = await importVotersOf(ctx.db, row.id, { afterN, limit: COMMIT_BATCH });
  if (boxes.length === 0) return null;
  // Photos are decoded before the transaction: it holds no slow work.
  for (const box of boxes) if (box.has_photo === 1 && box.apply === 1 && !photos.has(box.n)) photos.set(box.n, await photoOf(ctx, row.file_path, box.n));
  let lastN = afterN;
  const roll = { roll_import: row.id };
  await ctx.bulkDb.transaction().execute(async (trx) => {
    const started = performance.now();
    const epics = [...new Set(boxes.map((box) => box.epic).filter((epic): epic is string => epic !== null))];
    const stored = await liveVotersByEpic(trx, epics);
    // What the entry now holds, so committing again compares it as seen (a stop part-way).
    const seenNow = (box: RollImportVoterRow, voter: { id: number; version: number } | null) => updateImportVoter(trx, row.id, box.n, { seen: 1, seen_voter_id: voter?.id ?? null, seen_version: voter?.version ?? null });
    // Someone changed, created or deleted the voter after the review showed the entry: not
    // written over; the entry is shown again (issue 54).
    const heldBack = (values: RollValues, box: RollImportVoterRow) => {
      result.conflicts += 1;
      note(notes.edited, entryName(values, box.n));
    };
    for (const box of boxes) {
      // The slice is used up: the rest of the batch goes in the next transaction.
      if (lastN !== afterN && performance.now() - started > COMMIT_SLICE_MS) break;
      lastN = box.n;
      const read = parseBox(box);
      const values = valuesOf(box, read);
      const existing = values.epic ? stored.get(values.epic) : undefined;
      if (box.apply !== 1) {
        result.skipped += 1;
        note(notes.leftOut, entryName(values, box.n));
        continue;
      }
      if (read.deleted) {
        if (!existing || existing.booth !== booth) {
          result.skipped += 1;
          continue;
        }
        if (editedSince(box, existing)) {
          heldBack(values, box);
          continue;
        }
        // Deleting is the normal soft delete, audited, and only in the part's own booth.
        if (await removeVoter(trx, actor, existing, { ...roll, marked_deleted_on_roll: true })) {
          await seenNow(box, null);
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
        if (editedSince(box, existing)) {
          heldBack(values, box);
          continue;
        }
        const parsed = voterInputSchema.safeParse({ voter_no: String(fields.part_serial), ...fields });
        if (!parsed.success) {
          result.skipped += 1;
          continue;
        }
        const inserted = await insertVoter(trx, parsed.data, { userId: actor.user.id, voterImage: photos.get(box.n) ?? null });
        // Each voter a commit creates has its own audit row, as a hand entry does.
        await recordAudit(trx, { ...userAudit(actor), action: 'CREATE_VOTER', tableName: 'voters', recordId: inserted.id, recordName: voterRecordName(inserted), details: { voter_id: inserted.voter_id, ...roll } });
        await seenNow(box, inserted);
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
      if (editedSince(box, current)) {
        heldBack(values, box);
        continue;
      }
      const merged = voterInputSchema.safeParse({ ...rowToInput(current), ...Object.fromEntries(changes.map((change) => [change.field, change.to])) });
      if (!merged.success) {
        result.skipped += 1;
        continue;
      }
      // Written only at the version just read: a save landing in between is held back too.
      if (!(await updateVoterFields(trx, current, merged.data, { userId: actor.user.id, expectedVersion: current.version }))) {
        heldBack(values, box);
        continue;
      }
      const version = current.version + 1;
      await recordAudit(trx, {
        ...userAudit(actor),
        action: 'UPDATE_VOTER',
        tableName: 'voters',
        recordId: current.id,
        recordName: voterRecordName({ full_name: String(merged.data.full_name ?? current.full_name), voter_id: current.voter_id }),
        details: { fields: changes.map((change) => change.field), version, ...roll },
      });
      // A voter who moved booth or house leaves their household (issue 20).
      if (changes.some((change) => change.field === 'booth' || change.field === 'house_no')) await leaveHousehold(trx, current);
      await seenNow(box, { id: current.id, version });
      stored.set(fields.voter_id, { ...existing, version, ...Object.fromEntries(changes.map((change) => [change.field, change.to])) });
      result.updated += 1;
    }
  });
  return lastN;
}

export interface RollCommitBody {
  booth?: string;
  delete_voter_ids: number[];
  delete_voter_versions?: Record<string, number>;
  confirm_difference?: boolean;
  update_booth?: boolean;
}

// Saves the reviewed part: one short transaction per batch, so a stop part-way leaves whole batches;
// committing again is safe (saved voters compare as unchanged). A roll of another part or
// constituency than the booth's is refused unless the office confirmed the difference; entries
// whose voter someone changed after the review are left, and the import stays in review.
export async function commitRollImport(ctx: AppContext, actor: UserActor, id: number, body: RollCommitBody): Promise<RollImport> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state !== 'review') throw new HttpError(409, ROLL_NOT_IN_REVIEW);
  const booth = body.booth ?? row.booth;
  if (!booth) throw new HttpError(400, ROLL_CHOOSE_BOOTH, { booth: ROLL_CHOOSE_BOOTH });
  if (!isBooth(booth)) throw new HttpError(400, ROLL_CHOOSE_FROM_LIST, { booth: ROLL_CHOOSE_FROM_LIST });
  const cover = firstCover(await coversOf(ctx.db, id));
  const check = await boothCheckOf(ctx.db, row, booth, cover);
  if (check && (check.part_differs || check.constituency_differs) && !body.confirm_difference) throw new HttpError(409, ROLL_DIFFERS_FROM_BOOTH);
  const absent = new Set((await absentVoters(ctx.db, id, booth)).map((voter) => voter.id));
  if (body.delete_voter_ids.some((voterId) => !absent.has(voterId))) throw new HttpError(400, ROLL_ONLY_ABSENT, { delete_voter_ids: ROLL_ONLY_ABSENT });
  if (!(await updateRollImport(ctx.db, id, { state: 'committing', booth, error: null }, ['review']))) throw new HttpError(409, ROLL_NOT_IN_REVIEW);
  const result: Required<RollCommitResult> = { created: 0, updated: 0, unchanged: 0, deleted: 0, skipped: 0, boothUpdated: false, conflicts: 0 };
  const notes: CommitNotes = { leftOut: [], edited: [] };
  // What the office confirmed, kept with the import's audit row.
  const difference = check && (check.part_differs || check.constituency_differs) ? { booth_part: check.part_number, booth_constituency: check.constituency, roll_constituency: cover?.constituency ?? null, confirmed: true } : null;
  const auditDetails = () => ({ booth, part_no: row.part_no, ...result, difference, update_booth: body.update_booth === true, left_out: notes.leftOut, edited_since_review: notes.edited });
  try {
    await trackImport(async () => {
      let afterN = 0;
      const photos = new Map<number, string | null>();
      for (;;) {
        const last = await commitBatch(ctx, actor, { ...row, booth }, booth, afterN, result, notes, photos);
        if (last === null) break;
        afterN = last;
        await pause();
      }
      await ctx.db.transaction().execute(async (trx) => {
        for (const voterId of body.delete_voter_ids) {
          const voter = await findVoter(trx, voterId, { kind: 'all' });
          // Changed by someone after the screen listed it: kept, and shown again.
          const seenVersion = body.delete_voter_versions?.[String(voterId)];
          if (voter && voter.booth === booth && seenVersion !== undefined && voter.version !== seenVersion) {
            result.conflicts += 1;
            note(notes.edited, voter.voter_id ?? voter.full_name);
            continue;
          }
          if (voter && voter.booth === booth && (await removeVoter(trx, actor, voter, { roll_import: id, absent_from_roll: true }))) {
            result.deleted += 1;
          }
        }
        result.boothUpdated = await fillBooth(trx, actor, booth, cover, row.part_no, body.update_booth === true);
        await recordAudit(trx, { ...userAudit(actor), action: 'IMPORT_ROLL', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: auditDetails() });
        if (result.conflicts > 0) {
          // Shown again: the import stays in review with the entries held back (filter "edited").
          await updateRollImport(trx, id, { state: 'review', result: JSON.stringify(result), error: ROLL_EDITED_SINCE }, ['committing']);
        } else {
          await updateRollImport(trx, id, { state: 'done', result: JSON.stringify(result), finished_at: new Date().toISOString(), file_path: null }, ['committing']);
        }
      });
    });
  } catch (error) {
    // Back to review: what was saved stays saved (whole slices), an audit row records how much,
    // and a second commit finishes the rest (saved voters compare as unchanged).
    await updateRollImport(ctx.db, id, { state: 'review', error: 'The commit stopped part-way; commit again to finish' }, ['committing']).catch(() => {});
    await recordAudit(ctx.db, { ...userAudit(actor), action: 'IMPORT_ROLL', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: { ...auditDetails(), stopped_part_way: true } }).catch(() => {});
    throw error;
  }
  if (result.conflicts === 0) {
    await deleteImportVoters(ctx.db, id).catch(() => {});
    await removeImportFiles(row.file_path);
  }
  return getRollImport(ctx, id);
}

// The booth the office chose for the roll (issue 54): the review's comparison, the voters no
// longer on the roll and the booth check follow it at once.
export async function chooseRollBooth(ctx: AppContext, actor: UserActor, id: number, booth: string): Promise<RollImport> {
  const row = await importOrThrow(ctx.db, id);
  if (row.state !== 'review') throw new HttpError(409, ROLL_NOT_IN_REVIEW);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateRollImport(trx, id, { booth }, ['review']))) throw new HttpError(409, ROLL_NOT_IN_REVIEW);
    await recordAudit(trx, { ...userAudit(actor), action: 'CHOOSE_ROLL_BOOTH', tableName: 'roll_imports', recordId: id, recordName: row.file_name, details: { from: row.booth, to: booth, part_no: row.part_no } });
  });
  return getRollImport(ctx, id);
}
