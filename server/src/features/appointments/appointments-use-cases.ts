import type { z } from 'zod';
import { type AppointmentCalendar, calendarSlots, dayClosed } from '@shared/appointments/appointment-calendar';
import {
  type Appointment,
  type AppointmentDay,
  type appointmentInputSchema,
  type appointmentUpdateSchema,
  NEXT_APPOINTMENT_STATUSES,
} from '@shared/appointments/appointment-schema';
import { zonedDay } from '@shared/time/zoned-time';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { appointmentRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { findVoter } from '../voters/voters-repository';
import { type AppointmentChanges, findAppointment, findSlotHolder, insertAppointment, listAppointmentsOn, updateAppointment } from './appointments-repository';
import { findCalendar, firstCalendarId } from './calendars-repository';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const CALENDAR_NOT_FOUND = 'Calendar not found';
export const SERVICE_REQUEST_NOT_FOUND = 'Service request not found';
export const APPOINTMENT_CHANGED = 'Someone else changed this appointment first. Reload and try again.';
export const SLOT_TAKEN = 'This time is already booked. Choose another time.';
export const PAST_DAY = 'Choose today or a later day';
export const APPOINTMENT_STATUS_NOT_ALLOWED = 'This appointment cannot move to that status from where it is now';
export const NOT_A_WORKING_DAY = 'The leader does not work on this day. Choose another day.';
export const DAY_BLOCKED = 'This day is blocked: {reason}';
export const SLOT_NOT_OFFERED = 'Choose a time from the list';

export async function officeToday(db: Executor): Promise<string> {
  return zonedDay(new Date(), (await readSettings(db)).timezone);
}

export async function assertNotPast(db: Executor, day: string, field: string): Promise<void> {
  if (day < (await officeToday(db))) throw new HttpError(400, PAST_DAY, { [field]: PAST_DAY });
}

// The calendar a request names, or the first one when it names none; 404 for an unknown one.
// Its blocked days are read from the earlier of the day asked for and today.
export async function resolveCalendar(db: Executor, calendarId: number | null, day?: string): Promise<AppointmentCalendar> {
  const id = calendarId ?? (await firstCalendarId(db));
  const today = await officeToday(db);
  const calendar = id === undefined ? undefined : await findCalendar(db, id, day && day < today ? day : today);
  if (!calendar) throw new HttpError(404, CALENDAR_NOT_FOUND, { calendar_id: CALENDAR_NOT_FOUND });
  return calendar;
}

// A day the calendar offers (a working weekday, not blocked); `field` names the date's field.
export function assertDayOpen(calendar: AppointmentCalendar, day: string, field: string): void {
  const closed = dayClosed(calendar, day);
  if (closed?.kind === 'not-working') throw new HttpError(400, NOT_A_WORKING_DAY, { [field]: NOT_A_WORKING_DAY });
  if (closed?.kind === 'blocked') {
    const message = DAY_BLOCKED.replace('{reason}', closed.reason);
    throw new HttpError(400, message, { [field]: message });
  }
}

function assertBookable(calendar: AppointmentCalendar, day: string, slot: string): void {
  assertDayOpen(calendar, day, 'appointment_date');
  if (!calendarSlots(calendar).includes(slot)) throw new HttpError(400, SLOT_NOT_OFFERED, { slot: SLOT_NOT_OFFERED });
}

export async function assertServiceRequest(db: Executor, id: number | null): Promise<void> {
  if (id === null) return;
  const found = await db.selectFrom('service_requests').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new HttpError(404, SERVICE_REQUEST_NOT_FOUND, { service_request_id: SERVICE_REQUEST_NOT_FOUND });
}

// The slot's unique index refused the write: someone holds it. 409 with their booking, so the
// screen can show who has the time now.
async function slotTaken(ctx: AppContext, error: unknown, calendarId: number, day: string, slot: string): Promise<never> {
  if (ctx.dialect.classifyError(error) !== 'unique-violation') throw error;
  throw new EditConflictError(SLOT_TAKEN, (await findSlotHolder(ctx.db, calendarId, day, slot)) ?? null);
}

export async function listDay(db: Executor, calendarId: number | null, day: string): Promise<AppointmentDay> {
  const calendar = await resolveCalendar(db, calendarId, day);
  const closed = dayClosed(calendar, day);
  return { date: day, calendar, closed, slots: closed ? [] : calendarSlots(calendar), items: await listAppointmentsOn(db, calendar.id, day) };
}

export async function bookAppointment(ctx: AppContext, actor: StaffActor, input: z.output<typeof appointmentInputSchema>): Promise<Appointment> {
  await assertNotPast(ctx.db, input.appointment_date, 'appointment_date');
  const calendar = await resolveCalendar(ctx.db, input.calendar_id, input.appointment_date);
  assertBookable(calendar, input.appointment_date, input.slot);
  await assertServiceRequest(ctx.db, input.service_request_id);
  let { visitor_name: name, visitor_mobile: mobile, booth, village } = input;
  if (input.voter_id !== null) {
    const voter = await findVoter(ctx.db, input.voter_id, { kind: 'all' });
    if (!voter) throw new HttpError(404, 'Voter not found', { voter_id: 'Voter not found' });
    name ??= voter.full_name;
    mobile ??= voter.mobile_number || null;
    booth = voter.booth ?? booth;
    village = voter.village ?? village;
  }
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const booked = await insertAppointment(trx, {
        calendar_id: calendar.id,
        kind: input.kind,
        appointment_date: input.appointment_date,
        slot: input.slot,
        voter_id: input.voter_id,
        visitor_name: name ?? '',
        visitor_mobile: mobile,
        purpose: input.purpose,
        booth,
        village,
        notes: input.notes,
        service_request_id: input.service_request_id,
        created_by: actor.userId,
        created_by_name: actor.userName,
      });
      await recordAudit(trx, {
        action: 'CREATE_APPOINTMENT',
        ...actor,
        tableName: 'appointments',
        recordId: booked,
        recordName: appointmentRecordName({ appointment_date: input.appointment_date, slot: input.slot, visitor_name: name ?? '' }),
        details: { kind: input.kind, voter_id: input.voter_id, calendar_id: calendar.id, service_request_id: input.service_request_id },
      });
      return booked;
    });
  } catch (error) {
    return slotTaken(ctx, error, calendar.id, input.appointment_date, input.slot);
  }
  const booked = await findAppointment(ctx.db, id);
  if (!booked) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
  return booked;
}

