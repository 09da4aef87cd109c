import { PassThrough } from 'node:stream';
import { VOTER_FIELD_NAMES } from '@shared/voters/voter-fields';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { type VoterFilters, type VoterInput, voterIdSchema, voterInputSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import type { UserRow, VoterRow } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError, validationError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { trackImport } from './import/import-activity';
import { type ImportTimings, importVoters } from './import/voter-import';
import type { SpreadsheetKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { assertBoothAllowed, assertRestrictedUnchanged, boothScopeFor, VOTER_NOT_FOUND } from './voter-access';
import type { BoothScope } from './voter-filters';
import type { VoterForm } from './voter-form';
import { processPhoto, removePhoto, savePhoto } from './voter-photos';
import { rowToInput, toVoterDto } from './voter-rows';
import { writeVoterExport } from './voter-spreadsheets';
import { findVoter, insertVoter, softDeleteVoter, updateVoter, voterIdExists, voterPageAfter } from './voters-repository';

// What the voter routes do, each in one function: the change and its audit row commit together.
// Routes read the request, check the role, call one of these and answer.

export const VOTER_ID_EXISTS = 'Voter ID already exists';
export const VOTER_ID_IMMUTABLE = 'Voter ID cannot be changed';

// Who is acting, for access rules and the audit row.
export interface VoterActor {
  user: UserRow;
  ipAddress: string;
}


const auditBase = (actor: VoterActor) => ({ userId: actor.user.id, userName: actor.user.full_name, tableName: 'voters', ipAddress: actor.ipAddress });

function parseVoter(fields: Record<string, unknown>): VoterInput {
  const result = voterInputSchema.safeParse(fields);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function changedFields(before: VoterInput, after: VoterInput): string[] {
  return VOTER_FIELD_NAMES.filter((field) => before[field] !== after[field]);
}

const isVoterIdTaken = (ctx: AppContext, error: unknown) => ctx.dialect.classifyError(error) === 'unique-violation';

export async function createVoter(ctx: AppContext, actor: VoterActor, form: VoterForm): Promise<VoterRow> {
  const input = parseVoter(form.fields);
  assertBoothAllowed(boothScopeFor(actor.user), input.booth, 'save');
  if (await voterIdExists(ctx.db, input.voter_id)) throw new HttpError(409, VOTER_ID_EXISTS, { voter_id: VOTER_ID_EXISTS });
  const photo = form.photo ? await processPhoto(form.photo) : null;
  const voterImage = photo ? await savePhoto(ctx.config.dataDir, photo) : null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertVoter(trx, input, { userId: actor.user.id, voterImage });
      await recordAudit(trx, { ...auditBase(actor), action: 'CREATE_VOTER', recordId: inserted.id, details: { voter_id: inserted.voter_id } });
      return inserted;
    });
  } catch (error) {
    // A failed save changes nothing: not the database, not the uploads folder.
    await removePhoto(ctx.config.dataDir, voterImage);
    if (isVoterIdTaken(ctx, error)) throw new HttpError(409, VOTER_ID_EXISTS, { voter_id: VOTER_ID_EXISTS });
    throw error;
  }
}

export const VOTER_CHANGED = 'Someone else changed this voter after you opened it';

// Fields the form leaves out stay as they are; the voter ID never changes. The whole form,
// photo included, is read and the photo saved before the transaction: a slow upload holds no
// stale copy of the voter. Inside it the current row is read, and every rule (booth scope,
// version, restricted fields) is checked against it before the conditional write.
export async function changeVoter(ctx: AppContext, actor: VoterActor, id: number, form: VoterForm): Promise<VoterRow> {
  const scope = boothScopeFor(actor.user);
  const photo = form.photo ? await processPhoto(form.photo) : null;
  const newImage = photo ? await savePhoto(ctx.config.dataDir, photo) : null;
  try {
    const { row, replaced } = await retryWhenStale(() =>
      ctx.db.transaction().execute(async (trx) => {
        const existing = await findVoter(trx, id, scope);
        if (!existing) throw new HttpError(404, VOTER_NOT_FOUND);
        assertVersion(form.version, existing.version, () => new EditConflictError(VOTER_CHANGED, toVoterDto(existing)));
        if (form.fields.voter_id !== undefined) {
          const sent = voterIdSchema.safeParse(form.fields.voter_id);
          if (!sent.success || sent.data !== existing.voter_id) throw new HttpError(400, VOTER_ID_IMMUTABLE, { voter_id: VOTER_ID_IMMUTABLE });
        }
        const before = rowToInput(existing);
        const input = parseVoter({ ...before, ...form.fields, voter_id: existing.voter_id });
        assertRestrictedUnchanged(actor.user, before, input);
        assertBoothAllowed(scope, input.booth, 'save');
        const voterImage = newImage ?? (form.removePhoto ? null : existing.voter_image);
        const changed = changedFields(before, input);
        if (voterImage !== existing.voter_image) changed.push('voter_image');
        const updated = await updateVoter(trx, existing.id, input, { userId: actor.user.id, voterImage, expectedVersion: existing.version });
        if (!updated) throw new StaleRowError();
        await recordAudit(trx, { ...auditBase(actor), action: 'UPDATE_VOTER', recordId: existing.id, details: { fields: changed, version: updated.version } });
        return { row: updated, replaced: voterImage !== existing.voter_image ? existing.voter_image : null };
      }),
    );
    await removePhoto(ctx.config.dataDir, replaced);
    return row;
  } catch (error) {
    // A refused or failed edit leaves the uploads folder as it was.
    await removePhoto(ctx.config.dataDir, newImage);
    throw error;
  }
}

