import type { z } from 'zod';
import {
  type AppointmentCalendar,
  type BlockedDay,
  type blockedDayInputSchema,
  calendarSlots,
  type calendarInputSchema,
  type calendarUpdateSchema,
} from '@shared/appointments/appointment-calendar';
import { SLOT_HOLDING_STATUSES } from '@shared/appointments/appointment-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { heldTimesFrom } from './appointments-repository';
import { assertNotPast, CALENDAR_NOT_FOUND, officeToday } from './appointments-use-cases';
import { deleteBlockedDay, findBlockedDay, findBlockedDayById, findCalendar, insertBlockedDay, insertCalendar, listCalendars, updateCalendar } from './calendars-repository';

export const CALENDAR_CHANGED = 'Someone else changed this calendar first. Reload and try again.';
export const CALENDAR_NAME_TAKEN = 'A calendar with this name already exists';
export const HOURS_WOULD_DROP_BOOKINGS = 'Bookings from today on would not fit these hours: move or cancel them first';
export const DAY_ALREADY_BLOCKED = 'This day is already blocked';
export const BLOCKED_DAY_NOT_FOUND = 'Blocked day not found';

export async function listAllCalendars(db: Executor): Promise<{ items: AppointmentCalendar[] }> {
  return { items: await listCalendars(db, await officeToday(db)) };
}

async function calendarOrNotFound(db: Executor, id: number): Promise<AppointmentCalendar> {
  const calendar = await findCalendar(db, id, await officeToday(db));
  if (!calendar) throw new HttpError(404, CALENDAR_NOT_FOUND);
  return calendar;
}

function nameTaken(ctx: AppContext, error: unknown): never {
  if (ctx.dialect.classifyError(error) === 'unique-violation') throw new HttpError(409, CALENDAR_NAME_TAKEN, { name: CALENDAR_NAME_TAKEN });
  throw error;
}

export async function createCalendar(ctx: AppContext, actor: StaffActor, input: z.output<typeof calendarInputSchema>): Promise<AppointmentCalendar> {
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const created = await insertCalendar(trx, input);
      await recordAudit(trx, { action: 'CREATE_APPOINTMENT_CALENDAR', ...actor, tableName: 'appointment_calendars', recordId: created, recordName: input.name, details: { ...input } });
      return created;
    });
  } catch (error) {
    return nameTaken(ctx, error);
  }
  return calendarOrNotFound(ctx.db, id);
}

// The whole calendar from the version seen. New hours or a new slot length must still hold every
// booking from today on (each at a start time of the new grid), or two bookings could overlap.
export async function changeCalendar(ctx: AppContext, actor: StaffActor, id: number, input: z.output<typeof calendarUpdateSchema>): Promise<AppointmentCalendar> {
  const { version, ...values } = input;
  try {
    await retryWhenStale(() =>
      ctx.db.transaction().execute(async (trx) => {
        const today = await officeToday(trx);
        const current = await findCalendar(trx, id, today);
        if (!current) throw new HttpError(404, CALENDAR_NOT_FOUND);
        assertVersion(version, current.version, () => new EditConflictError(CALENDAR_CHANGED, current));
        const slots = new Set(calendarSlots(values));
        const outside = (await heldTimesFrom(trx, id, today)).filter((held) => !slots.has(held.slot));
        if (outside.length > 0) throw new HttpError(400, HOURS_WOULD_DROP_BOOKINGS, { slot_minutes: HOURS_WOULD_DROP_BOOKINGS });
        if (!(await updateCalendar(trx, id, current.version, values))) throw new StaleRowError();
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => JSON.stringify(values[key]) !== JSON.stringify(current[key]));
        await recordAudit(trx, { action: 'UPDATE_APPOINTMENT_CALENDAR', ...actor, tableName: 'appointment_calendars', recordId: id, recordName: values.name, details: { changed, version: current.version + 1 } });
      }),
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return nameTaken(ctx, error);
  }
  return calendarOrNotFound(ctx.db, id);
}

// A day off (leave, a session of the assembly): no slots that day. Bookings already on it stay
// (the answer counts them) for the office to move or cancel; the day view shows them under the
// reason.
export async function blockDay(ctx: AppContext, actor: StaffActor, calendarId: number, input: z.output<typeof blockedDayInputSchema>): Promise<BlockedDay & { bookings: number }> {
  const calendar = await calendarOrNotFound(ctx.db, calendarId);
  await assertNotPast(ctx.db, input.blocked_date, 'blocked_date');
  if (await findBlockedDay(ctx.db, calendarId, input.blocked_date)) throw new HttpError(409, DAY_ALREADY_BLOCKED, { blocked_date: DAY_ALREADY_BLOCKED });
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const blocked = await insertBlockedDay(trx, { calendar_id: calendarId, blocked_date: input.blocked_date, reason: input.reason, created_by: actor.userId, created_by_name: actor.userName });
      await recordAudit(trx, { action: 'BLOCK_APPOINTMENT_DAY', ...actor, tableName: 'appointment_blocked_days', recordId: blocked, recordName: `${calendar.name} ${input.blocked_date}`, details: { calendar_id: calendarId, reason: input.reason } });
      return blocked;
    });
  } catch (error) {
    // Two desks blocking one day at once: the unique index lets one in.
    if (ctx.dialect.classifyError(error) === 'unique-violation') throw new HttpError(409, DAY_ALREADY_BLOCKED, { blocked_date: DAY_ALREADY_BLOCKED });
    throw error;
  }
  const bookings = await ctx.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('calendar_id', '=', calendarId)
    .where('appointment_date', '=', input.blocked_date)
    .where('status', 'in', [...SLOT_HOLDING_STATUSES])
    .executeTakeFirstOrThrow();
  const blocked = await findBlockedDayById(ctx.db, calendarId, id);
  if (!blocked) throw new HttpError(404, BLOCKED_DAY_NOT_FOUND);
  return { ...blocked, bookings: Number(bookings.count) };
}

export async function unblockDay(ctx: AppContext, actor: StaffActor, calendarId: number, blockedId: number): Promise<void> {
  const calendar = await calendarOrNotFound(ctx.db, calendarId);
  await ctx.db.transaction().execute(async (trx) => {
    const blocked = await findBlockedDayById(trx, calendarId, blockedId);
    if (!blocked) throw new HttpError(404, BLOCKED_DAY_NOT_FOUND);
    await deleteBlockedDay(trx, blockedId);
    await recordAudit(trx, { action: 'UNBLOCK_APPOINTMENT_DAY', ...actor, tableName: 'appointment_blocked_days', recordId: blockedId, recordName: `${calendar.name} ${blocked.blocked_date}`, details: { calendar_id: calendarId, reason: blocked.reason } });
  });
}
