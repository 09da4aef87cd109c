import type { AuditActionName } from '@shared/audit/audit-schemas';
import type { Kysely, Transaction } from 'kysely';
import type { AuditLogRow, Database } from '../../db/schema';

// The actions we record: one list, shared with the audit log screen's filter.
export type AuditAction = AuditActionName;

export interface AuditEntry {
  action: AuditAction;
  userId: number | null;
  userName: string | null;
  tableName?: string | null;
  recordId?: string | number | null;
  ipAddress?: string | null;
  details?: Record<string, unknown> | null;
  now?: Date;
}

// Append-only: nothing in the application updates or deletes an audit row
// (the retention purge is the one exception, and it is its own code path).
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      created_at: (entry.now ?? new Date()).toISOString(),
      user_id: entry.userId,
      user_name: entry.userName,
      action: entry.action,
      table_name: entry.tableName ?? null,
      record_id: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
      ip_address: entry.ipAddress ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

// How many rows of one action a user left since a moment, and when the oldest of them was
// written (for a Retry-After): the counting behind per-user limits that must hold across app nodes.
export async function recentAudits(db: Kysely<Database> | Transaction<Database>, filter: { userId: number; action: AuditAction; since: string }): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('audit_logs')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', filter.userId)
    .where('action', '=', filter.action)
    .where('created_at', '>=', filter.since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

export interface AuditLogFilter {
  action?: string;
  userId?: number;
  // Inclusive lower and exclusive upper bounds, ISO-8601 UTC.
  from?: string;
  before?: string;
}

export async function listAuditLogs(
  db: Kysely<Database>,
  filter: AuditLogFilter,
  paging: { page: number; limit: number },
): Promise<{ rows: Pick<AuditLogRow, 'id' | 'created_at' | 'user_name' | 'action' | 'table_name' | 'record_id' | 'ip_address'>[]; total: number }> {
  let query = db.selectFrom('audit_logs');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'created_at', 'user_name', 'action', 'table_name', 'record_id', 'ip_address'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { rows, total: Number(count.count) };
}

// The retention purge: the one code path allowed to delete audit rows.
export async function purgeAuditLogsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('audit_logs').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
