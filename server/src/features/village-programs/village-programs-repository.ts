import type { BoothScope } from '@shared/auth/booth-scope';
import type { ServiceCategory, ServiceStatus } from '@shared/service-requests/service-request-schema';
import type { TaskStatus } from '@shared/tasks/task-schema';
import type { ProgramKind, ProgramRequest, ProgramTask, VillageProgram, VillageProgramQuery } from '@shared/village-programs/village-program-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VillageProgramsTable } from '../../db/schema';

type ProgramRow = Omit<VillageProgramsTable, 'id' | 'version'> & { id: number; version: number };

// A field user reaches the programs that cover one of their booths; the office every program.
function programsInScope(db: Executor, scope: BoothScope) {
  let query = db.selectFrom('village_programs');
  if (scope.kind === 'booths') {
    const booths = [...scope.booths];
    query =
      booths.length === 0
        ? query.where('village_programs.id', '<', 0)
        : // IN over the booth index finds the few programs of these booths first (an EXISTS per row
          // walked every program in date order: 35 ms p50 at 10,000 programs, bench:village-programs).
          query.where('village_programs.id', 'in', (eb) => eb.selectFrom('village_program_booths').select('village_program_booths.program_id').where('village_program_booths.booth', 'in', booths));
  }
  return query;
}

// The service requests a user may see: every one for the office, their booths' for a field user.
function requestsInScope(db: Executor, scope: BoothScope) {
  let query = db.selectFrom('service_requests');
  if (scope.kind === 'booths') {
    query = scope.booths.length > 0 ? query.where('service_requests.booth', 'in', [...scope.booths]) : query.where('service_requests.id', '<', 0);
  }
  return query;
}

async function toPrograms(db: Executor, scope: BoothScope, rows: ProgramRow[]): Promise<VillageProgram[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const booths = await db.selectFrom('village_program_booths').select(['program_id', 'booth']).where('program_id', 'in', ids).execute();
  const counts = await requestsInScope(db, scope)
    .select((eb) => ['service_requests.program_id', eb.fn.countAll<number | string>().as('count')])
    .where('service_requests.program_id', 'in', ids)
    .groupBy('service_requests.program_id')
    .execute();
  const boothsOf = new Map<number, string[]>();
  for (const row of booths) boothsOf.set(row.program_id, [...(boothsOf.get(row.program_id) ?? []), row.booth]);
  const countOf = new Map(counts.map((row) => [row.program_id, Number(row.count)]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: row.kind as ProgramKind,
    program_date: row.program_date,
    program_time: row.program_time,
    taluka: row.taluka,
    village: row.village,
    // Booth-02 before Booth-10: the labels' numbers, not their text.
    booths: (boothsOf.get(row.id) ?? []).sort((a, b) => Number(a.slice(6)) - Number(b.slice(6))),
    organiser: row.organiser,
    expected_attendance: row.expected_attendance,
    actual_attendance: row.actual_attendance,
    notes: row.notes,
    request_count: countOf.get(row.id) ?? 0,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  }));
}

