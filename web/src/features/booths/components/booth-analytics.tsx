import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import { BOOTH_CLASSES } from '@shared/booths/booth-class';
import { Spinner } from '@web/components/ui/spinner';
import { Table } from '@web/components/ui/table';
import { useBoothAnalytics, useWorkerCoverage } from '@web/features/booths/api/booth-class';
import { ClassBadge } from './booth-coverage';

// The analytics "Classes and coverage" view of the booths (issue 20; its title names no
// "Booth": the location filter is found by that label): booths by class, coverage and support by booth (each
// booth links to its page), and coverage by worker, under the page's location filters.
export function BoothAnalyticsView({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation();
  const booths = useBoothAnalytics(filters);
  const workers = useWorkerCoverage(filters);
  const data = booths.data;
  // Booths with voters first matter most; the table lists those (all 396 when none has any).
  const rows = (data?.booths ?? []).filter((booth) => booth.coverage.voters > 0 || booth.class !== null);
  return (
    <section aria-labelledby="booth-analytics" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="booth-analytics">
      <h2 id="booth-analytics" className="text-lg font-semibold text-slate-900">
        {t('boothClasses.analytics.title')}
      </h2>
      {booths.isLoading || !data ? (
        <div className="flex justify-center py-8 text-blue-900">
          <Spinner className="h-6 w-6" />
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {[...BOOTH_CLASSES, 'none' as const].map((name) => (
              <div key={name} className="rounded-lg border border-slate-200 p-3" data-testid={`class-count-${name}`}>
                <dt>{name === 'none' ? <ClassBadge value={null} /> : <ClassBadge value={name} />}</dt>
                <dd className="text-2xl font-bold tabular-nums text-slate-900">{data.classes[name].toLocaleString('en-IN')}</dd>
              </div>
            ))}
            <div className="rounded-lg border border-slate-200 p-3">
              <dt className="text-xs text-slate-500">{t('boothClasses.analytics.coverage')}</dt>
              <dd className="text-2xl font-bold tabular-nums text-slate-900">{data.coverage.percent}%</dd>
            </div>
          </dl>
          <Table
            variant="plain"
            rows={rows}
            rowKey={(row) => String(row.id)}
            columns={[
              {
                key: 'booth',
                header: t('boothClasses.analytics.booth'),
                cell: (row) => (
                  <Link to={`/booths/${row.id}`} className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2">
                    {row.label}
                  </Link>
                ),
              },
              { key: 'class', header: t('boothClasses.classLabel'), cell: (row) => <ClassBadge value={row.class} /> },
              { key: 'voters', header: t('boothClasses.analytics.voters'), className: 'text-right tabular-nums', headerClassName: 'text-right', cell: (row) => row.coverage.voters.toLocaleString('en-IN') },
              {
                key: 'coverage',
                header: t('boothClasses.analytics.coverage'),
                className: 'text-right tabular-nums',
                headerClassName: 'text-right',
                cell: (row) => `${row.coverage.contacted.toLocaleString('en-IN')} (${row.coverage.percent}%)`,
              },
              { key: 'support', header: t('boothClasses.analytics.support'), className: 'text-right tabular-nums', headerClassName: 'text-right', cell: (row) => `${row.support.supporters.toLocaleString('en-IN')} (${row.support.share}%)` },
            ]}
          />
        </>
      )}
      <h3 className="pt-2 font-semibold text-slate-900">{t('boothClasses.analytics.workers')}</h3>
      {workers.data && workers.data.workers.length === 0 ? (
        <p className="text-sm text-slate-500">{t('boothClasses.analytics.noWorkers')}</p>
      ) : (
        <Table
          variant="plain"
          label={t('boothClasses.analytics.workers')}
          rows={workers.data?.workers ?? []}
          rowKey={(row) => String(row.user_id)}
          columns={[
            { key: 'worker', header: t('boothClasses.analytics.worker'), cell: (row) => row.full_name },
            { key: 'booths', header: t('boothClasses.analytics.booth'), cell: (row) => row.booths.join(', ') },
            { key: 'assigned', header: t('boothClasses.analytics.assigned'), className: 'text-right tabular-nums', headerClassName: 'text-right', cell: (row) => row.assigned.toLocaleString('en-IN') },
            { key: 'contacted', header: t('boothClasses.contacted'), className: 'text-right tabular-nums', headerClassName: 'text-right', cell: (row) => `${row.contacted.toLocaleString('en-IN')} (${row.percent}%)` },
          ]}
        />
      )}
    </section>
  );
}

// The dashboard's small card: how many booths are in each class.
export function BoothClassCard() {
  const { t } = useTranslation();
  const booths = useBoothAnalytics({});
  return (
    <section aria-labelledby="booth-class-card" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="booth-class-card">
      <h2 id="booth-class-card" className="mb-3 font-semibold text-slate-900">
        <Link to="/analytics#booth-analytics" className="hover:underline">
          {t('boothClasses.analytics.byClass')}
        </Link>
      </h2>
      {booths.data ? (
        <dl className="grid grid-cols-4 gap-2 text-center">
          {[...BOOTH_CLASSES, 'none' as const].map((name) => (
            <div key={name}>
              <dt>{name === 'none' ? <ClassBadge value={null} /> : <ClassBadge value={name} />}</dt>
              <dd className="text-xl font-bold tabular-nums text-slate-900">{booths.data.classes[name].toLocaleString('en-IN')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Spinner className="h-6 w-6" />
      )}
    </section>
  );
}
