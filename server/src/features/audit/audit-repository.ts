import type { AuditActionName, AuditLog, AuditRecordLink } from '@shared/audit/audit-schemas';
import type { Kysely, Transaction } from 'kysely';
import { boothLabelOf } from '@shared/reference/booths';
import type { AuditLogRow, Database } from '../../db/schema';
import { notificationRecordName, taskRecordName, userRecordName, voterRecordName } from './record-names';

// The actions we record: one list, shared with the audit log screen's filter.
export type AuditAction = AuditActionName;

export interface AuditEntry {
  action: AuditAction;
  userId: number | null;
  userName: string | null;
  tableName?: string | null;
  recordId?: string | number | null;
  // The record's name as it is now (record-names.ts), kept with the row: the record may later
  // be renamed or deleted.
  recordName?: string | null;
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
      record_name: entry.recordName ?? null,
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

type ListedAuditRow = Pick<AuditLogRow, 'id' | 'created_at' | 'user_name' | 'action' | 'table_name' | 'record_id' | 'record_name' | 'ip_address' | 'details'>;

// A roll import's counts, the one part of a row's details the screen shows (issue 54): the rest
// of the details (EPICs left out, the difference confirmed) stays in the row for a later look.
function importCountsOf(row: ListedAuditRow): AuditLog['import_counts'] {
  if (row.action !== 'IMPORT_ROLL' || !row.details) return undefined;
  try {
    const details = JSON.parse(row.details) as Record<string, unknown>;
    const count = (key: string) => (typeof details[key] === 'number' ? details[key] : 0);
    return { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), deleted: count('deleted'), skipped: count('skipped'), conflicts: count('conflicts'), stopped_part_way: details.stopped_part_way === true };
  } catch {
    return undefined;
  }
}

export async function listAuditLogs(db: Kysely<Database>, filter: AuditLogFilter, paging: { page: number; limit: number }): Promise<{ rows: AuditLog[]; total: number }> {
  let query = db.selectFrom('audit_logs');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'created_at', 'user_name', 'action', 'table_name', 'record_id', 'record_name', 'ip_address', 'details'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { rows: await withRecordLinks(db, rows), total: Number(count.count) };
}

// The newest rows, for the dashboard's Recent Activity.
export async function latestAuditLogs(db: Kysely<Database>, limit: number): Promise<AuditLog[]> {
  const rows = await db
    .selectFrom('audit_logs')
    .select(['id', 'created_at', 'user_name', 'action', 'table_name', 'record_id', 'record_name', 'ip_address', 'details'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return withRecordLinks(db, rows);
}

interface LiveRecord {
  name: string;
  link: AuditRecordLink;
}

// The records a page of rows names that still exist, by table and id: one query per table for
// the whole page (a join would read the voters table once per row on a large roll). Only the
// office roles read the audit log, and they see every voter, user, task and notification, so
// a live record is always theirs to open. A deleted voter (kept until retention ends) counts
// as gone: no link, and its name is only the one stored when the row was written.
async function liveRecords(db: Kysely<Database>, rows: readonly ListedAuditRow[]): Promise<Map<string, LiveRecord>> {
  const idsOf = (table: string) => [...new Set(rows.filter((row) => row.table_name === table && row.record_id && /^\d{1,15}$/.test(row.record_id)).map((row) => Number(row.record_id)))];
  const found = new Map<string, LiveRecord>();
  const voterIds = idsOf('voters');
  if (voterIds.length > 0) {
    const voters = await db.selectFrom('voters').select(['id', 'full_name', 'voter_id']).where('id', 'in', voterIds).where('deleted_at', 'is', null).execute();
    // The voter ID never changes and finds exactly one voter; a voter without one is found by name.
    for (const voter of voters) found.set(`voters:${voter.id}`, { name: voterRecordName(voter), link: { page: 'voters', search: voter.voter_id ?? voter.full_name } });
  }
  const userIds = idsOf('users');
  if (userIds.length > 0) {
    const users = await db.selectFrom('users').select(['id', 'full_name', 'username']).where('id', 'in', userIds).execute();
    for (const user of users) found.set(`users:${user.id}`, { name: userRecordName(user), link: { page: 'users', search: user.username } });
  }
  const taskIds = idsOf('tasks');
  if (taskIds.length > 0) {
    const tasks = await db.selectFrom('tasks').select(['id', 'title']).where('id', 'in', taskIds).execute();
    for (const task of tasks) found.set(`tasks:${task.id}`, { name: taskRecordName(task), link: { page: 'tasks', search: null } });
  }
  const notificationIds = idsOf('notifications');
  if (notificationIds.length > 0) {
    const notifications = await db.selectFrom('notifications').select(['id', 'message']).where('id', 'in', notificationIds).execute();
    for (const item of notifications) found.set(`notifications:${item.id}`, { name: notificationRecordName(item), link: { page: 'notifications', search: null } });
  }
  // Booths always exist (Booth-01 … Booth-396, issue 20): the link opens the booth page.
  for (const id of idsOf('booths')) {
    const label = boothLabelOf(id);
    if (label) found.set(`booths:${id}`, { name: label, link: { page: 'booths', search: String(id) } });
  }
  return found;
}

// Each row with its record's name (the stored one; for rows older than migration 018, the live
// record's current name) and a link while the record exists. Settings always exist.
async function withRecordLinks(db: Kysely<Database>, rows: readonly ListedAuditRow[]): Promise<AuditLog[]> {
  const live = await liveRecords(db, rows);
  return rows.map(({ details: _details, ...row }) => {
    const counts = importCountsOf({ ...row, details: _details });
    const extra = counts ? { import_counts: counts } : {};
    if (row.table_name === 'settings') return { ...row, ...extra, record_link: { page: 'settings', search: null } };
    const record = live.get(`${row.table_name}:${row.record_id}`);
    return { ...row, ...extra, record_name: row.record_name ?? record?.name ?? null, record_link: record?.link ?? null };
  });
}

// The retention purge: the one code path allowed to delete audit rows.
export async function purgeAuditLogsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('audit_logs').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
