import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

// Actions of spec section 9 plus the ones our users expect to find in the log.
export type AuditAction =
  | 'LOGIN'
  | 'LOGIN_FAILED'
  | 'LOGOUT'
  | 'CREATE_USER'
  | 'UPDATE_USER'
  | 'DELETE_USER'
  | 'CREATE_VOTER'
  | 'UPDATE_VOTER'
  | 'DELETE_VOTER'
  | 'IMPORT_VOTERS'
  | 'EXPORT_VOTERS'
  | 'SEND_SMS'
  | 'UPDATE_SETTINGS'
  | 'RESET_PASSWORD'
  | 'CHANGE_PASSWORD'
  | 'CREATE_TASK'
  | 'UPDATE_TASK'
  | 'DELETE_TASK';

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
