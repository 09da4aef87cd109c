import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { compareBooths } from '@shared/analytics/analytics-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { Table } from '@web/components/ui/table';
import { useAnalytics, useFilterOptions } from '@web/features/analytics/api/get-analytics';
import { BoothAnalyticsView } from '@web/features/booths/components/booth-analytics';
import { ServiceAnalyticsSection } from '@web/features/service-requests/components/service-analytics-section';
import { SUPPORT_COLORS } from '@web/features/contacts/components/contact-labels';
import { Badge } from '@web/components/ui/badge';
import { AnalyticsChart } from '@web/features/analytics/components/analytics-chart';
import { CountList } from '@web/features/analytics/components/count-list';
import { PartyBadge } from '@web/components/ui/party-badge';
import { partyChartFills } from '@web/lib/party-fill';
import { useDateFormat } from '@web/lib/use-date-format';
import { useReferenceNames } from '@web/lib/reference-names';

const VIEWS = ['political', 'caste', 'gender', 'age', 'area'] as const;
type View = (typeof VIEWS)[number];
const FILTERS = ['taluka', 'village', 'booth'] as const;

// /analytics (spec section 2). Filters and the chosen view live in the URL.
export function AnalyticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = { taluka: params.get('taluka') || undefined, village: params.get('village') || undefined, booth: params.get('booth') || undefined };
  const view: View = VIEWS.find((item) => item === params.get('view')) ?? 'political';
  const analytics = useAnalytics(filters);
  const options = useFilterOptions();
  const dates = useDateFormat();
  const data = analytics.data;
  // Castes, genders, parties and places in the chosen language; the filters keep stored values.
  const names = useReferenceNames();
  const unknown = (value: string | null) => value ?? t('analytics.unknown');
  const neutral = (value: string | null) => value ?? t('analytics.neutral');
  const share = (count: number, percentage: number) => `${count.toLocaleString('en-IN')} (${percentage.toFixed(2)}%)`;

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const clearFilters = () => {
    const next = new URLSearchParams(params);
    for (const key of FILTERS) next.delete(key);
    setParams(next, { replace: true });
  };

  const chart = (() => {
    if (!data) return null;
    switch (view) {
      case 'political':
        return {
          kind: 'doughnut' as const,
          title: t('analytics.chartTitles.political'),
          labels: data.preference.map((row) => neutral(names.name('parties', row.political_preference))),
          values: data.preference.map((row) => row.count),
          // The badges' colours (shared/reference/party-colours.ts), not the palette's order.
          colours: partyChartFills(data.preference.map((row) => row.political_preference)),
        };
      case 'caste':
        return { kind: 'doughnut' as const, title: t('analytics.chartTitles.caste'), labels: data.caste.map((row) => unknown(names.name('castes', row.caste))), values: data.caste.map((row) => row.count) };
      case 'gender':
        return { kind: 'doughnut' as const, title: t('analytics.chartTitles.gender'), labels: data.gender.map((row) => unknown(names.name('genders', row.gender))), values: data.gender.map((row) => row.count) };
      case 'age':
        return { kind: 'bar' as const, title: t('analytics.chartTitles.age'), labels: data.ageGroups.map((row) => (row.age_group === 'Unknown' ? t('analytics.unknown') : row.age_group)), values: data.ageGroups.map((row) => row.count) };
      case 'area': {
        const top = data.areas.slice(0, 10);
        return { kind: 'bar' as const, title: t('analytics.chartTitles.area'), labels: top.map((row) => unknown(row.ward_area)), values: top.map((row) => row.voter_count) };
      }
    }
  })();

  const totalVoters = data?.gender.reduce((sum, row) => sum + row.count, 0) ?? 0;
  const booths = [...(options.data?.booths ?? [])].sort(compareBooths);
  const selectOptions = {
    taluka: { all: t('analytics.allTaluka'), values: names.options('talukas', options.data?.talukas ?? [], true) },
    village: { all: t('analytics.allVillages'), values: names.options('villages', options.data?.villages ?? []) },
    booth: { all: t('analytics.allBooths'), values: booths.map((booth) => ({ value: booth, label: booth })) },
  };

  return (
    <div className="space-y-6">
      <div>
        <PageHeader title={t('analytics.title')} />
        <p className="-mt-4 text-sm text-slate-500">{dates.longToday()}</p>
      </div>

      <section aria-label={t('analytics.filters')} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4 sm:items-end">
        {FILTERS.map((key) => (
          <FormField key={key} label={t(`analytics.filterLabels.${key}`)}>
            <select className={inputClassName} value={filters[key] ?? ''} onChange={(event) => update(key, event.target.value)}>
              <option value="">{selectOptions[key].all}</option>
              {selectOptions[key].values.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </FormField>
        ))}
        <Button variant="secondary" onClick={clearFilters}>
          {t('analytics.clearFilters')}
        </Button>
      </section>

      <div role="group" aria-label={t('analytics.views')} className="flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={view === item}
            onClick={() => update('view', item === 'political' ? '' : item)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${view === item ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {t(`analytics.viewLabels.${item}`)}
          </button>
        ))}
      </div>

      <section aria-label={chart?.title ?? t('analytics.title')} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {analytics.isLoading ? (
          <div className="flex justify-center py-16 text-blue-900">
            <Spinner className="h-8 w-8" />
          </div>
        ) : !chart || chart.values.length === 0 ? (
          <div className="flex flex-col items-center py-16 text-center text-slate-500">
            <BarChart3 aria-hidden="true" className="mb-3 h-10 w-10" />
            <p className="font-medium text-slate-700">{t('analytics.noData')}</p>
            <p className="text-sm">{t('analytics.noDataHint')}</p>
          </div>
        ) : (
          <>
            <h2 className="mb-4 text-lg font-semibold text-slate-900" data-testid="chart-title">
              {chart.title}
            </h2>
            <AnalyticsChart kind={chart.kind} title={chart.title} labels={chart.labels} values={chart.values} colours={'colours' in chart ? chart.colours : undefined} />
          </>
        )}
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        {[
          { label: t('analytics.summary.totalVoters'), value: totalVoters },
          { label: t('analytics.summary.parties'), value: data?.preference.length ?? 0 },
          { label: t('analytics.summary.castes'), value: data?.caste.length ?? 0 },
        ].map((card) => (
          <StatCard key={card.label} label={card.label} value={card.value.toLocaleString('en-IN')} />
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <CountList
          id="list-political"
          title={t('analytics.lists.political')}
          items={(data?.preference ?? []).map((row) => ({ key: row.political_preference ?? '', label: <PartyBadge party={row.political_preference} />, value: share(row.count, row.percentage) }))}
        />
        <CountList
          id="list-caste"
          title={t('analytics.lists.caste')}
          items={(data?.caste ?? []).slice(0, 10).map((row) => ({ key: row.caste ?? '', label: unknown(names.name('castes', row.caste)), value: share(row.count, row.percentage) }))}
        />
      </div>

      <section aria-labelledby="list-cross" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="list-cross" className="mb-3 font-semibold text-slate-900">
          {t('analytics.lists.cross')}
        </h2>
        <Table
          variant="plain"
          rows={(data?.cross ?? []).slice(0, 15)}
          rowKey={(row) => `${row.caste}|${row.political_preference}`}
          columns={[
            { key: 'caste', header: t('analytics.columns.caste'), className: 'text-slate-800', cell: (row) => unknown(names.name('castes', row.caste)) },
            { key: 'preference', header: t('analytics.columns.preference'), cell: (row) => <PartyBadge party={row.political_preference} /> },
            { key: 'count', header: t('analytics.columns.count'), className: 'text-right', headerClassName: 'text-right', cell: (row) => row.count.toLocaleString('en-IN') },
            { key: 'percentage', header: t('analytics.columns.percentage'), className: 'text-right', headerClassName: 'text-right', cell: (row) => `${row.percentage.toFixed(2)}%` },
          ]}
        />
      </section>

      <CountList
        id="list-areas"
        title={t('analytics.lists.areas')}
        items={(data?.areas ?? []).slice(0, 5).map((row) => ({ key: row.ward_area ?? '', label: unknown(row.ward_area), value: row.voter_count.toLocaleString('en-IN') }))}
      />

      <BoothAnalyticsView filters={filters} levelBadge={(level, text) => <Badge color={SUPPORT_COLORS[level]}>{text}</Badge>} />

      {/* Issue 59 (decision 090): the service-request register in numbers, with its own dates. */}
      <ServiceAnalyticsSection />
    </div>
  );
}
