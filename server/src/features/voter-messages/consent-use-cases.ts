import type { Kysely } from 'kysely';
import { type InboundMessage, replyIntent, tenDigitMobile, type VoterConsent, type VoterConsentUpdate } from '@shared/voter-messages/consent-schema';
import type { z } from 'zod';
import type { voterConsentUpdateSchema } from '@shared/voter-messages/consent-schema';
import type { Database } from '../../db/schema';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import type { Actor, StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { clearOptOutNumber, findVoterConsent, optOutNumber, writeVoterConsent } from './consent-repository';
import { type DeliveryReport, type DeliveryStatus, deliveryStatusOf } from '@shared/voter-messages/voter-send-schema';
import { recordDelivery } from './voter-sends-repository';

export const VOTER_NOT_FOUND = 'Voter not found';
export const CONSENT_CHANGED = "Someone else changed this voter's messaging consent first. Reload and try again.";

const publicConsent = ({ full_name: _name, mobile: _mobile, ...consent }: NonNullable<Awaited<ReturnType<typeof findVoterConsent>>>): VoterConsent => consent;

export async function voterConsent(db: Kysely<Database>, voterId: number): Promise<VoterConsent> {
  const found = await findVoterConsent(db, voterId);
  if (!found) throw new HttpError(404, VOTER_NOT_FOUND);
  return publicConsent(found);
}

// An office user records the voter's answer (issue 60). Opting a voter in (or back to unknown)
// also lifts a STOP their mobile sent: the voter asked the office in person. Audited either way.
export async function changeVoterConsent(db: Kysely<Database>, actor: StaffActor, voterId: number, input: z.output<typeof voterConsentUpdateSchema> & VoterConsentUpdate): Promise<VoterConsent> {
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const current = await findVoterConsent(trx, voterId);
      if (!current) throw new HttpError(404, VOTER_NOT_FOUND);
      assertVersion(input.version, current.version, () => new EditConflictError(CONSENT_CHANGED, publicConsent(current)));
      const now = new Date();
      const note = input.note ? input.note : null;
      if (!(await writeVoterConsent(trx, { voterId, readVersion: current.version, state: input.state, source: 'office', changedBy: actor.userId, changedByName: actor.userName, note, now }))) throw new StaleRowError();
      const numberCleared = input.state !== 'opted_out' && current.mobile ? await clearOptOutNumber(trx, current.mobile) : false;
      await recordAudit(trx, {
        action: 'CHANGE_MESSAGING_CONSENT',
        ...actor,
        tableName: 'voters',
        recordId: voterId,
        recordName: current.full_name,
        details: { from: current.state, to: input.state, source: 'office', ...(note ? { note } : {}), ...(numberCleared ? { number_opt_out_lifted: true } : {}), version: current.version + 1 },
      });
      const after = await findVoterConsent(trx, voterId);
      return publicConsent(after ?? current);
    }),
  );
}

// A reply or a gateway's opt-out report: STOP (or the gateway's opt_out event) opts the number
// out, START opts it back in; anything else is ignored. No voter lookup: the number itself is
// kept, so a voter added later with it is left out too (decision 070).
// The sender and text of a gateway's inbound message, whatever the gateway names them.
export function inboundSenderAndText(input: InboundMessage): { sender: string; text: string } {
  return { sender: input.From ?? input.from ?? input.mobile ?? input.sender ?? '', text: input.Body ?? input.body ?? input.text ?? input.message ?? '' };
}

export async function receiveInboundMessage(db: Kysely<Database>, actor: Actor, input: InboundMessage): Promise<{ action: 'opted_out' | 'opted_in' | 'ignored' }> {
  const { sender, text } = inboundSenderAndText(input);
  const from = tenDigitMobile(sender);
  const gatewayOptOut = (input.event ?? '').toLowerCase().replace(/[-\s]/g, '_') === 'opt_out';
  const intent = gatewayOptOut ? 'opt_out' : replyIntent(text);
  if (!from || !intent) return { action: 'ignored' };
  const now = new Date();
  const source = gatewayOptOut ? 'gateway' : 'reply';
  await db.transaction().execute(async (trx) => {
    const changed = intent === 'opt_out' ? (await optOutNumber(trx, from, source, text.slice(0, 160) || null, now), true) : await clearOptOutNumber(trx, from);
    if (!changed) return;
    await recordAudit(trx, {
      action: intent === 'opt_out' ? 'MESSAGING_OPT_OUT' : 'MESSAGING_OPT_IN',
      ...actor,
      tableName: 'message_opt_out_numbers',
      // Only the last digits: the audit log is read by office users, the number is a voter's.
      recordName: `******${from.slice(-4)}`,
      details: { source, reply: text.slice(0, 40) },
    });
  });
  return { action: intent === 'opt_out' ? 'opted_out' : 'opted_in' };
}

// A gateway's delivery report (issue 60): the message it gave this id was delivered or not.
// Not audited one by one (a send to 50,000 voters brings 50,000 reports): the send's counts
// show them, and the recipient row keeps the status, the reason and when it came.
export async function receiveDeliveryReport(db: Kysely<Database>, input: DeliveryReport): Promise<{ status: DeliveryStatus | 'ignored' | 'unknown' }> {
  const providerId = input.MessageSid ?? input.SmsSid ?? input.message_id ?? input.request_id ?? input.id ?? '';
  const status = deliveryStatusOf(input.MessageStatus ?? input.SmsStatus ?? input.status ?? '');
  if (!providerId || !status) return { status: 'ignored' };
  const reason = status === 'failed' ? [input.ErrorCode, input.ErrorMessage ?? input.error ?? input.reason].filter(Boolean).join(' ').slice(0, 200) || 'Not delivered' : null;
  const matched = await recordDelivery(db, providerId, { status, error: reason, at: new Date() });
  return { status: matched > 0 ? status : 'unknown' };
}
