import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BOOTHS } from '@shared/reference/booths';
import type { Slip, SlipFormat, SlipJob, SlipJobState, SlipLanguage } from '@shared/slips/slip-schema';
import type { AppContext } from '../../context';
import type { Selectable, Updateable } from 'kysely';
import type { JobsTable } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { printableSlips, slipRowsOfBooth } from './slips-repository';
import { slipTokenKey } from './slip-tokens';
import { type UserActor } from '../audit/actor';

// The whole constituency's slips as a background job (issue 22, migration 028): booth after
// booth into one PDF file under DATA_DIR/slip-jobs, its progress in the jobs row, a cancel flag
// read between booths. One such job at a time. A job the server stopped with (a restart) is
// marked failed when the server starts again.

const KIND = 'constituency_slips';
export const JOB_NOT_FOUND = 'Job not found';
export const JOB_RUNNING = 'The constituency slips are already being made';
export const JOB_NOT_DONE = 'The slips are not ready yet';
export const JOB_STOPPED = 'Stopped when the server restarted';
// No booth holds this many; the limit keeps one bad booth from holding everything in memory.
const BOOTH_MAX = 20_000;

type JobRow = Selectable<JobsTable>;

const jobsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'slip-jobs');
const fileOf = (ctx: AppContext, id: number) => path.join(jobsDir(ctx), `voter-slips-constituency-${id}.pdf`);

