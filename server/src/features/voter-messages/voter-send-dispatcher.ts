import type { Kysely } from 'kysely';
import { inSilencePeriod } from '@shared/poll/poll-window';
import { formatRupees } from '@shared/sms/sms-length';
import { startOfZonedDay, zonedDay } from '@shared/time/zoned-time';
import { promotionalHeldUntil } from '@shared/voter-messages/quiet-hours';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { type SmsGateway, SmsSendError } from '../notifications/sms/sms-gateway';
import { readSettings } from '../settings/settings-repository';
import { budgetReached } from './voter-sends-use-cases';
import type { WhatsAppGateway } from './whatsapp/whatsapp-cloud-gateway';
import { activeSends, cancelQueuedRecipients, dueRecipients, optedOutAmong, queuedCount, recordRecipient, skipRecipients, spentSince, updateSend } from './voter-sends-repository';

export interface VoterSendDispatcherOptions {
  db: Kysely<Database>;
  gateway: SmsGateway;
  // WhatsApp template messages (decision 079); null: a WhatsApp send's messages fail, said so.
  whatsapp?: WhatsAppGateway | null;
  log: (line: string) => void;
  // The gateway's rate (SMS_RATE_PER_SECOND): at most this many messages a pass, a pass a second.
  ratePerSecond: number;
  clock?: () => Date;
  maxAttempts?: number;
  baseDelayMs?: number;
}

export const OPTED_OUT_SINCE = 'Opted out after the send was queued';
export const WHATSAPP_GONE = 'WhatsApp is not set up on this server';

// Sends the queued messages to voters at the gateway's rate, oldest send first, outside any
// request: a send to 50,000 voters is queued in one transaction and goes out here over
// minutes. Each pass re-reads what may have changed since the send was queued: consent (a
// STOP that arrived meanwhile), the night hours for promotional sends, the poll's silence
// period and the day's budget, which stops the send with a message when reached.
export function createVoterSendDispatcher(options: VoterSendDispatcherOptions) {
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function pass(): Promise<number> {
    const now = clock();
    const settings = await readSettings(options.db);
    // The poll's silence period holds every send (they go on when it ends).
    if (inSilencePeriod(settings, now)) return 0;
    const night = promotionalHeldUntil(now, settings.timezone) !== null;
    const send = (await activeSends(options.db)).find((candidate) => (candidate.not_before === null || candidate.not_before <= now.toISOString()) && !(night && candidate.category === 'promotional'));
    if (!send) return 0;
    const due = await dueRecipients(options.db, send.id, now, options.ratePerSecond);
    if (due.length === 0) {
      if ((await queuedCount(options.db, send.id)) === 0) await updateSend(options.db, send.id, send.version, { status: 'done', finished_at: now.toISOString() });
      return 0;
    }
    const optedOut = await optedOutAmong(options.db, due);
    await skipRecipients(options.db, send.id, [...optedOut], OPTED_OUT_SINCE);
    const budgetPaise = Number(settings.voter_sms_daily_budget) * 100;
    let spent = await spentSince(options.db, startOfZonedDay(zonedDay(now, settings.timezone), settings.timezone));
    const dlt = { templateId: send.dlt_template_id, entityId: settings.dlt_entity_id, senderId: settings.sms_sender_id };
    let sent = 0;
    for (const recipient of due) {
      if (optedOut.has(recipient.voter_id)) continue;
      const cost = recipient.parts * send.price_paise;
      if (spent + cost > budgetPaise) {
        await stopForBudget(send, budgetPaise);
        break;
      }
      const attempts = recipient.attempts + 1;
      const key = { send_id: send.id, voter_id: recipient.voter_id };
      try {
        const { providerId } =
          send.channel === 'whatsapp'
            ? await sendWhatsapp(send.whatsapp_template, recipient)
            : await options.gateway.send({ to: recipient.mobile, text: recipient.text, dlt });
        await recordRecipient(options.db, key, { status: 'sent', attempts, error: null, providerId, nextAttemptAt: null, sentAt: clock() });
        spent += cost;
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = !(error instanceof SmsSendError ? error.retryable : true) || attempts >= maxAttempts;
        const nextAttemptAt = giveUp ? null : new Date(clock().getTime() + baseDelayMs * 2 ** (attempts - 1));
        await recordRecipient(options.db, key, { status: giveUp ? 'failed' : 'queued', attempts, error: message, providerId: null, nextAttemptAt, sentAt: null });
      }
    }
    return sent;
  }

  // The approved template in the voter's language with the values it was queued with.
  async function sendWhatsapp(template: string | null, recipient: { mobile: string; language: string | null; params: string | null }) {
    if (!options.whatsapp || !template) throw new SmsSendError(WHATSAPP_GONE, false);
    return options.whatsapp.send({ to: recipient.mobile, template, language: recipient.language ?? 'en', parameters: JSON.parse(recipient.params ?? '[]') as string[] });
  }

  async function stopForBudget(send: { id: number; version: number; template_name: string }, budgetPaise: number): Promise<void> {
    const reason = budgetReached(formatRupees(budgetPaise));
    await options.db.transaction().execute(async (trx) => {
      // The version read at the pass's start may be old (an approval since): stop whatever it is now.
      const current = await trx.selectFrom('voter_sends').select(['version', 'status']).where('id', '=', send.id).executeTakeFirst();
      if (!current || current.status !== 'sending') return;
      await updateSend(trx, send.id, current.version, { status: 'stopped', stop_reason: reason, finished_at: clock().toISOString() });
      const cancelled = await cancelQueuedRecipients(trx, send.id, reason);
      await recordAudit(trx, { action: 'STOP_VOTER_MESSAGES', userId: null, userName: 'System', ipAddress: null, tableName: 'voter_sends', recordId: send.id, recordName: send.template_name, details: { reason: 'daily_budget', budget_paise: budgetPaise, not_sent: cancelled } });
    });
    options.log(`Voter send ${send.id} stopped: ${reason}`);
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    start(intervalMs = 1_000) {
      timer ??= setInterval(() => void runOnce().catch((error: unknown) => options.log(`Voter send dispatch failed: ${String(error)}`)), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type VoterSendDispatcher = ReturnType<typeof createVoterSendDispatcher>;
