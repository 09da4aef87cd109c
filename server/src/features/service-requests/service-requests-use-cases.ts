import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { BoothScope } from '@shared/auth/booth-scope';
import {
  NEXT_SERVICE_STATUSES,
  PROGRAM_NOT_FOUND_MESSAGE,
  receiptNumber,
  type ServiceRequest,
  type ServiceRequestDetail,
  type serviceNoteInputSchema,
  type serviceRequestInputSchema,
  type ServiceRequestQuery,
  type serviceRequestUpdateSchema,
} from '@shared/service-requests/service-request-schema';
import { zonedDay } from '@shared/time/zoned-time';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { AnswerKeeper } from '../../plugins/idempotency';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { serviceRequestRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { findUserById } from '../users/users-repository';
import { programExists } from '../village-programs/village-programs-repository';
import { findVoter } from '../voters/voters-repository';
import {
  findServiceRequest,
  insertServiceNote,
  insertServiceRequest,
  listServiceNotes,
  listServiceRequests,
  type ServiceRequestChanges,
  updateServiceRequest,
} from './service-requests-repository';
import { listServiceMessages } from './service-sms-repository';
import { queueCitizenSms } from './service-sms-use-cases';

export const SERVICE_REQUEST_NOT_FOUND = 'Service request not found';
export const SERVICE_REQUEST_CHANGED = 'Someone else changed this request first. Reload and try again.';
export const SERVICE_STATUS_NOT_ALLOWED = 'This request cannot move to that status from where it is now';
const ASSIGNEE_INACTIVE = 'The assignee must be an active user';

// The office's calendar day, for "overdue" (a due date is a day in the office's timezone).
export async function officeToday(db: Executor): Promise<string> {
  const settings = await readSettings(db);
  return zonedDay(new Date(), settings.timezone);
}

// The office's day and timezone, for "overdue" and the registration-date filters.
export async function officeDay(db: Executor): Promise<{ today: string; timezone: string }> {
  const settings = await readSettings(db);
  return { today: zonedDay(new Date(), settings.timezone), timezone: settings.timezone };
}

function inScope(scope: BoothScope, booth: string | null): boolean {
  return scope.kind === 'all' || (booth !== null && scope.booths.includes(booth));
}

// A request outside the user's booths reads as not found: its existence is not theirs to know.
export async function visibleRequest(db: Executor, scope: BoothScope, id: number, today: string): Promise<ServiceRequest> {
  const request = await findServiceRequest(db, id, today);
  if (!request || !inScope(scope, request.booth)) throw new HttpError(404, SERVICE_REQUEST_NOT_FOUND);
  return request;
}

async function assertAssignee(db: Executor, userId: number | null): Promise<void> {
  if (userId === null) return;
  const user = await findUserById(db, userId);
  if (!user || user.is_active !== 1) throw new HttpError(400, ASSIGNEE_INACTIVE, { assigned_to: ASSIGNEE_INACTIVE });
}

// A request names a program the user may read (a field user: one covering their booths).
async function assertProgram(db: Executor, scope: BoothScope, programId: number | null | undefined): Promise<void> {
  if (programId === null || programId === undefined) return;
  if (!(await programExists(db, scope, programId))) throw new HttpError(404, PROGRAM_NOT_FOUND_MESSAGE, { program_id: PROGRAM_NOT_FOUND_MESSAGE });
}

// A field user saves only within their booths, so the booth must be one of theirs.
function assertBoothInScope(scope: BoothScope, booth: string | null): void {
  if (!inScope(scope, booth)) throw new HttpError(403, 'Choose one of your booths', { booth: 'Choose one of your booths' });
}

export async function listRequests(db: Executor, scope: BoothScope, query: ServiceRequestQuery) {
  if (query.booth) assertBoothInScope(scope, query.booth);
  const { items, total } = await listServiceRequests(db, query, { scope, ...(await officeDay(db)) });
  return { items, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

export async function getRequest(db: Executor, scope: BoothScope, id: number): Promise<ServiceRequestDetail> {
  const today = await officeToday(db);
  const request = await visibleRequest(db, scope, id, today);
  return { ...request, history: await listServiceNotes(db, id), messages: await listServiceMessages(db, id) };
}

// With a voter, the citizen's name, mobile, booth and village come from the voter's record
// where the form leaves them empty, and the voter must be one the user may reach.
// A phone's request sent again (its Idempotency-Key, keep) gets the first answer, kept with the
// request in its transaction.
export async function createRequest(
  db: Kysely<Database>,
  actor: StaffActor,
  scope: BoothScope,
  input: z.output<typeof serviceRequestInputSchema>,
  keep?: AnswerKeeper<ServiceRequestDetail>,
): Promise<ServiceRequestDetail> {
  let { citizen_name: citizenName, citizen_mobile: citizenMobile, booth, village } = input;
  if (input.voter_id !== null) {
    const voter = await findVoter(db, input.voter_id, scope);
    if (!voter) throw new HttpError(404, 'Voter not found', { voter_id: 'Voter not found' });
    citizenName ??= voter.full_name;
    citizenMobile ??= voter.mobile_number || null;
    booth = voter.booth ?? booth;
    village = voter.village ?? village;
  }
  assertBoothInScope(scope, booth);
  await assertAssignee(db, input.assigned_to);
  await assertProgram(db, scope, input.program_id);
  return db.transaction().execute(async (trx) => {
    const { id: requestId, receipt_no: receipt } = await insertServiceRequest(
      trx,
      {
        voter_id: input.voter_id,
        citizen_name: citizenName ?? '',
        citizen_mobile: citizenMobile,
        category: input.category,
        department: input.department,
        description: input.description,
        booth,
        village,
        priority: input.priority,
        assigned_to: input.assigned_to,
        due_date: input.due_date,
        created_by: actor.userId,
        created_by_name: actor.userName,
        program_id: input.program_id,
      },
      receiptNumber,
    );
    // The history starts with the registration.
    await insertServiceNote(trx, { request_id: requestId, from_status: null, to_status: 'New', note: null, user_id: actor.userId, user_name: actor.userName });
    await recordAudit(trx, {
      action: 'CREATE_SERVICE_REQUEST',
      ...actor,
      tableName: 'service_requests',
      recordId: requestId,
      recordName: serviceRequestRecordName({ receipt_no: receipt, citizen_name: citizenName ?? '' }),
      details: { category: input.category, booth, voter_id: input.voter_id, assigned_to: input.assigned_to, program_id: input.program_id },
    });
    // The citizen's SMS, when the office sends them: queued here, sent after the commit.
    const registered = await findServiceRequest(trx, requestId, '');
    if (registered) await queueCitizenSms(trx, registered, 'registered', actor);
    const created = await getRequest(trx, { kind: 'all' }, requestId);
    await keep?.(trx, created);
    return created;
  });
}

const EDITABLE = ['citizen_name', 'citizen_mobile', 'category', 'department', 'description', 'booth', 'village', 'priority', 'assigned_to', 'due_date'] as const;

// The office edits a request's details (not its status: that goes through a note). Checked
// against the version the form started from; the audit row names the fields that changed.
export async function editRequest(db: Kysely<Database>, actor: StaffActor, id: number, input: z.output<typeof serviceRequestUpdateSchema>): Promise<ServiceRequestDetail> {
  await assertAssignee(db, input.assigned_to);
  await assertProgram(db, { kind: 'all' }, input.program_id);
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const today = await officeToday(trx);
      const request = await visibleRequest(trx, { kind: 'all' }, id, today);
      assertVersion(input.version, request.version, () => new EditConflictError(SERVICE_REQUEST_CHANGED, request));
      const changes: ServiceRequestChanges = {};
      for (const field of EDITABLE) {
        if (input[field] !== request[field]) (changes as Record<string, unknown>)[field] = input[field];
      }
      if (input.program_id !== undefined && input.program_id !== request.program_id) changes.program_id = input.program_id;
      if (!(await updateServiceRequest(trx, id, request.version, changes))) throw new StaleRowError();
      await recordAudit(trx, {
        action: 'UPDATE_SERVICE_REQUEST',
        ...actor,
        tableName: 'service_requests',
        recordId: id,
        recordName: serviceRequestRecordName(request),
        details: { changed: Object.keys(changes), version: request.version + 1 },
      });
    }),
  );
  return getRequest(db, { kind: 'all' }, id);
}

