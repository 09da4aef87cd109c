import type { BoothScope } from '@shared/auth/booth-scope';
import {
  isOpenServiceStatus,
  OPEN_SERVICE_STATUSES,
  type ServiceCategory,
  type ServiceNote,
  type ServicePriority,
  type ServiceRequest,
  type ServiceRequestFilters,
  type ServiceRequestQuery,
  type ServiceStatus,
} from '@shared/service-requests/service-request-schema';
import { nextDay, startOfZonedDay } from '@shared/time/zoned-time';
import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';

// Requests joined with the names of their assignee and the voter's EPIC number.
function selectRequests(db: Executor) {
  return db
    .selectFrom('service_requests')
    .leftJoin('users as assignee', 'assignee.id', 'service_requests.assigned_to')
    .leftJoin('voters', 'voters.id', 'service_requests.voter_id')
    .selectAll('service_requests')
    .select(['assignee.full_name as assigned_to_name', 'voters.voter_id as voter_epic']);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

// `today` is the office's calendar day (its timezone): a request is overdue the day after its
// due date while it is still open.
function toRequestDto(row: RequestRow, today: string): ServiceRequest {
  const status = row.status as ServiceStatus;
  return {
    id: row.id,
    receipt_no: row.receipt_no ?? '',
    voter_id: row.voter_id,
    voter_epic: row.voter_epic ?? null,
    citizen_name: row.citizen_name,
    citizen_mobile: row.citizen_mobile,
    category: row.category as ServiceCategory,
    department: row.department,
    description: row.description,
    booth: row.booth,
    village: row.village,
    priority: row.priority as ServicePriority,
    status,
    assigned_to: row.assigned_to,
    assigned_to_name: row.assigned_to_name ?? null,
    due_date: row.due_date,
    overdue: row.due_date !== null && row.due_date < today && isOpenServiceStatus(status),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    resolved_at: row.resolved_at,
    program_id: row.program_id,
    version: row.version,
  };
}

// LIKE's wildcards are dropped from the search: a name, receipt or mobile holds none.
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;
}

// Where the office's day is, for "overdue" and the registration-date filters.
export interface RequestFilterContext {
  scope: BoothScope;
  // The office's calendar day (its timezone).
  today: string;
  timezone: string;
}

// The list's and the export's filters on a query over service_requests (one place for both).
export function applyRequestFilters<QB extends SelectQueryBuilder<Database, 'service_requests', object>>(base: QB, query: Partial<ServiceRequestFilters>, options: RequestFilterContext): QB {
  let q = base;
  // Field users: only their booths' requests (a request without a booth is the office's).
  if (options.scope.kind === 'booths') {
    q = (options.scope.booths.length > 0 ? q.where('service_requests.booth', 'in', [...options.scope.booths]) : q.where('service_requests.id', '<', 0)) as QB;
  }
  if (query.status) q = q.where('service_requests.status', '=', query.status) as QB;
  if (query.category) q = q.where('service_requests.category', '=', query.category) as QB;
  if (query.booth) q = q.where('service_requests.booth', '=', query.booth) as QB;
  if (query.village) q = q.where('service_requests.village', '=', query.village) as QB;
  if (query.assigned_to !== undefined) q = q.where('service_requests.assigned_to', '=', query.assigned_to) as QB;
  // Days of registration in the office's timezone, both ends included.
  if (query.from) q = q.where('service_requests.created_at', '>=', startOfZonedDay(query.from, options.timezone).toISOString()) as QB;
  if (query.to) q = q.where('service_requests.created_at', '<', startOfZonedDay(nextDay(query.to), options.timezone).toISOString()) as QB;
  if (query.overdue === 'true') {
    q = q.where('service_requests.due_date', '<', options.today).where('service_requests.status', 'in', [...OPEN_SERVICE_STATUSES]) as QB;
  } else if (query.overdue === 'false') {
    q = q.where((eb) => eb.or([eb('service_requests.due_date', 'is', null), eb('service_requests.due_date', '>=', options.today), eb('service_requests.status', 'not in', [...OPEN_SERVICE_STATUSES])])) as QB;
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    const digits = query.search.replace(/\D/g, '');
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['service_requests.citizen_name']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', ['service_requests.receipt_no']), 'like', eb.val(pattern)),
        ...(digits.length >= 3 ? [eb('service_requests.citizen_mobile', 'like', `%${digits}%`)] : []),
      ]),
    ) as QB;
  }
  return q;
}

