import type { Kysely } from 'kysely';
import { SERVICE_SMS_NO_MOBILE, SERVICE_SMS_OPTED_OUT } from '@shared/service-requests/service-request-schema';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { serviceRequestRecordName } from '../audit/record-names';
import { type SmsGateway, SmsSendError } from '../notifications/sms/sms-gateway';
import { dueServiceMessages, type DueServiceMessage, recordServiceMessage } from './service-sms-repository';
import { citizenOptedOut } from './service-sms-use-cases';

export interface ServiceSmsDispatcherOptions {
  db: Kysely<Database>;
  // The server's SMS gateway (SMS_GATEWAY), the one staff and voter messages go through.
  gateway: SmsGateway;
  log: (line: string) => void;
  clock?: () => Date;
  maxAttempts?: number;
  // First retry after this long, doubling each time (30 s, 1 min, 2 min, 4 min).
  baseDelayMs?: number;
  batchSize?: number;
}

// Sends the register's queued SMS to citizens (decision 090) outside the request that queued
// them, as the staff SMS dispatcher does: a retryable failure waits and tries again, a refusal
// or the last attempt marks it failed. The opt-out is read again just before sending (a STOP
// may have come since it was queued). Each outcome is an audit row by 'System' and shows in the
// request's history. Runs in the process that runs the jobs (server.ts).
export function createServiceSmsDispatcher(options: ServiceSmsDispatcherOptions) {
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function audit(message: DueServiceMessage, details: Record<string, unknown>) {
    await recordAudit(options.db, {
      action: 'SEND_SERVICE_REQUEST_SMS',
      userId: null,
      userName: 'System',
      ipAddress: null,
      tableName: 'service_requests',
      recordId: message.request_id,
      recordName: serviceRequestRecordName({ receipt_no: message.receipt_no ?? '', citizen_name: message.citizen_name }),
      details: { message_id: message.id, kind: message.kind, mobile_last4: message.mobile ? message.mobile.slice(-4) : null, ...details },
    });
  }

  async function deliver(message: DueServiceMessage): Promise<boolean> {
    const attempts = message.attempts + 1;
    const skip = !message.mobile ? SERVICE_SMS_NO_MOBILE : (await citizenOptedOut(options.db, message.voter_id, message.mobile)) ? SERVICE_SMS_OPTED_OUT : null;
    if (skip) {
      if (await recordServiceMessage(options.db, message.id, { status: 'skipped', attempts: message.attempts, reason: skip, providerId: null, nextAttemptAt: null, sentAt: null })) {
        await audit(message, { status: 'skipped', reason: skip });
      }
      return false;
    }
    try {
      const { providerId } = await options.gateway.send({ to: message.mobile as string, text: message.text });
      if (await recordServiceMessage(options.db, message.id, { status: 'sent', attempts, reason: null, providerId, nextAttemptAt: null, sentAt: clock() })) {
        await audit(message, { status: 'sent', attempts, gateway: options.gateway.name });
      }
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = !(error instanceof SmsSendError ? error.retryable : true) || attempts >= maxAttempts;
      const nextAttemptAt = giveUp ? null : new Date(clock().getTime() + baseDelayMs * 2 ** (attempts - 1));
      const written = await recordServiceMessage(options.db, message.id, { status: giveUp ? 'failed' : 'queued', attempts, reason, providerId: null, nextAttemptAt, sentAt: null });
      if (written && giveUp) await audit(message, { status: 'failed', attempts, reason, gateway: options.gateway.name });
      options.log(`SMS for service request ${message.request_id} ${giveUp ? 'failed' : 'will be retried'}: ${reason}`);
      return false;
    }
  }

  async function pass(): Promise<number> {
    const due = await dueServiceMessages(options.db, clock(), options.batchSize ?? 20);
    let sent = 0;
    for (const message of due) {
      if (await deliver(message)) sent += 1;
    }
    return sent;
  }

  // One pass at a time; a pass asked for while one runs waits for it.
  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    // Started by the server's jobs process (tests call runOnce themselves).
    start(intervalMs = 5_000) {
      timer ??= setInterval(() => void runOnce().catch((error: unknown) => options.log(`Service request SMS dispatch failed: ${String(error)}`)), intervalMs);
      timer.unref();
    },
    // After a registration or resolution: send now where the dispatcher runs in this process;
    // elsewhere its next pass (within 5 s) finds the message.
    kick() {
      if (timer) void runOnce().catch((error: unknown) => options.log(`Service request SMS dispatch failed: ${String(error)}`));
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type ServiceSmsDispatcher = ReturnType<typeof createServiceSmsDispatcher>;
