import { randomUUID } from 'node:crypto';
import { PassThrough, type Writable } from 'node:stream';
import { DEFAULT_SETTINGS } from '@shared/settings/settings-schema';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import { type ServiceRequest, type ServiceRequestFilters } from '@shared/service-requests/service-request-schema';
import { serviceCategoriesEn, serviceStatusesEn } from '@shared/service-requests/words/service-words-en';
import { nextDay, startOfZonedDay, zonedDay, zonedTimestamp } from '@shared/time/zoned-time';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/http-error';
import { XlsxWorkbookWriter } from '../../lib/spreadsheets/xlsx-sheet-writer';
import { type UserActor, userAudit } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { returnExportSlot, takeExportSlot } from '../voters/export-counts-repository';
import { boothScopeFor } from '../voters/voter-access';
import { ABOUT_SHEET, aboutRows, describeFilters, type ExportKind, type ExportStamp, exportProperties, printFooter } from '../voters/voter-export-stamp';
import { dailyExportLimit, exportLimitMessage } from '../voters/voters-use-cases';
import { serviceRequestPageBefore } from './service-requests-repository';

// The register as a spreadsheet (issue 59, decision 090): the list's filters, newest first,
// streamed and stamped exactly as a voter export (decision 016): an "About this file" sheet,
// a printed footer and the document properties say who exported it, when, with which filter,
// and the export reference that the EXPORT_SERVICE_REQUESTS audit row keeps too. It counts
// against the same daily export limit as voter exports: one budget of exports a user a day.

export const SERVICE_EXPORT_KIND: ExportKind = {
  title: 'Service request export',
  subject: "Confidential: citizens' requests and complaints",
  note:
    "Confidential: citizens' names, mobiles and complaints. For the organisation's own work only: do not share, forward or publish it. " +
    'Every export is logged with who made it and when; a leaked copy can be traced back to this export.',
  rowsLabel: 'Requests in this file',
  rowsWord: 'requests',
  everything: 'All requests (no filter)',
};

export const serviceExportFileName = (day: string) => `service_requests_${day}.xlsx`;

const COLUMNS = [
  { header: 'Receipt No.', width: 16 },
  { header: 'Registered On', width: 14 },
  { header: 'Citizen', width: 24 },
  { header: 'Mobile', width: 13 },
  { header: 'Voter ID', width: 14 },
  { header: 'Category', width: 22 },
  { header: 'Department', width: 20 },
  { header: 'Description', width: 48 },
  { header: 'Booth', width: 11 },
  { header: 'Village', width: 16 },
  { header: 'Priority', width: 9 },
  { header: 'Status', width: 15 },
  { header: 'Assigned To', width: 20 },
  { header: 'Due Date', width: 12 },
  { header: 'Overdue', width: 9 },
  { header: 'Resolved On', width: 13 },
  { header: 'Days To Resolve', width: 10 },
  { header: 'Registered By', width: 20 },
] as const;

const text = (value: string | null) => (value === null || value === '' ? null : neutralizeCell(value));
const DAY_MS = 86_400_000;

// One request as cells, in COLUMNS order; every text neutralised (a name like "=HYPERLINK(...)"
// is never run). Days are the office's calendar days.
export function serviceExportRow(request: ServiceRequest, timezone: string): (string | number | null)[] {
  const resolved = request.resolved_at ? new Date(request.resolved_at) : null;
  return [
    request.receipt_no,
    zonedDay(new Date(request.created_at), timezone),
    text(request.citizen_name),
    request.citizen_mobile,
    request.voter_epic,
    serviceCategoriesEn[request.category],
    text(request.department),
    text(request.description),
    request.booth,
    request.village,
    request.priority,
    serviceStatusesEn[request.status],
    text(request.assigned_to_name),
    request.due_date,
    request.overdue ? 'Yes' : 'No',
    resolved ? zonedDay(resolved, timezone) : null,
    resolved ? Math.round(((resolved.getTime() - new Date(request.created_at).getTime()) / DAY_MS) * 10) / 10 : null,
    text(request.created_by_name),
  ];
}

