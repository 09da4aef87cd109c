import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { dueSmsDeliveries, recordSmsAttempt } from '../notifications-repository';
import { type SmsGateway, SmsSendError } from './sms-gateway';

export interface SmsDispatcherOptions {
  db: Kysely<Database>;
  gateway: SmsGateway;
  log: (line: string) => void;
  clock?: () => Date;
  maxAttempts?: number;
  // First retry after this long, doubling each time (30 s, 1 min, 2 min, 4 min...).
  baseDelayMs?: number;
  batchSize?: number;
  // Another process runs the dispatcher (decision 039): kick() asks it to dispatch now.
  elsewhere?: () => void;
}

// Sends queued SMS deliveries through the gateway, outside the request that created them,
// so a slow or failing gateway never holds up or loses the in-app notification.
export function createSmsDispatcher(options: SmsDispatcherOptions) {
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function deliverDue(): Promise<number> {
    const now = clock();
    const due = await dueSmsDeliveries(options.db, now, options.batchSize ?? 50);
    for (const delivery of due) {
      const attempts = delivery.sms_attempts + 1;
      const key = { notification_id: delivery.notification_id, user_id: delivery.user_id };
      try {
        if (!delivery.mobile) throw new SmsSendError('No mobile number', false);
        const { providerId } = await options.gateway.send({ to: delivery.mobile, text: delivery.message });
        await recordSmsAttempt(options.db, key, { status: 'sent', attempts, error: null, providerId, nextAttemptAt: null, now: clock() });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry = error instanceof SmsSendError ? error.retryable : true;
        const giveUp = !retry || attempts >= maxAttempts;
        const nextAttemptAt = giveUp ? null : new Date(clock().getTime() + baseDelayMs * 2 ** (attempts - 1));
        await recordSmsAttempt(options.db, key, { status: giveUp ? 'failed' : 'queued', attempts, error: message, providerId: null, nextAttemptAt, now: clock() });
        options.log(`SMS to user ${delivery.user_id} for notification ${delivery.notification_id} ${giveUp ? 'failed' : 'will be retried'}: ${message}`);
      }
    }
    return due.length;
  }

  // One pass at a time; a pass asked for while one runs waits for it.
  function runOnce(): Promise<number> {
    running ??= deliverDue().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    // Started by the server (not in tests, which call runOnce themselves).
    start(intervalMs = 5_000) {
      timer ??= setInterval(() => void runOnce().catch((error: unknown) => options.log(`SMS dispatch failed: ${String(error)}`)), intervalMs);
      timer.unref();
    },
    // After a send: deliver now rather than at the next tick, when the dispatcher runs.
    kick() {
      if (timer) void runOnce().catch((error: unknown) => options.log(`SMS dispatch failed: ${String(error)}`));
      else options.elsewhere?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type SmsDispatcher = ReturnType<typeof createSmsDispatcher>;
