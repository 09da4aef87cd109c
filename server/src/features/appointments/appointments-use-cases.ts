import type { z } from 'zod';
import {
  type Appointment,
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

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const APPOINTMENT_CHANGED = 'Someone else changed this appointment first. Reload and try again.';
export const SLOT_TAKEN = 'This time is already booked. Choose another time.';
export const PAST_DAY = 'Choose today or a later day';
export const APPOINTMENT_STATUS_NOT_ALLOWED = 'This appointment cannot move to that status from where it is now';

async function officeToday(db: Executor): Promise<string> {
  return zonedDay(new Date(), (await readSettings(db)).timezone);
}

async function assertNotPast(db: Executor, day: string): Promise<void> {
  if (day < (await officeToday(db))) throw new HttpError(400, PAST_DAY, { appointment_date: PAST_DAY });
}

// The slot's unique index refused the write: someone holds it. 409 with their booking, so the
// screen can show who has the time now.
async function slotTaken(ctx: AppContext, error: unknown, day: string, slot: string): Promise<never> {
  if (ctx.dialect.classifyError(error) !== 'unique-violation') throw error;
  throw new EditConflictError(SLOT_TAKEN, (await findSlotHolder(ctx.db, day, slot)) ?? null);
}

export async function listDay(db: Executor, day: string) {
  return { date: day, items: await listAppointmentsOn(db, day) };
}

export async function bookAppointment(ctx: AppContext, actor: StaffActor, input: z.output<typeof appointmentInputSchema>): Promise<Appointment> {
  await assertNotPast(ctx.db, input.appointment_date);
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
        created_by: actor.userId,
        created_by_name: actor.userName,
      });
      await recordAudit(trx, {
        action: 'CREATE_APPOINTMENT',
        ...actor,
        tableName: 'appointments',
        recordId: booked,
        recordName: appointmentRecordName({ appointment_date: input.appointment_date, slot: input.slot, visitor_name: name ?? '' }),
        details: { kind: input.kind, voter_id: input.voter_id },
      });
      return booked;
    });
  } catch (error) {
    return slotTaken(ctx, error, input.appointment_date, input.slot);
  }
  const booked = await findAppointment(ctx.db, id);
  if (!booked) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
  return booked;
}

const EDITABLE = ['kind', 'appointment_date', 'slot', 'visitor_name', 'visitor_mobile', 'purpose', 'booth', 'village', 'notes', 'status'] as const;

// Moves, corrects or settles a booking from the version the user saw. A new day or time is
// checked like a new booking (not in the past, not held by another booking).
export async function changeAppointment(ctx: AppContext, actor: StaffActor, id: number, input: z.output<typeof appointmentUpdateSchema>): Promise<Appointment> {
  try {
    await retryWhenStale(() =>
      ctx.db.transaction().execute(async (trx) => {
        const current = await findAppointment(trx, id);
        if (!current) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
        assertVersion(input.version, current.version, () => new EditConflictError(APPOINTMENT_CHANGED, current));
        if (input.status !== current.status && !NEXT_APPOINTMENT_STATUSES[current.status].includes(input.status)) {
          throw new HttpError(400, APPOINTMENT_STATUS_NOT_ALLOWED, { status: APPOINTMENT_STATUS_NOT_ALLOWED });
        }
        if (input.appointment_date !== current.appointment_date) await assertNotPast(trx, input.appointment_date);
        const changes: AppointmentChanges = {};
        for (const field of EDITABLE) {
          if (input[field] !== current[field]) (changes as Record<string, unknown>)[field] = input[field];
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
    if (error instanceof HttpError) throw error;
    return slotTaken(ctx, error, input.appointment_date, input.slot);
  }
  const changed = await findAppointment(ctx.db, id);
  if (!changed) throw new HttpError(404, APPOINTMENT_NOT_FOUND);
  return changed;
}
