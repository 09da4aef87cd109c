import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { sendNotificationSchema } from '@shared/notifications/notification-schema';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { notificationRecordName } from '../audit/record-names';
import { inSilencePeriod } from '@shared/poll/poll-window';
import { zonedTimestamp } from '@shared/time/zoned-time';
import { smsCostPaise, smsLength } from '@shared/sms/sms-length';
import type { Role } from '@shared/auth/roles';
import { mayMessage, outsideYourBooths, partsOverQuota, partsQuotaRefusal, STAFF_SMS_PARTS_PER_HOUR, STAFF_SMS_PARTS_WINDOW_MINUTES } from '@shared/notifications/staff-message-policy';
import { parseBoothAccess } from '../users/users-repository';
import { notificationChannels, readSettings } from '../settings/settings-repository';
import { findRecipientUsers, insertNotification, listActiveStaffOfRole, markRead, recentSmsSends, type NewRecipient } from './notifications-repository';
import type { SmsDispatcher } from './sms/sms-dispatcher';

const NOT_TO_SELF = 'You cannot send a notification to yourself';
const ACTIVE_RECIPIENTS_ONLY = 'Every recipient must be an active user';
export const silenceRefusal = (until: string) => `SMS sending is paused for the silence period before the poll, until ${until}. A Super Admin can send with a reason.`;
export const SILENCE_OVERRIDE_SUPER_ADMIN = 'Only a Super Admin can send SMS during the silence period';
export const SILENCE_REASON_REQUIRED = 'Give the reason for sending SMS during the silence period';

// Issue 22: from 48 hours before polls open until they close, SMS is refused (423) unless a
// Super Admin sends with a reason, which is audited. Undefined: send as usual; else the reason.
async function silenceOverride(db: Kysely<Database>, actor: { role?: string }, reason: string | undefined, now: Date): Promise<{ reason: string; until: string } | undefined> {
  const settings = await readSettings(db);
  const window = inSilencePeriod(settings, now);
  if (!window) return undefined;
  const until = zonedTimestamp(window.closes, settings.timezone).slice(0, 16).replace('T', ' ');
  if (reason === undefined) throw new HttpError(423, silenceRefusal(until));
  if (actor.role !== 'Super Admin') throw new HttpError(403, SILENCE_OVERRIDE_SUPER_ADMIN);
  if (reason === '') throw new HttpError(400, SILENCE_REASON_REQUIRED, { silence_override_reason: SILENCE_REASON_REQUIRED });
  return { reason, until };
}

// The sender as the messaging rule reads them (issue 60).
export interface Sender {
  role: Role;
  boothAccess: readonly string[];
}

// Issue 60: the parts this send needs must fit in what the sender has left of their hourly
// quota (429 otherwise, saying when enough is free again).
async function checkPartsQuota(db: Kysely<Database>, senderId: number, role: Role, needed: number, now: Date): Promise<void> {
  if (needed === 0) return;
  const quota = STAFF_SMS_PARTS_PER_HOUR[role];
  if (needed > quota) throw new HttpError(429, partsOverQuota(needed, quota));
  const windowMs = STAFF_SMS_PARTS_WINDOW_MINUTES * 60_000;
  const sends = (await recentSmsSends(db, senderId, new Date(now.getTime() - windowMs))).map((send) => ({ at: Date.parse(send.created_at), parts: send.sms * smsLength(send.message).parts }));
  const used = sends.reduce((sum, send) => sum + send.parts, 0);
  if (used + needed <= quota) return;
  // The oldest sends leave the window first: wait until enough of them have.
  let freed = 0;
  let freeAt = now.getTime() + windowMs;
  for (const send of sends) {
    freed += send.parts;
    if (used - freed + needed <= quota) {
      freeAt = send.at + windowMs;
      break;
    }
  }
  const waitMinutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
  throw new HttpError(429, partsQuotaRefusal({ needed, used, quota, waitMinutes }));
}