// Newest first (date, then time, then the order they were entered), filtered and paged.
export async function listVillagePrograms(db: Executor, scope: BoothScope, query: VillageProgramQuery): Promise<{ items: VillageProgram[]; total: number }> {
  let base = programsInScope(db, scope);
  if (query.from) base = base.where('village_programs.program_date', '>=', query.from);
  if (query.to) base = base.where('village_programs.program_date', '<=', query.to);
  if (query.taluka) base = base.where('village_programs.taluka', '=', query.taluka);
  if (query.village) base = base.where('village_programs.village', '=', query.village);
  if (query.kind) base = base.where('village_programs.kind', '=', query.kind);
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const rows = await base
    .selectAll('village_programs')
    .orderBy('village_programs.program_date', 'desc')
    .orderBy('village_programs.program_time', 'desc')
    .orderBy('village_programs.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: await toPrograms(db, scope, rows), total };
}

export async function findVillageProgram(db: Executor, scope: BoothScope, id: number): Promise<VillageProgram | undefined> {
  const row = await programsInScope(db, scope).selectAll('village_programs').where('village_programs.id', '=', id).executeTakeFirst();
  return row ? (await toPrograms(db, scope, [row]))[0] : undefined;
}

// The requests raised at a program, newest first (at most `limit`; request_count says how many).
export async function listProgramRequests(db: Executor, scope: BoothScope, programId: number, limit: number): Promise<ProgramRequest[]> {
  const rows = await requestsInScope(db, scope)
    .select(['service_requests.id', 'service_requests.receipt_no', 'service_requests.citizen_name', 'service_requests.category', 'service_requests.status', 'service_requests.booth', 'service_requests.created_at'])
    .where('service_requests.program_id', '=', programId)
    .orderBy('service_requests.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, receipt_no: row.receipt_no ?? '', category: row.category as ServiceCategory, status: row.status as ServiceStatus }));
}

// The follow-up tasks of a program, oldest first: every one for the office (`involvedUser`
// undefined), a field user's own (assigned to them or by them) otherwise, as Task Management shows.
export async function listProgramTasks(db: Executor, programId: number, involvedUser: number | undefined): Promise<ProgramTask[]> {
  let query = db
    .selectFrom('tasks')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assigned_to')
    .select(['tasks.id', 'tasks.title', 'tasks.status', 'tasks.due_date', 'assignee.full_name as assigned_to_name'])
    .where('tasks.program_id', '=', programId);
  if (involvedUser !== undefined) query = query.where((eb) => eb.or([eb('tasks.assigned_to', '=', involvedUser), eb('tasks.assigned_by', '=', involvedUser)]));
  const rows = await query.orderBy('tasks.id', 'asc').execute();
  return rows.map((row) => ({ ...row, status: row.status as TaskStatus, assigned_to_name: row.assigned_to_name ?? null }));
}

export interface ProgramFields {
  title: string;
  kind: ProgramKind;
  program_date: string;
  program_time: string | null;
  taluka: string;
  village: string;
  organiser: string | null;
  expected_attendance: number | null;
  actual_attendance: number | null;
  notes: string | null;
}

async function writeBooths(db: Executor, programId: number, booths: readonly string[]): Promise<void> {
  await db.deleteFrom('village_program_booths').where('program_id', '=', programId).execute();
  if (booths.length > 0) await db.insertInto('village_program_booths').values(booths.map((booth) => ({ program_id: programId, booth }))).execute();
}

export async function insertVillageProgram(db: Executor, fields: ProgramFields, booths: readonly string[], createdBy: { id: number; name: string }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('village_programs')
    .values({ ...fields, created_by: createdBy.id, created_by_name: createdBy.name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeBooths(db, row.id, booths);
  return row.id;
}

// Writes the fields and booths only if the program is still at the version the caller read,
// raising it by one (record-versions.ts). Returns whether the row changed.
export async function updateVillageProgram(db: Executor, id: number, expectedVersion: number, fields: ProgramFields, booths: readonly string[] | null): Promise<boolean> {
  const result = await db
    .updateTable('village_programs')
    .set((eb) => ({ ...fields, updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (booths !== null) await writeBooths(db, id, booths);
  return true;
}

// Deletes the program (its booths with it) at the version read; the requests raised there and its
// follow-up tasks stay, without a program. Returns how many lost their link, or null when the row changed.
export async function deleteVillageProgram(db: Executor, id: number, expectedVersion: number): Promise<{ requests: number; tasks: number } | null> {
  const unlinked = await db.updateTable('service_requests').set({ program_id: null }).where('program_id', '=', id).executeTakeFirst();
  const unlinkedTasks = await db.updateTable('tasks').set({ program_id: null }).where('program_id', '=', id).executeTakeFirst();
  await db.deleteFrom('village_program_booths').where('program_id', '=', id).execute();
  const result = await db.deleteFrom('village_programs').where('id', '=', id).where('version', '=', expectedVersion).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? { requests: Number(unlinked.numUpdatedRows), tasks: Number(unlinkedTasks.numUpdatedRows) } : null;
}

// Each village's last program on or before `today`, by taluka and village.
export async function lastVisits(db: Executor, today: string, taluka: string | undefined): Promise<{ taluka: string; village: string; last_visit: string }[]> {
  let query = db
    .selectFrom('village_programs')
    .select((eb) => ['taluka', 'village', eb.fn.max('program_date').as('last_visit')])
    .where('program_date', '<=', today)
    .groupBy(['taluka', 'village']);
  if (taluka) query = query.where('taluka', '=', taluka);
  const rows = await query.execute();
  return rows.map((row) => ({ taluka: row.taluka, village: row.village, last_visit: String(row.last_visit) }));
}

// Whether a service request may be linked: the program exists within the user's reach.
export async function programExists(db: Executor, scope: BoothScope, id: number): Promise<boolean> {
  return (await programsInScope(db, scope).select('village_programs.id').where('village_programs.id', '=', id).executeTakeFirst()) !== undefined;
}
