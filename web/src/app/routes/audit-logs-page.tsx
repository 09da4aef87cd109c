import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { type AuditLogFilters as Filters, useAuditLogs } from '@web/features/audit-logs/api/get-audit-logs';
import { AuditLogFilters } from '@web/features/audit-logs/components/audit-log-filters';
import { AuditLogsTable } from '@web/features/audit-logs/components/audit-logs-table';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// Spec section 2, /audit-logs. Filters and page live in the URL, so a view can be shared.
export function AuditLogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    action: params.get('action') ?? '',
    start_date: DATE.test(params.get('start_date') ?? '') ? (params.get('start_date') ?? '') : '',
    end_date: DATE.test(params.get('end_date') ?? '') ? (params.get('end_date') ?? '') : '',
  };
  const { data, isPending, isError, isFetching, error } = useAuditLogs(filters);
  // Spec section 8: a failed audit-log fetch is logged to the console, no toast.
  useEffect(() => {
    if (error) console.error('Failed to fetch audit logs', error);
  }, [error]);

  const write = (next: Filters) => {
    const query: Record<string, string> = {};
    if (next.action) query.action = next.action;
    if (next.start_date) query.start_date = next.start_date;
    if (next.end_date) query.end_date = next.end_date;
    if (next.page > 1) query.page = String(next.page);
    setParams(query);
  };
  // A changed filter starts again at page 1.
  const changeFilters = (changes: Partial<Omit<Filters, 'page'>>) => write({ ...filters, ...changes, page: 1 });
  const totalPages = data?.totalPages ?? 0;

  return (
    <div>
      <PageHeader title={t('auditLogs.title')}>{isFetching && !isPending && <Spinner className="h-5 w-5 text-blue-900" />}</PageHeader>
      <AuditLogFilters filters={filters} onChange={changeFilters} onClear={() => write({ page: 1, action: '', start_date: '', end_date: '' })} />
      {isPending && (
        <div className="flex justify-center py-12 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      )}
      {isError && !data && <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('auditLogs.loadFailed')}</p>}
      {data && <AuditLogsTable logs={data.logs} />}
      {data && data.logs.length > 0 && (
        <nav className="mt-4 flex items-center justify-between gap-3" aria-label={t('auditLogs.title')}>
          <Button variant="secondary" disabled={filters.page <= 1} onClick={() => write({ ...filters, page: filters.page - 1 })}>
            {t('auditLogs.previous')}
          </Button>
          <p className="text-sm text-slate-600">{t('auditLogs.pageOf', { page: filters.page, total: Math.max(totalPages, 1) })}</p>
          <Button variant="secondary" disabled={filters.page >= totalPages} onClick={() => write({ ...filters, page: filters.page + 1 })}>
            {t('auditLogs.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