export async function writeServiceExport(stream: Writable, pages: AsyncIterable<ServiceRequest[]>, stamp: ExportStamp): Promise<{ rows: number; complete: boolean }> {
  const writer = new XlsxWorkbookWriter(stream, [
    { name: 'Service requests', columns: [...COLUMNS], printFooter: printFooter(stamp) },
    { name: ABOUT_SHEET, columns: [{ header: ABOUT_SHEET, width: 26 }, { header: '', width: 100 }] },
  ]);
  let count = 0;
  for await (const page of pages) {
    if (stream.destroyed) return { rows: count, complete: false };
    await writer.addRows(page.map((request) => serviceExportRow(request, stamp.timezone)));
    count += page.length;
  }
  await writer.nextSheet();
  await writer.addRows(aboutRows(stamp, { rows: count, complete: true }));
  await writer.end(exportProperties(stamp, { rows: count }));
  return { rows: count, complete: !stream.destroyed || stream.writableFinished };
}

const FIRST_PAGE = 100;
const EXPORT_PAGE = 2000;

// The filters as given, without the empty ones (the audit row and the stamp name what was used).
function usedFilters(filters: ServiceRequestFilters): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Record<string, string | number>;
}

// Office roles only (the route says so): the daily export slot is taken before anything is
// read (EXPORT_REFUSED past the limit), the first page is read before the headers go (a
// refused query answers with its status and gives the slot back), the file streams, and the
// EXPORT_SERVICE_REQUESTS row follows its end, complete, cut short or failed.
export async function exportServiceRequests(ctx: AppContext, actor: UserActor, filters: ServiceRequestFilters, onFailed: (error: unknown) => void): Promise<{ stream: PassThrough; fileName: string }> {
  const scope = boothScopeFor(actor.user);
  const settings = await readSettings(ctx.db);
  const at = new Date();
  const day = zonedDay(at, settings.timezone);
  const limit = dailyExportLimit(settings, actor.user.role);
  const slot = { userId: actor.user.id, day, limit };
  const used = usedFilters(filters);
  const stamp: ExportStamp = {
    reference: randomUUID(),
    fullName: actor.user.full_name,
    username: actor.user.username,
    role: actor.user.role,
    at,
    timezone: settings.timezone,
    appName: settings.app_name || DEFAULT_SETTINGS.app_name,
    filters: used,
    all: true,
    kind: SERVICE_EXPORT_KIND,
  };
  const filter = describeFilters(stamp);
  const exportsToday = await takeExportSlot(ctx.db, slot);
  if (exportsToday === null) {
    const midnight = startOfZonedDay(nextDay(day), settings.timezone);
    await recordAudit(ctx.db, { ...userAudit(actor, 'service_requests'), action: 'EXPORT_REFUSED', details: { filters: used, filter, limit, day } });
    const retryAfter = Math.max(1, Math.ceil((midnight.getTime() - Date.now()) / 1000));
    throw new HttpError(429, exportLimitMessage(actor.user.role, limit, zonedTimestamp(midnight, settings.timezone), settings.timezone), undefined, { 'Retry-After': String(retryAfter) });
  }
  const context = { scope, today: day, timezone: settings.timezone };
  async function* pages(): AsyncGenerator<ServiceRequest[]> {
    let beforeId: number | null = null;
    let size = FIRST_PAGE;
    for (;;) {
      const page = await serviceRequestPageBefore(ctx.bulkDb, filters, { ...context, beforeId, limit: size });
      if (page.length === 0) return;
      yield page;
      if (page.length < size) return;
      beforeId = page[page.length - 1]!.id;
      size = EXPORT_PAGE;
    }
  }
  const started = Date.now();
  const reader = pages();
  let first: IteratorResult<ServiceRequest[]>;
  try {
    first = await reader.next();
  } catch (error) {
    await returnExportSlot(ctx.db, slot);
    throw error;
  }
  const progress = { rows: 0 };
  async function* all(): AsyncGenerator<ServiceRequest[]> {
    if (first.done) return;
    progress.rows += first.value.length;
    yield first.value;
    for await (const page of reader) {
      progress.rows += page.length;
      yield page;
    }
  }
  const stream = new PassThrough();
  const audit = (details: Record<string, unknown>) =>
    recordAudit(ctx.db, {
      ...userAudit(actor, 'service_requests'),
      action: 'EXPORT_SERVICE_REQUESTS',
      details: { reference: stamp.reference, filters: used, filter, ...details, exportsToday, limit, ms: Date.now() - started },
    });
  void writeServiceExport(stream, all(), stamp)
    .then(({ rows, complete }) => audit({ rows, complete }))
    .catch(async (error: unknown) => {
      onFailed(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await audit({ rows: progress.rows, complete: false, failed: true }).catch((auditError: unknown) => onFailed(auditError));
    });
  return { stream, fileName: serviceExportFileName(day) };
}
