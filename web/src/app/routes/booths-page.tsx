import { Search } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAdminRole } from '@shared/auth/roles';
import type { BoothList } from '@shared/booths/booth-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { Table } from '@web/components/ui/table';
import { useBooths } from '@web/features/booths/api/get-booths';
import { BoothAnalyticsView } from '@web/features/booths/components/booth-analytics';
import { ClassBadge } from '@web/features/booths/components/booth-coverage';
import { ConstituencySlipsPanel } from '@web/features/slips/components/constituency-slips-panel';
import { SUPPORT_COLORS } from '@web/features/contacts/components/contact-labels';
import { Badge } from '@web/components/ui/badge';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

type ListedBooth = BoothList['booths'][number];

// A Supervisor's request figures for their booths (decision 090), on the coverage view; loaded
// only when shown (the office has them on /analytics).
const ServiceAnalyticsSection = lazy(() => import('@web/features/service-requests/components/service-analytics-section').then((module) => ({ default: module.ServiceAnalyticsSection })));

// What a search looks in: the label, its number alone ("7" finds Booth-07), the polling station and the place.
function matches(booth: ListedBooth, term: string): boolean {
  if (!term) return true;
  const needle = term.toLowerCase();
  const number = String(booth.id);
  return (
    number === needle.replace(/^0+/, '') ||
    [booth.label, booth.polling_station_name, booth.polling_station_address, booth.village, booth.taluka, booth.part_number === null ? null : String(booth.part_number)].some((value) => value?.toLowerCase().includes(needle))
  );
}

function BoothName({ booth }: { booth: ListedBooth }) {
  return (
    <Link to={`/booths/${booth.id}`} className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:text-blue-950">
      {booth.label}
    </Link>
  );
}

const VIEWS = ['list', 'coverage'] as const;
type BoothsView = (typeof VIEWS)[number];

// /booths (issue 20): every booth for the office roles, a Supervisor's own booths (their home
// screen). Two views, the open one in the URL (?view=coverage): the list, with the polling
// station and the live voter count, each opening its booth page; and the coverage view (classes,
// coverage by booth and by worker, support), which the server limits to the caller's booths.
export function BoothsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: BoothsView = params.get('view') === 'coverage' ? 'coverage' : 'list';
  const { user } = useSession();
  return (
    <div>
      <PageHeader title={t('booths.title')} />
      <div role="tablist" aria-label={t('booths.views.label')} className="mb-4 flex flex-wrap gap-2">
        {VIEWS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === view}
            className={`min-h-11 rounded-full px-5 text-sm font-medium ${value === view ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => setParams(value === 'list' ? {} : { view: value }, { replace: true })}
          >
            {t(`booths.views.${value}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`booths.views.${view}`)}>
        {view === 'coverage' ? (
          <div className="space-y-6">
            <BoothAnalyticsView filters={{}} levelBadge={(level, text) => <Badge color={SUPPORT_COLORS[level]}>{text}</Badge>} />
            {user?.role === 'Supervisor' && (
              <Suspense fallback={<Spinner className="h-6 w-6 text-blue-900" />}>
                <ServiceAnalyticsSection ownBooths />
              </Suspense>
            )}
          </div>
        ) : (
          <BoothList />
        )}
      </div>
    </div>
  );
}

function BoothList() {
  const { t } = useTranslation();
  const booths = useBooths();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const visible = useMemo(() => (booths.data?.booths ?? []).filter((booth) => matches(booth, search.trim())), [booths.data, search]);
  const notSet = <span className="text-slate-400">{t('booths.notSet')}</span>;

  return (
    <div>
      {user && isAdminRole(user.role) && <ConstituencySlipsPanel />}
      {booths.isPending ? (
        <div className="flex justify-center py-16 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      ) : booths.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(booths.error, t('booths.loadFailed'))}
        </p>
      ) : booths.data.booths.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-medium text-slate-700">{t('booths.noBooths')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('booths.noBoothsHint')}</p>
        </div>
      ) : (
        <>
          {booths.data.booths.length > 5 && (
            <div className="relative mb-4 max-w-md">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
              <input type="search" aria-label={t('booths.searchLabel')} placeholder={t('booths.searchPlaceholder')} className={`${inputClassName} py-2.5 pl-9`} value={search} onChange={(event) => setSearch(event.target.value)} />
            </div>
          )}
          {visible.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t('booths.noMatch')}</p>
          ) : (
            <>
              <Table
                className="hidden md:block"
                rows={visible}
                rowKey={(booth) => booth.id}
                rowTestId="booth-row"
                label={t('booths.title')}
                columns={[
                  { key: 'booth', header: t('booths.columns.booth'), cell: (booth) => <BoothName booth={booth} /> },
                  { key: 'part', header: t('booths.columns.part'), className: 'text-slate-700', cell: (booth) => booth.part_number ?? notSet },
                  {
                    key: 'station',
                    header: t('booths.columns.pollingStation'),
                    cell: (booth) =>
                      booth.polling_station_name ? (
                        <>
                          <div className="text-slate-900">{booth.polling_station_name}</div>
                          {booth.polling_station_address && <div className="text-xs text-slate-500">{booth.polling_station_address}</div>}
                        </>
                      ) : (
                        notSet
                      ),
                  },
                  { key: 'village', header: t('booths.columns.village'), className: 'text-slate-700', cell: (booth) => booth.village ?? notSet },
                  { key: 'taluka', header: t('booths.columns.taluka'), className: 'text-slate-700', cell: (booth) => booth.taluka ?? notSet },
                  { key: 'voters', header: t('booths.columns.voters'), headerClassName: 'text-right', className: 'text-right tabular-nums text-slate-900', cell: (booth) => booth.voters.toLocaleString('en-IN') },
                  { key: 'class', header: t('boothClasses.classLabel'), cell: (booth) => <ClassBadge value={booth.class} /> },
                ]}
              />
              <ul className="space-y-3 md:hidden">
                {visible.map((booth) => (
                  <li key={booth.id} data-testid="booth-card">
                    <Link to={`/booths/${booth.id}`} className="block min-h-11 rounded-lg border border-slate-200 bg-white p-4 shadow-sm active:bg-slate-50">
                      <div className="flex items-baseline justify-between gap-3">
                        <span className="font-semibold text-blue-900">{booth.label}</span>
                        <span className="text-sm text-slate-600">
                          {t('booths.voters', { count: booth.voters })} <ClassBadge value={booth.class} />
                        </span>
                      </div>
                      <div className="mt-1 text-sm text-slate-700">{booth.polling_station_name ?? t('booths.notSet')}</div>
                      {(booth.village || booth.taluka) && <div className="text-xs text-slate-500">{[booth.village, booth.taluka].filter(Boolean).join(', ')}</div>}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
