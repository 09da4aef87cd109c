import { FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuditLog } from '@shared/audit/audit-schemas';
import { Badge } from '@web/components/ui/badge';
import { Table } from '@web/components/ui/table';
import { useDateFormat } from '@web/lib/use-date-format';
import { actionColor } from './audit-action';
import { AuditRecord } from './audit-record';
import { auditActionName } from '@web/lib/audit-names';

interface AuditLogsTableProps {
  logs: AuditLog[];
}

// Spec section 2: Timestamp, User ("System" when none), Action, Details (table and record, with
// the record's name and a link to it: issue 25), IP ("-" when none).
export function AuditLogsTable({ logs }: AuditLogsTableProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  if (logs.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
        <FileSearch aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-slate-400" />
        <p className="text-base font-semibold text-slate-800">{t('auditLogs.emptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-500">{t('auditLogs.emptyText')}</p>
      </div>
    );
  }
  // A roll import's row says what its commit did (issue 54).
  const details = (log: AuditLog) => (
    <>
      <AuditRecord log={log} />
      {log.import_counts && (
        <span className="block text-xs text-slate-600">
          {t('auditLogs.importCounts', log.import_counts)}
          {log.import_counts.conflicts > 0 && ` · ${t('auditLogs.importConflicts', { count: log.import_counts.conflicts })}`}
          {log.import_counts.stopped_part_way && ` · ${t('auditLogs.importStopped')}`}
        </span>
      )}
    </>
  );
  return (
    <>
      {/* Phones: one card per row, so nothing hides behind a sideways scroll. */}
      <ul data-testid="audit-log-cards" className="space-y-2 sm:hidden">
        {logs.map((log) => (
          <li key={log.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <Badge color={actionColor(log.action)}>{auditActionName(t, log.action)}</Badge>
              <time dateTime={log.created_at} className="text-xs text-slate-500">
                {dates.dateTime(log.created_at)}
              </time>
            </div>
            <p className="mt-2 font-medium text-slate-900">{log.user_name || t('auditLogs.system')}</p>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
              <span className="min-w-0">{details(log)}</span>
              <span className="font-mono">{log.ip_address || t('auditLogs.none')}</span>
            </div>
          </li>
        ))}
      </ul>
      <Table
        className="hidden sm:block"
        rows={logs}
        rowKey={(log) => log.id}
        columns={[
          {
            key: 'timestamp',
            header: t('auditLogs.timestamp'),
            className: 'whitespace-nowrap text-slate-700',
            cell: (log) => <time dateTime={log.created_at}>{dates.dateTime(log.created_at)}</time>,
          },
          { key: 'user', header: t('auditLogs.user'), className: 'whitespace-nowrap text-slate-900', cell: (log) => log.user_name || t('auditLogs.system') },
          { key: 'action', header: t('auditLogs.action'), className: 'whitespace-nowrap', cell: (log) => <Badge color={actionColor(log.action)}>{auditActionName(t, log.action)}</Badge> },
          { key: 'details', header: t('auditLogs.details'), className: 'text-slate-600', cell: details },
          { key: 'ip', header: t('auditLogs.ipAddress'), className: 'whitespace-nowrap font-mono text-xs text-slate-600', cell: (log) => log.ip_address || t('auditLogs.none') },
        ]}
      />
    </>
  );
}
