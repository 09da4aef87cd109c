import type { Readable } from 'node:stream';
import { boothNumberOf } from '@shared/reference/booths';
import { SLIPS_MAX, type SlipFormat, type SlipLanguage, type SlipOptions, type SlipShare } from '@shared/slips/slip-schema';
import type { VoterFilters } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { boothVisibleTo } from '../booths/booth-access';
import { pageSizeOf } from '../booths/booths-use-cases';
import { findHousehold } from '../households/households-repository';
import { HOUSEHOLD_NOT_FOUND } from '../households/households-use-cases';
import { readSettings } from '../settings/settings-repository';
import { assertBoothAllowed, boothScopeFor, VOTER_NOT_FOUND } from '../voters/voter-access';
import { dialectForNameSearches } from '../voters/voter-filters';
import { countVoters, findVoter, voterPageAfter } from '../voters/voters-repository';
import { printableSlips, type SlipRow, slipRowsOfBooth, slipRowsOfHousehold, slipRowsOfVoters } from './slips-repository';
import { type UserActor } from '../audit/actor';
import { slipTokenKey } from './slip-tokens';

// Voter slips (issue 22, docs/voter-slips.md). Who may print what is booth access, nothing
// more: every role prints the slips of the voters it may see (a Supervisor's and a
// Karyakarta's booths), office roles everywhere. Every print and share is audited with counts.

export type SlipSource = { kind: 'voter'; id: number } | { kind: 'household'; id: number } | { kind: 'booth'; id: number; page?: number } | { kind: 'search'; filters: Partial<VoterFilters> };

export const TOO_MANY_SLIPS = (count: number) => `Too many voters for one print (${count}); at most ${SLIPS_MAX}: narrow the search or print booth by booth`;
export const NO_SLIPS = 'No voters to print slips for';
// Issue 61: every voter asked for is deceased.
export const ONLY_DECEASED = (count: number) => `No slip for a deceased voter (${count} left out)`;

// A household's members or a house never reach this; the limit only keeps a mistake small.
const HOUSEHOLD_MAX = 500;
const SEARCH_READ = 1000;

async function voterRows(ctx: AppContext, user: UserRow, id: number): Promise<SlipRow[]> {
  const voter = await findVoter(ctx.db, id, boothScopeFor(user));
  const rows = voter ? await slipRowsOfVoters(ctx.db, [id]) : [];
  if (rows.length === 0) throw new HttpError(404, VOTER_NOT_FOUND);
  return rows;
}

async function householdRows(ctx: AppContext, user: UserRow, id: number): Promise<SlipRow[]> {
  const household = await findHousehold(ctx.db, id);
  const scope = boothScopeFor(user);
  if (!household || (scope.kind === 'booths' && !scope.booths.includes(household.booth))) throw new HttpError(404, HOUSEHOLD_NOT_FOUND);
  return slipRowsOfHousehold(ctx.db, id, HOUSEHOLD_MAX);
}

