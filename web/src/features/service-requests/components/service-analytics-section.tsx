import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { compareBooths } from '@shared/analytics/analytics-schema';
import { type ServiceAnalytics, sharePercent } from '@shared/service-requests/service-request-analytics';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { StatCard } from '@web/components/ui/stat-card';
import { Table } from '@web/components/ui/table';
import { useReferenceNames } from '@web/lib/reference-names';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';
import { useServiceAnalytics } from '../api/get-service-counts';

interface Tally {
  key: string;
  name: string;
  total: number;
  resolved: number;
}

// The register in numbers (decision 090): requests registered between two days (the address
// keeps them as sr_from and sr_to), by category, village and booth, the median days to resolve
// and the share resolved. The server limits a Supervisor's to their booths (`ownBooths` says so).
export function ServiceAnalyticsSection({ ownBooths = false }: { ownBooths?: boolean }) {
  const { t } = useServiceRegisterTranslation();
  const { t: tMain } = useTranslation();
  const names = useReferenceNames();
  const [params, setParams] = useSearchParams();
  const from = params.get('sr_from') ?? '';
  const to = params.get('sr_to') ?? '';
  const analytics = useServiceAnalytics({ from: from || undefined, to: to || undefined });
  const data = analytics.data;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const count = (value: number) => value.toLocaleString('en-IN');
  const table = (title: string, rows: Tally[]) => (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      <Table
        variant="compact"
        label={title}
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { key: 'name', header: t('analytics.columns.name'), cell: (row) => row.name, className: 'whitespace-nowrap' },
          { key: 'total', header: t('analytics.columns.total'), cell: (row) => count(row.total), className: 'text-right tabular-nums', headerClassName: 'text-right' },
          { key: 'resolved', header: t('analytics.columns.resolved'), cell: (row) => count(row.resolved), className: 'text-right tabular-nums', headerClassName: 'text-right' },
          { key: 'share', header: t('analytics.columns.share'), cell: (row) => `${sharePercent(row.resolved, row.total).toFixed(1)}%`, className: 'text-right tabular-nums', headerClassName: 'text-right' },
        ]}
      />
    </div>
  );
  const tallies = (figures: ServiceAnalytics) => ({
    categories: figures.by_category.map((row) => ({ key: row.category, name: tMain(`service.categories.${row.category}`), total: row.total, resolved: row.resolved })),
    villages: figures.by_village.map((row) => ({ key: row.village ?? '', name: names.name('villages', row.village) ?? t('analytics.noVillage'), total: row.total, resolved: row.resolved })),
    booths: figures.by_booth
      .map((row) => ({ key: row.booth ?? '', name: row.booth ?? t('analytics.noBooth'), total: row.total, resolved: row.resolved }))
      .sort((a, b) => b.total - a.total || compareBooths(a.name, b.name)),
  });
  return (
    <section aria-labelledby="service-analytics" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h2 id="service-analytics" className="text-lg font-semibold text-slate-900">
          {t('analytics.title')}
        </h2>
        {ownBooths && <p className="text-sm text-slate-500">{t('analytics.yourBooths')}</p>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <FormField label={t('analytics.from')}>
          <input type="date" className={inputClassName} value={from} max={to || undefined} onChange={(event) => set('sr_from', event.target.value)} />
        </FormField>
        <FormField label={t('analytics.to')}>
          <input type="date" className={inputClassName} value={to} min={from || undefined} onChange={(event) => set('sr_to', event.target.value)} />
        </FormField>
      </div>
      {analytics.isLoading ? (
        <ListLoading label={t('analytics.loading')} />
      ) : analytics.isError || !data ? (
        <p className="text-sm text-red-700">{t('analytics.fetchFailed')}</p>
      ) : data.total === 0 ? (
        <p className="text-sm text-slate-500">{t('analytics.empty')}</p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label={t('analytics.total')} value={count(data.total)} />
            <StatCard label={t('analytics.resolved')} value={count(data.resolved)} />
            <StatCard label={t('analytics.shareResolved')} value={`${data.share_resolved.toFixed(1)}%`} />
            <StatCard
              label={t('analytics.median')}
              value={data.median_days_to_resolve === null ? '—' : t('analytics.days', { count: data.median_days_to_resolve })}
              footer={data.median_days_to_resolve === null ? <p className="mt-1 text-sm text-slate-500">{t('analytics.notYet')}</p> : undefined}
            />
          </div>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {table(t('analytics.byCategory'), tallies(data).categories)}
            {table(t('analytics.byVillage'), tallies(data).villages)}
            {table(t('analytics.byBooth'), tallies(data).booths)}
          </div>
          <p className="text-xs text-slate-500">{t('analytics.top')}</p>
        </>
      )}
    </section>
  );
}