// The active users of a role the sender may message, for the recipient list.
export async function messageableStaff(db: Kysely<Database>, sender: Sender & { userId: number }, role: Role) {
  const rows = await listActiveStaffOfRole(db, role);
  return rows.filter((row) => row.id !== sender.userId && mayMessage({ role: sender.role, booth_access: sender.boothAccess }, { role: row.role as Role, booth_access: parseBoothAccess(row.booth_access) }));
}

// An in-app notification for each recipient plus an SMS to each mobile; the SMS goes out
// from the dispatcher's queue, woken once the notification is saved.
export async function sendNotification(
  db: Kysely<Database>,
  actor: Actor & { userId: number; userName: string; role: Role },
  sender: Sender,
  input: z.output<typeof sendNotificationSchema>,
  sms: Pick<SmsDispatcher, 'kick'>,
): Promise<{ id: number; recipients: number }> {
  const ids = [...new Set(input.recipients)];
  if (ids.includes(actor.userId)) throw new HttpError(400, NOT_TO_SELF, { recipients: NOT_TO_SELF });
  const active = (await findRecipientUsers(db, ids)).filter((recipient) => recipient.is_active === 1);
  if (active.length !== ids.length) throw new HttpError(400, ACTIVE_RECIPIENTS_ONLY, { recipients: ACTIVE_RECIPIENTS_ONLY });
  // Issue 60: field roles message the office, their Supervisors and their own booths' staff.
  const refused = active.filter((recipient) => !mayMessage({ role: sender.role, booth_access: sender.boothAccess }, { role: recipient.role as Role, booth_access: parseBoothAccess(recipient.booth_access) }));
  if (refused.length > 0) throw new HttpError(403, outsideYourBooths(refused.length));
  // The sms_notifications setting off means in-app only.
  const smsOn = (await notificationChannels(db)).sms;
  const smsGoesOut = smsOn && active.some((recipient) => recipient.mobile);
  const override = smsGoesOut ? await silenceOverride(db, actor, input.silence_override_reason, new Date()) : undefined;
  const recipients: NewRecipient[] = active.map((recipient) => ({
    user_id: recipient.id,
    recipient_name: recipient.full_name,
    mobile: recipient.mobile,
    sms_status: smsOn && recipient.mobile ? 'queued' : 'skipped',
    sms_error: smsOn ? (recipient.mobile ? null : 'No mobile number') : 'SMS notifications are switched off',
  }));
  // Parts and cost as the gateway bills them (issue 60): the audit row keeps both.
  const smsCount = recipients.filter((recipient) => recipient.sms_status === 'queued').length;
  const length = smsLength(input.message);
  await checkPartsQuota(db, actor.userId, sender.role, smsCount * length.parts, new Date());
  const pricePaise = Number((await readSettings(db)).sms_price_paise);
  const id = await db.transaction().execute(async (trx) => {
    const notificationId = await insertNotification(trx, { message: input.message, type: input.type, senderId: actor.userId, senderName: actor.userName, recipients });
    if (override) {
      await recordAudit(trx, {
        action: 'OVERRIDE_SMS_SILENCE',
        userId: actor.userId,
        userName: actor.userName,
        ipAddress: actor.ipAddress,
        tableName: 'notifications',
        recordId: notificationId,
        recordName: notificationRecordName(input),
        details: { reason: override.reason, silence_until: override.until, recipients: recipients.length },
      });
    }
    await recordAudit(trx, {
      action: 'SEND_SMS',
      ...actor,
      tableName: 'notifications',
      recordId: notificationId,
      recordName: notificationRecordName(input),
      details: { recipients: recipients.length, sms: smsCount, encoding: length.encoding, parts_each: length.parts, parts: smsCount * length.parts, estimated_cost_paise: smsCostPaise(smsCount * length.parts, pricePaise) },
    });
    return notificationId;
  });
  sms.kick();
  return { id, recipients: recipients.length };
}

// Only a recipient can mark a notification read; to anyone else it does not exist.
export async function markNotificationRead(db: Kysely<Database>, actor: Actor & { userId: number }, id: number): Promise<void> {
  if (!(await markRead(db, id, actor.userId))) throw new HttpError(404, 'Notification not found');
}