// Kept as deleted until the retention period ends.
export async function deleteVoter(ctx: AppContext, actor: VoterActor, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const done = await softDeleteVoter(trx, id, { userId: actor.user.id });
    if (done) await recordAudit(trx, { ...auditBase(actor), action: 'DELETE_VOTER', recordId: id });
    return done;
  });
  if (!deleted) throw new HttpError(404, VOTER_NOT_FOUND);
}

export interface VoterFileUpload {
  path: string;
  fileName: string;
  kind: SpreadsheetKind;
  updateExisting: boolean;
}

// An import commits batch by batch (a failed batch changes nothing); its audit row, with the
// file's name and the counts, follows the last.
export async function importVoterFile(ctx: AppContext, actor: VoterActor, upload: VoterFileUpload, onFinished?: (timings: ImportTimings) => void): Promise<ImportResult> {
  const result = await trackImport(() =>
    importVoters({
      db: ctx.db,
      dialect: ctx.dialect,
      path: upload.path,
      kind: upload.kind,
      userId: actor.user.id,
      updateExisting: upload.updateExisting,
      tuning: ctx.config.importTuning,
      onFinished,
    }),
  );
  await recordAudit(ctx.db, {
    ...auditBase(actor),
    action: 'IMPORT_VOTERS',
    details: { file: upload.fileName.slice(0, 200), type: upload.kind, imported: result.imported, updated: result.updated, errors: result.errors, updateExisting: upload.updateExisting },
  });
  return result;
}

// Rows read per keyset page: big enough to be quick, small enough to keep memory flat.
const EXPORT_PAGE = 2000;
const FIRST_PAGE = 100;

async function* exportPages(ctx: AppContext, filters: Partial<VoterFilters>, scope: BoothScope): AsyncGenerator<VoterRow[]> {
  let afterId = 0;
  // A small first page, so the first bytes leave before the big pages are read.
  let limit = FIRST_PAGE;
  for (;;) {
    const page = await voterPageAfter(ctx.db, { filters, scope, dialect: ctx.dialect, afterId, limit });
    if (page.length === 0) return;
    yield page;
    afterId = page[page.length - 1]!.id;
    if (page.length < limit) return;
    limit = EXPORT_PAGE;
  }
}

// The first (small) page, then the rest, from one reader.
async function* resumed(first: IteratorResult<VoterRow[]>, rest: AsyncGenerator<VoterRow[]>): AsyncGenerator<VoterRow[]> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

// The workbook is written into the returned stream as rows are read: the first bytes leave at
// once. The first page is read before this returns, so a query the database refuses (a NUL in a
// filter on PostgreSQL, an outage) is answered with its status and message, not a cut download.
// The audit row is written when the file is complete (or the client went away).
export async function exportVoters(ctx: AppContext, actor: VoterActor, filters: Partial<VoterFilters>, options: { all: boolean; onFailed: (error: unknown) => void }): Promise<PassThrough> {
  const scope = boothScopeFor(actor.user);
  assertBoothAllowed(scope, filters.booth, 'view');
  const started = Date.now();
  const reader = exportPages(ctx, filters, scope);
  const first = await reader.next();
  const stream = new PassThrough();
  void writeVoterExport(stream, resumed(first, reader))
    .then(async ({ rows, complete }) => {
      await recordAudit(ctx.db, { ...auditBase(actor), action: 'EXPORT_VOTERS', details: { all: options.all, filters, rows, complete, ms: Date.now() - started } });
    })
    .catch((error: unknown) => {
      // Headers are gone by now: all that can be done is to cut the download short.
      options.onFailed(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return stream;
}
