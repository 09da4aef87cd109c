import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, type AuditActionName } from '@shared/audit/audit-schemas';
import type { en } from '@web/locales/en';
import { humaniseAction } from './format';

type AuditTable = keyof typeof en.auditLogs.tables;
const TABLES: readonly string[] = ['users', 'voters', 'tasks', 'notifications', 'settings'] satisfies AuditTable[];

// An audit action as people read it, in the language on screen; an action this build does not
// know (a newer server's) reads as the spec's rule makes it.
export function auditActionName(t: TFunction, action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`auditLogs.actions.${action as AuditActionName}`) : humaniseAction(action);
}

// The table an audit row names, in the language on screen.
export function auditTableName(t: TFunction, table: string): string {
  return TABLES.includes(table) ? t(`auditLogs.tables.${table as AuditTable}`) : table;
}
