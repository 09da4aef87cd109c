import { useTranslation } from 'react-i18next';
import '@web/lib/past-results-texts';
import '@web/lib/service-register-texts';
import { Link } from 'react-router';
import type { AuditLog, AuditRecordLink } from '@shared/audit/audit-schemas';
import { auditTableName } from '@web/lib/audit-names';
import { settingNames } from '@web/lib/setting-labels';

// The screen that shows a record, searched for where the screen has a search (a voter by its
// voter ID, a user by username). The server sends a link only while the record exists.
export function auditRecordHref(link: AuditRecordLink): string {
  const search = link.search ? encodeURIComponent(link.search) : '';
  switch (link.page) {
    case 'voters':
      return search ? `/voters?tab=search&search=${search}` : '/voters?tab=search';
    case 'users':
      return search ? `/users?search=${search}` : '/users';
    case 'booths':
      return search ? `/booths/${search}` : '/booths';
    default:
      return `/${link.page}`;
  }
}

type AuditRecordProps = { log: Pick<AuditLog, 'table_name' | 'record_id' | 'record_name' | 'record_link'> };

// An audit row's record: its name as it was when logged (or, on old rows, as it is now) with the
// table and id beside it, a link while the record still exists, plain text once it is gone.
export function AuditRecord({ log }: AuditRecordProps) {
  const { t } = useTranslation();
  // Settings labels: the main texts, and the past results' own (issue 61).
  const { t: tLabel } = useTranslation(['translation', 'pastResults', 'serviceRegister']);
  const reference = (
    <>
      {log.table_name ? auditTableName(t, log.table_name) : ''}
      {log.table_name && log.record_id && ' '}
      {log.record_id && <span className="text-slate-400">{t('auditLogs.recordId', { id: log.record_id })}</span>}
    </>
  );
  // A settings change names the settings it changed by their stored keys: shown by their labels.
  const name = log.record_name && log.table_name === 'settings' ? settingNames(log.record_name, (key) => tLabel(key)) : (log.record_name ?? null);
  if (!name && !log.table_name && !log.record_id) return null;
  const label = name ?? reference;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      {log.record_link ? (
        <Link to={auditRecordHref(log.record_link)} className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:text-blue-950">
          {label}
        </Link>
      ) : (
        <span className={name ? 'font-medium text-slate-800' : undefined} title={name ? t('auditLogs.recordGone') : undefined}>
          {label}
        </span>
      )}
      {name && (
        <>
          {' '}
          <span className="text-xs text-slate-500">{reference}</span>
        </>
      )}
    </span>
  );
}