// A dated note in the request's history, optionally moving its status one allowed step
// (NEXT_SERVICE_STATUSES). Every role may write one on a request its booths reach.
export async function addNote(db: Kysely<Database>, actor: StaffActor, scope: BoothScope, id: number, input: z.output<typeof serviceNoteInputSchema>): Promise<ServiceRequestDetail> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const today = await officeToday(trx);
      const request = await visibleRequest(trx, scope, id, today);
      assertVersion(input.version, request.version, () => new EditConflictError(SERVICE_REQUEST_CHANGED, request));
      const to = input.status;
      if (to !== null && !NEXT_SERVICE_STATUSES[request.status].includes(to)) throw new HttpError(400, SERVICE_STATUS_NOT_ALLOWED, { status: SERVICE_STATUS_NOT_ALLOWED });
      const changes: ServiceRequestChanges = to === null ? {} : { status: to, resolved_at: to === 'Resolved' ? new Date().toISOString() : to === 'Closed' ? request.resolved_at : null };
      if (!(await updateServiceRequest(trx, id, request.version, changes))) throw new StaleRowError();
      await insertServiceNote(trx, { request_id: id, from_status: to === null ? null : request.status, to_status: to, note: input.note, user_id: actor.userId, user_name: actor.userName });
      await recordAudit(trx, {
        action: 'NOTE_SERVICE_REQUEST',
        ...actor,
        tableName: 'service_requests',
        recordId: id,
        recordName: serviceRequestRecordName(request),
        details: { from: request.status, to: to ?? request.status, version: request.version + 1 },
      });
      // Resolved: the citizen is told, when the office sends these messages.
      if (to === 'Resolved') await queueCitizenSms(trx, { ...request, status: to }, 'resolved', actor);
    }),
  );
  return getRequest(db, scope, id);
}
