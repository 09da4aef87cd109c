import type { Kysely } from 'kysely';
import type { AuditLogPage, AuditLogQuery } from '@shared/audit/audit-schemas';
import { nextDay, startOfZonedDay } from '@shared/time/zoned-time';
import type { Database } from '../../db/schema';
import { readSettings } from '../settings/settings-repository';
import { listAuditLogs } from './audit-repository';

// start_date and end_date are calendar days in the timezone setting (end_date inclusive),
// or exact ISO-8601 instants.
export async function auditLogPage(db: Kysely<Database>, query: AuditLogQuery): Promise<AuditLogPage> {
  const { page, limit, action, user_id, start_date, end_date } = query;
  const { timezone } = await readSettings(db);
  const isDay = (value: string) => value.length === 10;
  const from = start_date ? (isDay(start_date) ? startOfZonedDay(start_date, timezone) : new Date(start_date)).toISOString() : undefined;
  // A day as the end means "through the end of that day".
  const before = end_date
    ? isDay(end_date)
      ? startOfZonedDay(nextDay(end_date), timezone).toISOString()
      : new Date(new Date(end_date).getTime() + 1).toISOString()
    : undefined;
  const { rows, total } = await listAuditLogs(db, { action, userId: user_id, from, before }, { page, limit });
  return { logs: rows, totalPages: Math.ceil(total / limit), total, page };
}
