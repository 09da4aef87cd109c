import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import { BOOTH_CLASSES } from '@shared/booths/booth-class';
import { Spinner } from '@web/components/ui/spinner';
import { Table } from '@web/components/ui/table';
import { useBoothAnalytics, useWorkerCoverage } from '@web/features/booths/api/booth-class';
import { ClassBadge, CountedApart, type LevelBadge, SupportBreakdown } from './booth-coverage';

// The "Classes and coverage" view of the booths (issue 20; its title names no "Booth": the
// analytics location filter is found by that label): booths by class, coverage and support by
// booth (each booth links to its page), support by level, and coverage by worker. Analytics shows
// it under its location filters; a Supervisor's Booths screen shows it for their booths (the
// server limits both calls to them). Tables on a wide screen, cards on a phone.
export function BoothAnalyticsView({ filters, levelBadge }: { filters: AnalyticsFilters; levelBadge?: LevelBadge }) {
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
          <CountedApart coverage={data.coverage} />
          {levelBadge && data.coverage.contacted > 0 && <SupportBreakdown support={data.support} levelBadge={levelBadge} />}
          <ul className="space-y-2 md:hidden" aria-label={t('boothClasses.analytics.title')}>
            {rows.map((row) => (
              <li key={row.id} data-testid="coverage-booth-card">
                <Link to={`/booths/${row.id}`} className="block min-h-11 rounded-lg border border-slate-200 p-3 active:bg-slate-50">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold text-blue-900">{row.label}</span>
                    <ClassBadge value={row.class} />
                  </div>
                  <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">{t('boothClasses.analytics.voters')}</dt>
                      <dd className="tabular-nums text-slate-900">{row.coverage.voters.toLocaleString('en-IN')}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('boothClasses.analytics.coverage')}</dt>
                      <dd className="tabular-nums text-slate-900">{`${row.coverage.contacted.toLocaleString('en-IN')} (${row.coverage.percent}%)`}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('boothClasses.analytics.support')}</dt>
                      <dd className="tabular-nums text-slate-900">{`${row.support.supporters.toLocaleString('en-IN')} (${row.support.share}%)`}</dd>
                    </div>
                  </dl>
                </Link>
              </li>
            ))}
          </ul>
          <Table
            className="hidden md:block"
            variant="plain"
            label={t('boothClasses.analytics.title')}
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
        <>
          <ul className="space-y-2 md:hidden" aria-label={t('boothClasses.analytics.workers')}>
            {(workers.data?.workers ?? []).map((row) => (
              <li key={row.user_id} className="rounded-lg border border-slate-200 p-3" data-testid="coverage-worker-card">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-slate-900">{row.full_name}</span>
                  <span className="text-xs text-slate-500">{row.booths.join(', ')}</span>
                </div>
                <p className="mt-1 text-sm tabular-nums text-slate-700">
                  {t('boothClasses.analytics.workerCoverage', { contacted: row.contacted.toLocaleString('en-IN'), assigned: row.assigned.toLocaleString('en-IN'), percent: row.percent })}
                </p>
              </li>
            ))}
          </ul>
          <Table
            className="hidden md:block"
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
        </>
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
