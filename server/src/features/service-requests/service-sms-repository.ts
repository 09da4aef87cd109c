import type { ServiceMessage, ServiceMessageStatus } from '@shared/service-requests/service-request-schema';
import type { Executor } from '../../db/dialects/database-dialect';

// The register's SMS to citizens (migration 067, decision 090).

export interface NewServiceMessage {
  request_id: number;
  kind: 'registered' | 'resolved';
  mobile: string | null;
  language: string;
  text: string;
  parts: number;
  status: 'queued' | 'skipped';
  reason: string | null;
  created_by: number | null;
  created_by_name: string | null;
}

export async function insertServiceMessage(db: Executor, message: NewServiceMessage, now: Date): Promise<number> {
  const row = await db
    .insertInto('service_request_messages')
    .values({ ...message, attempts: 0, next_attempt_at: null, provider_id: null, created_at: now.toISOString(), sent_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listServiceMessages(db: Executor, requestId: number): Promise<ServiceMessage[]> {
  const rows = await db
    .selectFrom('service_request_messages')
    .select(['id', 'kind', 'status', 'mobile', 'language', 'text', 'parts', 'reason', 'attempts', 'created_at', 'sent_at'])
    .where('request_id', '=', requestId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(({ mobile, ...row }) => ({
    ...row,
    kind: row.kind as ServiceMessage['kind'],
    status: row.status as ServiceMessageStatus,
    mobile_last4: mobile ? mobile.slice(-4) : null,
  }));
}

export interface DueServiceMessage {
  id: number;
  request_id: number;
  kind: string;
  mobile: string | null;
  text: string;
  attempts: number;
  voter_id: number | null;
  receipt_no: string | null;
  citizen_name: string;
}

// The queued messages whose time has come, oldest first (the partial index on queued rows).
export async function dueServiceMessages(db: Executor, now: Date, limit: number): Promise<DueServiceMessage[]> {
  return db
    .selectFrom('service_request_messages as message')
    .innerJoin('service_requests as request', 'request.id', 'message.request_id')
    .select(['message.id', 'message.request_id', 'message.kind', 'message.mobile', 'message.text', 'message.attempts', 'request.voter_id', 'request.receipt_no', 'request.citizen_name'])
    .where('message.status', '=', 'queued')
    .where((eb) => eb.or([eb('message.next_attempt_at', 'is', null), eb('message.next_attempt_at', '<=', now.toISOString())]))
    .orderBy('message.id')
    .limit(limit)
    .execute();
}

// Writes an attempt's outcome, on condition the row is still queued (another pass or process
// did not take it meanwhile); returns whether it did.
export async function recordServiceMessage(
  db: Executor,
  id: number,
  outcome: { status: ServiceMessageStatus; attempts: number; reason: string | null; providerId: string | null; nextAttemptAt: Date | null; sentAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable('service_request_messages')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      reason: outcome.reason,
      provider_id: outcome.providerId,
      next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null,
      sent_at: outcome.sentAt?.toISOString() ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