async function toJob(ctx: AppContext, row: JobRow): Promise<SlipJob> {
  const params = JSON.parse(row.params) as { lang: SlipLanguage; format: SlipFormat };
  const by = row.created_by === null ? undefined : await ctx.db.selectFrom('users').select('full_name').where('id', '=', row.created_by).executeTakeFirst();
  return {
    id: row.id,
    state: row.state as SlipJobState,
    lang: params.lang,
    format: params.format,
    done: row.done,
    total: row.total,
    slips: row.items,
    file_bytes: row.file_bytes,
    error: row.error,
    created_by: by?.full_name ?? null,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

async function jobRow(ctx: AppContext, id: number): Promise<JobRow> {
  const row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).where('kind', '=', KIND).executeTakeFirst();
  if (!row) throw new HttpError(404, JOB_NOT_FOUND);
  return row;
}

// Jobs whose process is gone (decision 043): another node's running job is left alone.
export async function markStoppedJobs(ctx: AppContext): Promise<void> {
  const now = new Date().toISOString();
  const open = await ctx.db.selectFrom('jobs').select(['id', 'owner']).where('state', 'in', ['queued', 'running']).execute();
  const gone: number[] = [];
  for (const row of open) if (await ctx.liveness.isGone(row.owner)) gone.push(row.id);
  if (gone.length === 0) return;
  await ctx.db.updateTable('jobs').set({ state: 'failed', error: JOB_STOPPED, updated_at: now, finished_at: now }).where('id', 'in', gone).where('state', 'in', ['queued', 'running']).execute();
}

export async function listSlipJobs(ctx: AppContext): Promise<SlipJob[]> {
  const rows = await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', KIND).orderBy('id', 'desc').limit(5).execute();
  return Promise.all(rows.map((row) => toJob(ctx, row)));
}

export async function getSlipJob(ctx: AppContext, id: number): Promise<SlipJob> {
  return toJob(ctx, await jobRow(ctx, id));
}

async function update(ctx: AppContext, id: number, values: Updateable<JobsTable>): Promise<void> {
  await ctx.db.updateTable('jobs').set({ ...values, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

async function run(ctx: AppContext, id: number, options: { lang: SlipLanguage; format: SlipFormat }): Promise<void> {
  await mkdir(jobsDir(ctx), { recursive: true });
  const file = fileOf(ctx, id);
  const settings = await readSettings(ctx.db);
  const codeKey = slipTokenKey(ctx.config.jwtSecret);
  let canceled = false;
  let slips = 0;
  // Booth after booth, the cancel flag read before each; laid out by a printer process of the
  // job's own (decision 078), which asks for the next booth as it lays out the last ones.
  async function* booths(): AsyncGenerator<Slip[]> {
    for (const [index, label] of BOOTHS.entries()) {
      const row = await ctx.db.selectFrom('jobs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
      if (!row || row.cancel_requested) {
        canceled = true;
        return;
      }
      // No slip for a deceased voter; a note on an out-of-town voter's (issue 61).
      const printable = (await printableSlips(ctx.db, await slipRowsOfBooth(ctx.db, label, { pageSize: 1, limit: BOOTH_MAX }), settings, codeKey)).slips.map(({ mobile: _mobile, ...slip }) => slip);
      if (printable.length > 0) yield printable;
      slips += printable.length;
      await update(ctx, id, { done: index + 1, items: slips });
    }
  }
  try {
    await pipeline(ctx.slipPrinters.print(booths(), { ...options, title: 'Voter slips', own: true }), createWriteStream(file));
    if (canceled) {
      await rm(file, { force: true });
      await update(ctx, id, { state: 'canceled', finished_at: new Date().toISOString() });
      return;
    }
    const { size } = await stat(file);
    await update(ctx, id, { state: 'done', file_name: path.basename(file), file_bytes: size, finished_at: new Date().toISOString() });
  } catch (error) {
    await rm(file, { force: true }).catch(() => undefined);
    await update(ctx, id, { state: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: new Date().toISOString() });
  }
}

export async function startSlipJob(ctx: AppContext, actor: UserActor, options: { lang: SlipLanguage; format: SlipFormat }, onFailed: (error: unknown) => void): Promise<SlipJob> {
  // The check and the new row under one lock: two requests (perhaps in two server processes)
  // cannot both start a job.
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    await ctx.dialect.lockName(trx, KIND);
    const busy = await trx.selectFrom('jobs').select('id').where('kind', '=', KIND).where('state', 'in', ['queued', 'running']).executeTakeFirst();
    if (busy) throw new HttpError(409, JOB_RUNNING);
    const now = new Date().toISOString();
    return trx
      .insertInto('jobs')
      .values({ kind: KIND, state: 'running', params: JSON.stringify(options), total: BOOTHS.length, created_by: actor.user.id, created_at: now, updated_at: now, file_name: null, file_bytes: null, error: null, finished_at: null, owner: ctx.liveness.owner })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  await recordAudit(ctx.db, {
    action: 'PRINT_SLIPS',
    userId: actor.user.id,
    userName: actor.user.full_name,
    tableName: 'jobs',
    recordId: inserted.id,
    ipAddress: actor.ipAddress,
    details: { source: 'constituency', job_id: inserted.id, lang: options.lang, format: options.format },
  });
  run(ctx, inserted.id, options).catch(onFailed);
  return getSlipJob(ctx, inserted.id);
}

export async function cancelSlipJob(ctx: AppContext, actor: UserActor, id: number): Promise<SlipJob> {
  const row = await jobRow(ctx, id);
  if (row.state === 'running' || row.state === 'queued') {
    await update(ctx, id, { cancel_requested: 1 });
    await recordAudit(ctx.db, { action: 'CANCEL_SLIPS', userId: actor.user.id, userName: actor.user.full_name, tableName: 'jobs', recordId: id, ipAddress: actor.ipAddress, details: { job_id: id, done: row.done, total: row.total } });
  }
  return getSlipJob(ctx, id);
}

// The finished file's path, once the download is audited with its count.
export async function slipJobFile(ctx: AppContext, actor: UserActor, id: number): Promise<{ file: string; name: string }> {
  const row = await jobRow(ctx, id);
  if (row.state !== 'done' || !row.file_name) throw new HttpError(409, JOB_NOT_DONE);
  await recordAudit(ctx.db, {
    action: 'PRINT_SLIPS',
    userId: actor.user.id,
    userName: actor.user.full_name,
    tableName: 'jobs',
    recordId: id,
    ipAddress: actor.ipAddress,
    details: { source: 'constituency', job_id: id, count: row.items, downloaded: true },
  });
  return { file: fileOf(ctx, id), name: row.file_name };
}