export async function listServiceRequests(db: Executor, query: ServiceRequestQuery, options: RequestFilterContext): Promise<{ items: ServiceRequest[]; total: number }> {
  const base = applyRequestFilters(db.selectFrom('service_requests'), query, options);
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const ids = await base
    .select('service_requests.id')
    .orderBy('service_requests.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  if (ids.length === 0) return { items: [], total };
  const rows = await selectRequests(db)
    .where(
      'service_requests.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('service_requests.id', 'desc')
    .execute();
  return { items: rows.map((row) => toRequestDto(row, options.today)), total };
}

// One keyset page of the export, newest first: the requests below `beforeId` (null: from the top).
export async function serviceRequestPageBefore(db: Executor, filters: ServiceRequestFilters, options: RequestFilterContext & { beforeId: number | null; limit: number }): Promise<ServiceRequest[]> {
  let query = applyRequestFilters(selectRequests(db), filters, options);
  if (options.beforeId !== null) query = query.where('service_requests.id', '<', options.beforeId);
  const rows = await query.orderBy('service_requests.id', 'desc').limit(options.limit).execute();
  return rows.map((row) => toRequestDto(row, options.today));
}

export async function findServiceRequest(db: Executor, id: number, today: string): Promise<ServiceRequest | undefined> {
  const row = await selectRequests(db).where('service_requests.id', '=', id).executeTakeFirst();
  return row ? toRequestDto(row, today) : undefined;
}

export async function listServiceNotes(db: Executor, requestId: number): Promise<ServiceNote[]> {
  const rows = await db
    .selectFrom('service_request_notes')
    .select(['id', 'from_status', 'to_status', 'note', 'user_name', 'created_at'])
    .where('request_id', '=', requestId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, from_status: row.from_status as ServiceStatus | null, to_status: row.to_status as ServiceStatus | null }));
}

export interface NewServiceRequest {
  voter_id: number | null;
  citizen_name: string;
  citizen_mobile: string | null;
  category: ServiceCategory;
  department: string | null;
  description: string;
  booth: string | null;
  village: string | null;
  priority: ServicePriority;
  assigned_to: number | null;
  due_date: string | null;
  created_by: number;
  created_by_name: string;
  program_id: number | null;
}

// Inserts the request and gives it its receipt number, from the id the database chose.
export async function insertServiceRequest(db: Executor, request: NewServiceRequest, receiptOf: (id: number, createdAt: string) => string): Promise<{ id: number; receipt_no: string }> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('service_requests')
    .values({ ...request, status: 'New', created_at: now, updated_at: now, resolved_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receipt = receiptOf(row.id, now);
  await db.updateTable('service_requests').set({ receipt_no: receipt }).where('id', '=', row.id).execute();
  return { id: row.id, receipt_no: receipt };
}

export type ServiceRequestChanges = Partial<
  Pick<NewServiceRequest, 'citizen_name' | 'citizen_mobile' | 'category' | 'department' | 'description' | 'booth' | 'village' | 'priority' | 'assigned_to' | 'due_date' | 'program_id'> & {
    status: ServiceStatus;
    resolved_at: string | null;
  }
>;

// Writes the changes only if the request is still at the version the caller read, raising it
// by one (record-versions.ts). Returns whether the row changed.
export async function updateServiceRequest(db: Executor, id: number, expectedVersion: number, changes: ServiceRequestChanges): Promise<boolean> {
  const result = await db
    .updateTable('service_requests')
    .set((eb) => ({ ...changes, updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertServiceNote(
  db: Executor,
  note: { request_id: number; from_status: ServiceStatus | null; to_status: ServiceStatus | null; note: string | null; user_id: number; user_name: string },
): Promise<void> {
  await db
    .insertInto('service_request_notes')
    .values({ ...note, created_at: new Date().toISOString() })
    .execute();
}
