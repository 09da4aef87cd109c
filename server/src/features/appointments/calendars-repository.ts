import type { AppointmentCalendar, BlockedDay } from '@shared/appointments/appointment-calendar';
import type { Executor } from '../../db/dialects/database-dialect';

// Leaders' calendars and their blocked days (migration 068, decision 091).

const parseDays = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);

export interface CalendarRow {
  id: number;
  name: string;
  working_days: string;
  day_start: string;
  day_end: string;
  slot_minutes: number;
  reminder_sms: number;
  reminder_dlt_template_id: string;
  version: number;
}

function toCalendarDto(row: CalendarRow, blocked: BlockedDay[]): AppointmentCalendar {
  return {
    id: row.id,
    name: row.name,
    working_days: parseDays(row.working_days),
    day_start: row.day_start,
    day_end: row.day_end,
    slot_minutes: row.slot_minutes,
    reminder_sms: row.reminder_sms === 1,
    reminder_dlt_template_id: row.reminder_dlt_template_id,
    blocked_days: blocked.filter((day) => day.calendar_id === row.id),
    version: row.version,
  };
}

const CALENDAR_COLUMNS = ['id', 'name', 'working_days', 'day_start', 'day_end', 'slot_minutes', 'reminder_sms', 'reminder_dlt_template_id', 'version'] as const;

async function blockedFrom(db: Executor, from: string, calendarId?: number): Promise<BlockedDay[]> {
  let query = db.selectFrom('appointment_blocked_days').select(['id', 'calendar_id', 'blocked_date', 'reason', 'created_by_name']).where('blocked_date', '>=', from);
  if (calendarId !== undefined) query = query.where('calendar_id', '=', calendarId);
  return query.orderBy('blocked_date').execute();
}

// Every calendar by id (the first is the one older bookings belong to), with its blocked days
// from `from` on.
export async function listCalendars(db: Executor, from: string): Promise<AppointmentCalendar[]> {
  const rows = await db.selectFrom('appointment_calendars').select(CALENDAR_COLUMNS).orderBy('id').execute();
  const blocked = await blockedFrom(db, from);
  return rows.map((row) => toCalendarDto(row, blocked));
}

export async function findCalendar(db: Executor, id: number, blockedFromDay: string): Promise<AppointmentCalendar | undefined> {
  const row = await db.selectFrom('appointment_calendars').select(CALENDAR_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toCalendarDto(row, await blockedFrom(db, blockedFromDay, id)) : undefined;
}

export async function firstCalendarId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('appointment_calendars').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

export interface CalendarValues {
  name: string;
  working_days: readonly number[];
  day_start: string;
  day_end: string;
  slot_minutes: number;
  reminder_sms: boolean;
  reminder_dlt_template_id: string;
}

const toRow = (values: CalendarValues) => ({ ...values, working_days: values.working_days.join(','), reminder_sms: values.reminder_sms ? 1 : 0 });

export async function insertCalendar(db: Executor, values: CalendarValues): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('appointment_calendars')
    .values({ ...toRow(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Writes only if the calendar is still at the version read, raising it by one.
export async function updateCalendar(db: Executor, id: number, expectedVersion: number, values: CalendarValues): Promise<boolean> {
  const result = await db
    .updateTable('appointment_calendars')
    .set((eb) => ({ ...toRow(values), updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findBlockedDay(db: Executor, calendarId: number, day: string): Promise<BlockedDay | undefined> {
  return db
    .selectFrom('appointment_blocked_days')
    .select(['id', 'calendar_id', 'blocked_date', 'reason', 'created_by_name'])
    .where('calendar_id', '=', calendarId)
    .where('blocked_date', '=', day)
    .executeTakeFirst();
}

export async function findBlockedDayById(db: Executor, calendarId: number, id: number): Promise<BlockedDay | undefined> {
  return db.selectFrom('appointment_blocked_days').select(['id', 'calendar_id', 'blocked_date', 'reason', 'created_by_name']).where('calendar_id', '=', calendarId).where('id', '=', id).executeTakeFirst();
}

export async function insertBlockedDay(db: Executor, values: { calendar_id: number; blocked_date: string; reason: string; created_by: number; created_by_name: string }): Promise<number> {
  const row = await db
    .insertInto('appointment_blocked_days')
    .values({ ...values, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteBlockedDay(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('appointment_blocked_days').where('id', '=', id).execute();
}
