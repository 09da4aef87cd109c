import type { Settings } from '@shared/settings/settings-schema';
import { RECEIPT_LANGUAGES, type ReceiptLanguage, receiptMessage, resolutionMessage } from '@shared/service-requests/service-receipt';
import { SERVICE_SMS_NO_MOBILE, SERVICE_SMS_OPTED_OUT, type ServiceRequest } from '@shared/service-requests/service-request-schema';
import { smsLength } from '@shared/sms/sms-length';
import { zonedDay } from '@shared/time/zoned-time';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { serviceRequestRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { findOptOutNumber, findVoterConsent } from '../voter-messages/consent-repository';
import { findVoter } from '../voters/voters-repository';
import { insertServiceMessage } from './service-sms-repository';

// The citizen told by SMS on registration and on resolution (issue 59, decision 090), when the
// office turned it on (service_sms_enabled). The message is queued in the request's own
// transaction and sent by the dispatcher (service-sms-dispatcher.ts) after it: a gateway that
// is slow, down or refusing never holds up or fails a registration.

const isReceiptLanguage = (value: unknown): value is ReceiptLanguage => RECEIPT_LANGUAGES.includes(value as ReceiptLanguage);

// The linked voter's message language when recorded, else the office's (decision 077).
export async function citizenLanguage(db: Executor, voterId: number | null, settings: Pick<Settings, 'language'>): Promise<ReceiptLanguage> {
  const voter = voterId === null ? undefined : await findVoter(db, voterId, { kind: 'all' });
  const own = voter?.message_language;
  return isReceiptLanguage(own) ? own : isReceiptLanguage(settings.language) ? settings.language : 'en';
}

// Opted out: the linked voter's consent says so (a STOP from their own number counts, unless
// the office opted them back in since, as the consent screen shows it), or the number the
// request carries replied STOP (a citizen without a voter record, or another number).
export async function citizenOptedOut(db: Executor, voterId: number | null, mobile: string): Promise<boolean> {
  const consent = voterId === null ? undefined : await findVoterConsent(db, voterId);
  if (consent?.state === 'opted_out') return true;
  if (consent && consent.mobile === mobile) return false;
  return (await findOptOutNumber(db, mobile)) !== undefined;
}

// Queues the SMS for this moment of the request (inside the caller's transaction), or keeps it
// as not sent with its reason (opted out, no mobile; audited at once). Nothing when the office
// has not turned the messages on.
export async function queueCitizenSms(db: Executor, request: ServiceRequest, kind: 'registered' | 'resolved', actor: Actor): Promise<void> {
  const settings = await readSettings(db);
  if (settings.service_sms_enabled !== 'true') return;
  const language = await citizenLanguage(db, request.voter_id, settings);
  const office = settings.app_name;
  const text =
    kind === 'registered'
      ? receiptMessage({ receipt_no: request.receipt_no, registered_on: zonedDay(new Date(request.created_at), settings.timezone), category: request.category, status: request.status, office_name: office }, language)
      : resolutionMessage({ receipt_no: request.receipt_no, category: request.category, office_name: office }, language);
  const mobile = request.citizen_mobile;
  const reason = !mobile ? SERVICE_SMS_NO_MOBILE : (await citizenOptedOut(db, request.voter_id, mobile)) ? SERVICE_SMS_OPTED_OUT : null;
  const parts = smsLength(text).parts;
  const id = await insertServiceMessage(
    db,
    { request_id: request.id, kind, mobile, language, text, parts, status: reason ? 'skipped' : 'queued', reason, created_by: actor.userId, created_by_name: actor.userName },
    new Date(),
  );
  if (reason) {
    await recordAudit(db, {
      action: 'SEND_SERVICE_REQUEST_SMS',
      ...actor,
      tableName: 'service_requests',
      recordId: request.id,
      recordName: serviceRequestRecordName(request),
      details: { message_id: id, kind, status: 'skipped', reason, language, mobile_last4: mobile ? mobile.slice(-4) : null },
    });
  }
}
