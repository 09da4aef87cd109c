import type { Kysely } from 'kysely';
import { reminderText } from '@shared/appointments/appointment-words';
import { isLanguage } from '@shared/i18n/languages';
import { inSilencePeriod } from '@shared/poll/poll-window';
import { smsParts } from '@shared/sms/sms-length';
import { nextDay, zonedDay } from '@shared/time/zoned-time';
import { promotionalHeldUntil } from '@shared/voter-messages/quiet-hours';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { appointmentRecordName } from '../audit/record-names';
import { type SmsGateway, SmsSendError } from '../notifications/sms/sms-gateway';
import { readSettings } from '../settings/settings-repository';

// The reminder SMS the day before (issue 59, decision 091). A calendar's switch turns it on (off
// by default). Once a pass, in the process that runs the scheduled jobs, the bookings of the
// office's tomorrow still Requested or Confirmed, whose calendar sends reminders and which have
// none yet, are each claimed (reminder_status set from null to 'sending' on condition it was
// null) and only then sent: two passes or two nodes never send one booking's reminder twice. A
// crash between the send and its record leaves the booking 'sending', never sent again (at most
// once). The text is in the citizen's language (the voter's message language, else the office's);
// an opted-out voter or number gets nothing; each send, skip and failure is an audit row.

export const REMINDER_ATTEMPTS = 3;
const BATCH = 200;

export interface ReminderPass {
  sent: number;
  skipped: number;
  failed: number;
}

export interface AppointmentRemindersOptions {
  db: Kysely<Database>;
  gateway: SmsGateway;
  log: (line: string) => void;
}

const last4 = (mobile: string) => mobile.slice(-4);

export function createAppointmentReminders(options: AppointmentRemindersOptions) {
  const { db } = options;
  let running: Promise<ReminderPass> | null = null;

  async function pass(now: Date): Promise<ReminderPass> {
    const result: ReminderPass = { sent: 0, skipped: 0, failed: 0 };
    const settings = await readSettings(db);
    // Not at night (21:00–09:00 office time, as promotional sends) nor in the poll's silence
    // period: the reminder waits for the morning, still the day before.
    if (inSilencePeriod(settings, now) || promotionalHeldUntil(now, settings.timezone) !== null) return result;
    const tomorrow = nextDay(zonedDay(now, settings.timezone));
    const due = await db
      .selectFrom('appointments')
      .innerJoin('appointment_calendars', 'appointment_calendars.id', 'appointments.calendar_id')
      .leftJoin('voters', 'voters.id', 'appointments.voter_id')
      .select([
        'appointments.id',
        'appointments.appointment_date',
        'appointments.slot',
        'appointments.visitor_name',
        'appointments.visitor_mobile',
        'appointments.voter_id',
        'appointments.reminder_attempts',
        'appointment_calendars.name as calendar_name',
        'appointment_calendars.reminder_dlt_template_id',
        'voters.message_language',
      ])
      .where('appointments.appointment_date', '=', tomorrow)
      .where('appointments.status', 'in', ['Requested', 'Confirmed'])
      .where('appointments.reminder_status', 'is', null)
      .where('appointment_calendars.reminder_sms', '=', 1)
      .orderBy('appointments.id')
      .limit(BATCH)
      .execute();

    for (const booking of due) {
      const attempts = booking.reminder_attempts + 1;
      const claimed = await db
        .updateTable('appointments')
        .set({ reminder_status: 'sending', reminder_attempts: attempts })
        .where('id', '=', booking.id)
        .where('reminder_status', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;

      const settle = async (status: 'sent' | 'skipped' | 'failed' | null, details: Record<string, unknown>) => {
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('appointments').set({ reminder_status: status, reminder_at: status === 'sent' ? new Date().toISOString() : null }).where('id', '=', booking.id).execute();
          await recordAudit(trx, {
            action: 'SEND_APPOINTMENT_REMINDER',
            userId: null,
            userName: 'System',
            ipAddress: null,
            tableName: 'appointments',
            recordId: booking.id,
            recordName: appointmentRecordName(booking),
            details: { status: status ?? 'retry', attempts, ...details },
          });
        });
      };

      const mobile = booking.visitor_mobile;
      if (!mobile) {
        await settle('skipped', { reason: 'no_mobile' });
        result.skipped += 1;
        continue;
      }
      const consent = booking.voter_id === null ? undefined : await db.selectFrom('voter_message_consent').select('state').where('voter_id', '=', booking.voter_id).executeTakeFirst();
      const numberOut = await db.selectFrom('message_opt_out_numbers').select('mobile').where('mobile', '=', mobile).executeTakeFirst();
      if (consent?.state === 'opted_out' || numberOut) {
        await settle('skipped', { reason: 'opted_out', mobile_last4: last4(mobile) });
        result.skipped += 1;
        continue;
      }
      const language = isLanguage(booking.message_language) ? booking.message_language : settings.language;
      const text = reminderText(language, { leader: booking.calendar_name, date: booking.appointment_date, time: booking.slot, office: settings.app_name });
      const dlt =
        booking.reminder_dlt_template_id && settings.dlt_entity_id && settings.sms_sender_id
          ? { templateId: booking.reminder_dlt_template_id, entityId: settings.dlt_entity_id, senderId: settings.sms_sender_id }
          : undefined;
      try {
        const { providerId } = await options.gateway.send({ to: mobile, text, ...(dlt ? { dlt } : {}) });
        await settle('sent', { mobile_last4: last4(mobile), language, parts: smsParts(text), provider_id: providerId, gateway: options.gateway.name });
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Not accepted by the gateway: a passing fault is tried again at a later pass, still the day before.
        const retry = (error instanceof SmsSendError ? error.retryable : true) && attempts < REMINDER_ATTEMPTS;
        await settle(retry ? null : 'failed', { mobile_last4: last4(mobile), error: message });
        if (!retry) result.failed += 1;
        options.log(`Appointment reminder for booking ${booking.id} ${retry ? 'will be retried' : 'failed'}: ${message}`);
      }
    }
    return result;
  }

  return {
    // One pass at a time in this process; a pass asked for while one runs waits for it.
    runOnce(now: Date = new Date()): Promise<ReminderPass> {
      running ??= pass(now).finally(() => {
        running = null;
      });
      return running;
    },
    async idle(): Promise<void> {
      await running?.catch(() => {});
    },
  };
}
export type AppointmentReminders = ReturnType<typeof createAppointmentReminders>;
