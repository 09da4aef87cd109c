import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sameHouse } from '@shared/households/household-proposals';
import { VOTER_FIELD_NAMES } from '@shared/voters/voter-fields';
import type { ImportResult } from '@shared/voters/voter-import-schema';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import { nextDay, startOfZonedDay, zonedDay, zonedTimestamp } from '@shared/time/zoned-time';
import { type VoterFilters, type VoterInput, voterIdSchema, voterInputSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import type { VoterRow } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError, validationError } from '../../plugins/error-handler';
import type { AnswerKeeper } from '../../plugins/idempotency';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { returnExportSlot, takeExportSlot } from './export-counts-repository';
import { describeFilters, type ExportStamp } from './voter-export-stamp';
import { trackImport } from './import/import-activity';
import { type ImportTimings, importVoters } from './import/voter-import';
import type { SpreadsheetKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { assertBoothAllowed, assertRestrictedUnchanged, boothScopeFor, VOTER_NOT_FOUND } from './voter-access';
import { assertVoterIdFree, voterIdTaken } from './voter-id-conflicts';
import { type BoothScope, dialectForNameSearches } from './voter-filters';
import type { VoterForm } from './voter-form';
import { processPhoto } from './voter-photos';
import { rowToInput, toVoterDto } from './voter-rows';
import { writeVoterExport } from './voter-spreadsheets';
import { findVoter, insertVoter, updateVoter, voterPageAfter } from './voters-repository';
import { removeVoter } from './voter-lifecycle';
import { leaveHousehold } from '../households/households-use-cases';
import { type UserActor, userAudit } from '../audit/actor';

// What the voter routes do, each in one function: the change and its audit row commit together.
// Routes read the request, check the role, call one of these and answer.

export const VOTER_ID_IMMUTABLE = 'Voter ID cannot be changed';

// Who is acting, for access rules and the audit row.

function parseVoter(fields: Record<string, unknown>): VoterInput {
  const result = voterInputSchema.safeParse(fields);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function changedFields(before: VoterInput, after: VoterInput): string[] {
  return VOTER_FIELD_NAMES.filter((field) => before[field] !== after[field]);
}

const isVoterIdTaken = (ctx: AppContext, error: unknown) => ctx.dialect.classifyError(error) === 'unique-violation';

// keep: the Idempotency-Key's answer, kept in the change's transaction (plugins/idempotency.ts).
export async function createVoter(ctx: AppContext, actor: UserActor, form: VoterForm, keep?: AnswerKeeper<VoterRow>): Promise<VoterRow> {
  const input = parseVoter(form.fields);
  assertBoothAllowed(boothScopeFor(actor.user), input.booth, 'save');
  await assertVoterIdFree(ctx, actor, input.voter_id);
  const photo = form.photo ? await processPhoto(form.photo) : null;
  const voterImage = photo ? await ctx.photos.save(photo) : null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertVoter(trx, input, { userId: actor.user.id, voterImage });
      await recordAudit(trx, { ...userAudit(actor, 'voters'), action: 'CREATE_VOTER', recordId: inserted.id, recordName: voterRecordName(inserted), details: { voter_id: inserted.voter_id } });
      await keep?.(trx, inserted);
      return inserted;
    });
  } catch (error) {
    // A failed save changes nothing: not the database, not the uploads folder.
    await ctx.photos.remove(voterImage);
    if (isVoterIdTaken(ctx, error)) throw voterIdTaken();
    throw error;
  }
}

export const VOTER_CHANGED = 'Someone else changed this voter after you opened it';

// Fields the form leaves out stay as they are; the voter ID never changes. The whole form,
// photo included, is read and the photo saved before the transaction: a slow upload holds no
// stale copy of the voter. Inside it the current row is read, and every rule (booth scope,
// version, restricted fields) is checked against it before the conditional write.
export async function changeVoter(ctx: AppContext, actor: UserActor, id: number, form: VoterForm, keep?: AnswerKeeper<VoterRow>): Promise<VoterRow> {
  const scope = boothScopeFor(actor.user);
  const photo = form.photo ? await processPhoto(form.photo) : null;
  const newImage = photo ? await ctx.photos.save(photo) : null;
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
        // A voter who moved booth or house leaves their household (issue 20); a house number
        // written again with other spaces or letter case is the same house (sameHouse).
        if (changed.includes('booth') || !sameHouse(before.house_no, input.house_no)) await leaveHousehold(trx, updated);
        await recordAudit(trx, { ...userAudit(actor, 'voters'), action: 'UPDATE_VOTER', recordId: existing.id, recordName: voterRecordName(updated), details: { fields: changed, version: updated.version } });
        await keep?.(trx, updated);
        return { row: updated, replaced: voterImage !== existing.voter_image ? existing.voter_image : null };
      }),
    );
    await ctx.photos.remove(replaced);
    return row;
  } catch (error) {
    // A refused or failed edit leaves the uploads folder as it was.
    await ctx.photos.remove(newImage);
    throw error;
  }
}