// The voters of a voter-list search (same filters, same booth scope), booth by booth in roll order.
async function searchRows(ctx: AppContext, user: UserRow, filters: Partial<VoterFilters>): Promise<SlipRow[]> {
  const scope = boothScopeFor(user);
  assertBoothAllowed(scope, filters.booth, 'view');
  const total = await countVoters(ctx.db, filters, scope, ctx.dialect);
  if (total > SLIPS_MAX) throw new HttpError(400, TOO_MANY_SLIPS(total));
  const rows: SlipRow[] = [];
  let afterId = 0;
  // A name search's stored terms looked up once (decision 047), as the list does.
  const dialect = await dialectForNameSearches(ctx.db, filters, ctx.dialect);
  for (;;) {
    const page = await voterPageAfter(ctx.db, { filters, scope, dialect, afterId, limit: SEARCH_READ });
    if (page.length === 0) break;
    rows.push(...(await slipRowsOfVoters(ctx.db, page.map((voter) => voter.id))));
    afterId = page.at(-1)?.id ?? afterId;
    if (rows.length > SLIPS_MAX) throw new HttpError(400, TOO_MANY_SLIPS(rows.length));
  }
  const boothOrder = (row: SlipRow) => boothNumberOf(row.booth) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => boothOrder(a) - boothOrder(b) || (a.part_serial ?? Number.MAX_SAFE_INTEGER) - (b.part_serial ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
}

async function rowsOf(ctx: AppContext, user: UserRow, source: SlipSource): Promise<{ rows: SlipRow[]; booth?: string }> {
  switch (source.kind) {
    case 'voter':
      return { rows: await voterRows(ctx, user, source.id) };
    case 'household':
      return { rows: await householdRows(ctx, user, source.id) };
    case 'booth': {
      const label = boothVisibleTo(user, source.id);
      const rows = await slipRowsOfBooth(ctx.db, label, { page: source.page, pageSize: await pageSizeOf(ctx.db), limit: SLIPS_MAX + 1 });
      if (rows.length > SLIPS_MAX) throw new HttpError(400, TOO_MANY_SLIPS(rows.length));
      return { rows, booth: label };
    }
    case 'search':
      return { rows: await searchRows(ctx, user, source.filters) };
  }
}

function describe(source: SlipSource): Record<string, unknown> {
  switch (source.kind) {
    case 'voter':
      return { voter_id: source.id };
    case 'household':
      return { household_id: source.id };
    case 'booth':
      return source.page === undefined ? { booth_id: source.id } : { booth_id: source.id, page: source.page };
    case 'search':
      return { filters: source.filters };
  }
}

export function slipFileName(source: SlipSource, options: SlipOptions): string {
  const what = source.kind === 'booth' ? `booth-${source.id}${source.page === undefined ? '' : `-page-${source.page}`}` : source.kind === 'search' ? 'search' : `${source.kind}-${source.id}`;
  return `voter-slips-${what}-${options.lang}-${options.format}.pdf`;
}

// A page of A4 slips or fewer (one voter, a household) is laid out here, at once: a few
// milliseconds, less than a printer process's round trip, and a printer may be busy with a booth.
// More go to a slip printer process (slip-printers.ts, decision 078): about a millisecond of
// CPU a slip, which on the event loop held every other request behind a booth's print.
export const SLIPS_IN_PLACE_MAX = 10;

// The PDF as a stream, once the voters are read and the print is audited (a refused or
// failing read answers with its status and message, not a cut download).
export async function printSlips(
  ctx: AppContext,
  actor: UserActor,
  source: SlipSource,
  options: { lang: SlipLanguage; format: SlipFormat },
  onFailed: (error: unknown) => void,
): Promise<{ stream: Readable; count: number; deceased: number }> {
  const { rows, booth } = await rowsOf(ctx, actor.user, source);
  if (rows.length === 0) throw new HttpError(404, NO_SLIPS);
  const settings = await readSettings(ctx.db);
  const printable = await printableSlips(ctx.db, rows, settings, slipTokenKey(ctx.config.jwtSecret));
  if (printable.slips.length === 0) throw new HttpError(404, ONLY_DECEASED(printable.deceased));
  const slips = printable.slips.map(({ mobile: _mobile, ...slip }) => slip);
  const deceased = printable.deceased;
  await recordAudit(ctx.db, {
    action: 'PRINT_SLIPS',
    userId: actor.user.id,
    userName: actor.user.full_name,
    tableName: source.kind === 'household' ? 'households' : source.kind === 'booth' ? 'booths' : 'voters',
    recordId: source.kind === 'search' ? null : source.id,
    recordName: booth ?? null,
    ipAddress: actor.ipAddress,
    details: { source: source.kind, ...describe(source), count: slips.length, lang: options.lang, format: options.format, ...(deceased > 0 ? { left_out_deceased: deceased } : {}) },
  });
  const pdfOptions = { lang: options.lang, format: options.format, title: 'Voter slips' };
  if (slips.length > SLIPS_IN_PLACE_MAX) {
    const stream = ctx.slipPrinters.print(slips, pdfOptions);
    stream.once('error', onFailed);
    return { stream, count: slips.length, deceased };
  }
  // The PDF engine (pdfkit, fontkit, the fonts' code) loads with the first small print, not in every process at start.
  const { slipPdf } = await import('./slip-pdf');
  const pdf = slipPdf(pdfOptions);
  for (const slip of slips) pdf.add(slip);
  pdf.end();
  return { stream: pdf.doc as unknown as Readable, count: slips.length, deceased };
}

// A voter's or a household's slips as data, with the mobile to send each to (WhatsApp share).
export async function shareSlips(ctx: AppContext, actor: UserActor, source: { kind: 'voter' | 'household'; id: number }): Promise<SlipShare> {
  const { rows } = await rowsOf(ctx, actor.user, source);
  const settings = await readSettings(ctx.db);
  const { slips, deceased } = await printableSlips(ctx.db, rows, settings, slipTokenKey(ctx.config.jwtSecret));
  if (slips.length === 0) throw new HttpError(404, deceased > 0 ? ONLY_DECEASED(deceased) : NO_SLIPS);
  await recordAudit(ctx.db, {
    action: 'SHARE_SLIPS',
    userId: actor.user.id,
    userName: actor.user.full_name,
    tableName: source.kind === 'household' ? 'households' : 'voters',
    recordId: source.id,
    ipAddress: actor.ipAddress,
    details: { source: source.kind, ...describe(source), count: slips.length, ...(deceased > 0 ? { left_out_deceased: deceased } : {}) },
  });
  return { slips };
}
