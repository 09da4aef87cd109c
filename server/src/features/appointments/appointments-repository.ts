import { type Appointment, type AppointmentKind, type AppointmentStatus, SLOT_HOLDING_STATUSES } from '@shared/appointments/appointment-schema';
import type { Executor } from '../../db/dialects/database-dialect';

function selectAppointments(db: Executor) {
  return db
    .selectFrom('appointments')
    .leftJoin('voters', 'voters.id', 'appointments.voter_id')
    .leftJoin('service_requests', 'service_requests.id', 'appointments.service_request_id')
    .selectAll('appointments')
    .select(['voters.voter_id as voter_epic', 'service_requests.receipt_no as service_request_receipt']);
}

type AppointmentRow = Awaited<ReturnType<ReturnType<typeof selectAppointments>['executeTakeFirstOrThrow']>>;

function toAppointmentDto(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    calendar_id: row.calendar_id,
    kind: row.kind as AppointmentKind,
    appointment_date: row.appointment_date,
    slot: row.slot,
    voter_id: row.voter_id,
    voter_epic: row.voter_epic ?? null,
    visitor_name: row.visitor_name,
    visitor_mobile: row.visitor_mobile,
    purpose: row.purpose,
    booth: row.booth,
    village: row.village,
    notes: row.notes,
    service_request_id: row.service_request_id,
    service_request_receipt: row.service_request_receipt ?? null,
    status: row.status as AppointmentStatus,
    reminder_status: row.reminder_status,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

// A calendar's day by time (a freed slot's cancelled booking before the one that took it).
export async function listAppointmentsOn(db: Executor, calendarId: number, day: string): Promise<Appointment[]> {
  const rows = await selectAppointments(db)
    .where('appointments.calendar_id', '=', calendarId)
    .where('appointments.appointment_date', '=', day)
    .orderBy('appointments.slot')
    .orderBy('appointments.id')
    .execute();
  return rows.map(toAppointmentDto);
}

export async function findAppointment(db: Executor, id: number): Promise<Appointment | undefined> {
  const row = await selectAppointments(db).where('appointments.id', '=', id).executeTakeFirst();
  return row ? toAppointmentDto(row) : undefined;
}

// The booking that holds a calendar's slot, if any.
export async function findSlotHolder(db: Executor, calendarId: number, day: string, slot: string): Promise<Appointment | undefined> {
  const row = await selectAppointments(db)
    .where('appointments.calendar_id', '=', calendarId)
    .where('appointments.appointment_date', '=', day)
    .where('appointments.slot', '=', slot)
    .where('appointments.status', 'in', [...SLOT_HOLDING_STATUSES])
    .executeTakeFirst();
  return row ? toAppointmentDto(row) : undefined;
}

// The times a calendar's bookings hold from a day on (a new slot grid must keep them all).
export async function heldTimesFrom(db: Executor, calendarId: number, from: string): Promise<{ appointment_date: string; slot: string }[]> {
  return db
    .selectFrom('appointments')
    .select(['appointment_date', 'slot'])
    .where('calendar_id', '=', calendarId)
    .where('appointment_date', '>=', from)
    .where('status', 'in', [...SLOT_HOLDING_STATUSES])
    .execute();
}

export interface NewAppointment {
  calendar_id: number;
  kind: AppointmentKind;
  appointment_date: string;
  slot: string;
  voter_id: number | null;
  visitor_name: string;
  visitor_mobile: string | null;
  purpose: string;
  booth: string | null;
  village: string | null;
  notes: string | null;
  service_request_id: number | null;
  created_by: number;
  created_by_name: string;
}

export async function insertAppointment(db: Executor, appointment: NewAppointment): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('appointments')
    .values({ ...appointment, status: 'Requested', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type AppointmentChanges = Partial<Omit<NewAppointment, 'calendar_id' | 'voter_id' | 'created_by' | 'created_by_name'> & { status: AppointmentStatus }>;

// Writes only if the booking is still at the version read, raising it by one.
export async function updateAppointment(db: Executor, id: number, expectedVersion: number, changes: AppointmentChanges): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set((eb) => ({ ...changes, updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