// Kept as deleted until the retention period ends.
export async function deleteVoter(ctx: AppContext, actor: UserActor, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const voter = await findVoter(trx, id, { kind: 'all' });
    return voter !== undefined && (await removeVoter(trx, actor, voter));
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
export async function importVoterFile(ctx: AppContext, actor: UserActor, upload: VoterFileUpload, onFinished?: (timings: ImportTimings) => void): Promise<ImportResult> {
  const result = await trackImport(() =>
    importVoters({
      db: ctx.bulkDb,
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
    ...userAudit(actor, 'voters'),
    action: 'IMPORT_VOTERS',
    details: { file: upload.fileName.slice(0, 200), type: upload.kind, imported: result.imported, updated: result.updated, warnings: result.warnings, errors: result.errors, updateExisting: upload.updateExisting },
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
  // A name search's stored terms looked up once (decision 047), as the list does.
  const dialect = await dialectForNameSearches(ctx.bulkDb, filters, ctx.dialect);
  for (;;) {
    const page = await voterPageAfter(ctx.bulkDb, { filters, scope, dialect, afterId, limit });
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

// How many exports each user of a role may start per office day; roles without a setting
// cannot export at all (the routes let only office roles in).
export function dailyExportLimit(settings: Settings, role: string): number {
  if (role === 'Super Admin') return Number(settings.export_limit_super_admin);
  if (role === 'Admin') return Number(settings.export_limit_admin);
  return 0;
}

export const exportLimitMessage = (role: string, limit: number, resetsAt: string, timezone: string) =>
  limit === 0
    ? `Exports are switched off for the ${role} role. An office administrator can change this in Settings.`
    : `Daily export limit reached: each ${role} may export ${limit} ${limit === 1 ? 'time' : 'times'} a day. The limit resets at midnight ${timezone} time (${resetsAt}).`;

// Counts the rows as they pass, so a failed export still says how far it got.
async function* counted(pages: AsyncIterable<VoterRow[]>, progress: { rows: number }): AsyncGenerator<VoterRow[]> {
  for await (const page of pages) {
    yield page;
    progress.rows += page.length;
  }
}

// The daily limit is taken before anything is read (a refused export leaves an EXPORT_REFUSED
// row). The workbook is written into the returned stream as rows are read: the first bytes
// leave at once. The first page is read before this returns, so a query the database refuses
// (a NUL in a filter on PostgreSQL, an outage) is answered with its status and message, not a
// cut download, and does not count against the limit. The EXPORT_VOTERS row, with the filter,
// the row count and the reference written into the file, follows the end of the file, whether
// complete, cut short by the client, or failed.
export async function exportVoters(ctx: AppContext, actor: UserActor, filters: Partial<VoterFilters>, options: { all: boolean; onFailed: (error: unknown) => void }): Promise<PassThrough> {
  const scope = boothScopeFor(actor.user);
  assertBoothAllowed(scope, filters.booth, 'view');
  const settings = await readSettings(ctx.db);
  const at = new Date();
  const day = zonedDay(at, settings.timezone);
  const limit = dailyExportLimit(settings, actor.user.role);
  const slot = { userId: actor.user.id, day, limit };
  const stamp: ExportStamp = {
    reference: randomUUID(),
    fullName: actor.user.full_name,
    username: actor.user.username,
    role: actor.user.role,
    at,
    timezone: settings.timezone,
    appName: settings.app_name || DEFAULT_SETTINGS.app_name,
    filters,
    all: options.all,
  };
  const filter = describeFilters(stamp);
  const exportsToday = await takeExportSlot(ctx.db, slot);
  if (exportsToday === null) {
    const resetsAt = zonedTimestamp(startOfZonedDay(nextDay(day), settings.timezone), settings.timezone);
    await recordAudit(ctx.db, { ...userAudit(actor, 'voters'), action: 'EXPORT_REFUSED', details: { all: options.all, filters, filter, limit, day } });
    const retryAfter = Math.max(1, Math.ceil((startOfZonedDay(nextDay(day), settings.timezone).getTime() - Date.now()) / 1000));
    throw new HttpError(429, exportLimitMessage(actor.user.role, limit, resetsAt, settings.timezone), undefined, { 'Retry-After': String(retryAfter) });
  }
  const started = Date.now();
  const reader = exportPages(ctx, filters, scope);
  let first: IteratorResult<VoterRow[]>;
  try {
    first = await reader.next();
  } catch (error) {
    await returnExportSlot(ctx.db, slot);
    throw error;
  }
  const stream = new PassThrough();
  const progress = { rows: 0 };
  const audit = (details: Record<string, unknown>) =>
    recordAudit(ctx.db, {
      ...userAudit(actor, 'voters'),
      action: 'EXPORT_VOTERS',
      details: { reference: stamp.reference, all: options.all, filters, filter, ...details, exportsToday, limit, ms: Date.now() - started },
    });
  void writeVoterExport(stream, counted(resumed(first, reader), progress), stamp)
    .then(({ rows, complete }) => audit({ rows, complete }))
    .catch(async (error: unknown) => {
      // Headers are gone by now: all that can be done is to cut the download short, and say so.
      options.onFailed(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await audit({ rows: progress.rows, complete: false, failed: true }).catch((auditError: unknown) => options.onFailed(auditError));
    });
  return stream;
}