const EDITABLE = ['kind', 'appointment_date', 'slot', 'visitor_name', 'visitor_mobile', 'purpose', 'booth', 'village', 'notes', 'service_request_id', 'status'] as const;

// Moves, corrects or settles a booking from the version the user saw. A new day or time is
// checked like a new booking (not in the past, offered by its calendar, not held by another).
export async function changeAppointment(ctx: AppContext, actor: StaffActor, id: number, input: z.output<typeof appointmentUpdateSchema>): Promise<Appointment> {
  let calendarId: number | null = null;
  try {
    await retryWhenStale(() =>
      ctx.db.transaction().execute(async (trx) => {
        const current = await findAppointment(trx, id);
        if (!current) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
        calendarId = current.calendar_id;
        assertVersion(input.version, current.version, () => new EditConflictError(APPOINTMENT_CHANGED, current));
        if (input.status !== current.status && !NEXT_APPOINTMENT_STATUSES[current.status].includes(input.status)) {
          throw new HttpError(400, APPOINTMENT_STATUS_NOT_ALLOWED, { status: APPOINTMENT_STATUS_NOT_ALLOWED });
        }
        if (input.appointment_date !== current.appointment_date || input.slot !== current.slot) {
          if (input.appointment_date !== current.appointment_date) await assertNotPast(trx, input.appointment_date, 'appointment_date');
          assertBookable(await resolveCalendar(trx, current.calendar_id, input.appointment_date), input.appointment_date, input.slot);
        }
        const sent = input.service_request_id === undefined ? current.service_request_id : input.service_request_id;
        if (sent !== current.service_request_id) await assertServiceRequest(trx, sent);
        const changes: AppointmentChanges = {};
        for (const field of EDITABLE) {
          const value = field === 'service_request_id' ? sent : input[field];
          if (value !== current[field]) (changes as Record<string, unknown>)[field] = value;
        }
        if (!(await updateAppointment(trx, id, current.version, changes))) throw new StaleRowError();
        await recordAudit(trx, {
          action: 'UPDATE_APPOINTMENT',
          ...actor,
          tableName: 'appointments',
          recordId: id,
          recordName: appointmentRecordName(current),
          details: { changed: Object.keys(changes), from: current.status, to: input.status, version: current.version + 1 },
        });
      }),
    );
  } catch (error) {
    if (error instanceof HttpError || calendarId === null) throw error;
    return slotTaken(ctx, error, calendarId, input.appointment_date, input.slot);
  }
  const changed = await findAppointment(ctx.db, id);
  if (!changed) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
  return changed;
}
