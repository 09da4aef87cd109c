import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@shared/audit/audit-schemas';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import type { AuditLogFilters as Filters } from '../api/get-audit-logs';
import { useDateFormat } from '@web/lib/use-date-format';
import { auditActionName } from '@web/lib/audit-names';

interface AuditLogFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Omit<Filters, 'page'>>) => void;
  onClear: () => void;
}

export function AuditLogFilters({ filters, onChange, onClear }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  // No day after the office's today can hold a record (the server reads these days on its clock).
  const today = useDateFormat().today();
  return (
    <div className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      <FormField label={t('auditLogs.action')}>
        <select className={inputClassName} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">{t('auditLogs.allActions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionName(t, action)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('auditLogs.startDate')}>
        <input type="date" className={inputClassName} value={filters.start_date} max={filters.end_date || today} onChange={(event) => onChange({ start_date: event.target.value })} />
      </FormField>
      <FormField label={t('auditLogs.endDate')}>
        <input type="date" className={inputClassName} value={filters.end_date} min={filters.start_date || undefined} max={today} onChange={(event) => onChange({ end_date: event.target.value })} />
      </FormField>
      <Button variant="secondary" onClick={onClear}>
        {t('auditLogs.clearFilters')}
      </Button>
    </div>
  );
}
