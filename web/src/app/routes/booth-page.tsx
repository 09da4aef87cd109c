import { AlertTriangle, ArrowLeft, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BoothDetail } from '@shared/booths/booth-schema';
import { formatPageRuns } from '@shared/booths/roll-pages';
import { boothLabelOf } from '@shared/reference/booths';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useBooth } from '@web/features/booths/api/get-booth';
import { AssignPagesForm } from '@web/features/booths/components/assign-pages-form';
import { BoothCoverageSection } from '@web/features/booths/components/booth-coverage';
import { SUPPORT_COLORS } from '@web/features/contacts/components/contact-labels';
import { Badge } from '@web/components/ui/badge';
import { BoothFormDialog } from '@web/features/booths/components/booth-form-dialog';
import { BoothHouseholds } from '@web/features/booths/components/booth-households';
import { SlipPrintButton } from '@web/features/slips/components/slip-print-button';
import { BoothRoll } from '@web/features/booths/components/booth-roll';
import { PastResultsSection, usePastResultsTitle } from '@web/features/election-results/components/past-results-section';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function PollingStation({ detail }: { detail: BoothDetail }) {
  const { t } = useTranslation();
  const { booth } = detail;
  const value = (text: string | number | null) => (text === null || text === '' ? <span className="text-slate-400">{t('booths.notSet')}</span> : text);
  const rows: [string, ReactNode][] = [
    [t('booths.station.partNumber'), value(booth.part_number)],
    [t('booths.station.number'), value(booth.polling_station_number)],
    [t('booths.station.name'), value(booth.polling_station_name)],
    [t('booths.station.address'), value(booth.polling_station_address)],
    [t('booths.station.village'), value(booth.village)],
    [t('booths.station.taluka'), value(booth.taluka)],
  ];
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, shown]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{shown}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-1 mt-4 text-sm font-medium text-slate-500">{t('booths.station.sections')}</h3>
      {booth.sections.length === 0 ? (
        <p className="text-sm text-slate-400">{t('booths.station.noSections')}</p>
      ) : (
        <ol className="text-sm text-slate-900">
          {booth.sections.map((section) => (
            <li key={section.number}>{t('booths.station.section', { number: section.number, name: section.name })}</li>
          ))}
        </ol>
      )}
    </>
  );
}

function Workers({ detail }: { detail: BoothDetail }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {detail.workers.length === 0 ? (
        <p className="text-sm text-slate-500">{t('booths.workers.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('booths.workers.title')}>
          {detail.workers.map((worker) => (
            <li key={worker.user_id} className="py-2" data-testid="booth-worker">
              <div className="font-medium text-slate-900">{worker.full_name}</div>
              <div className="text-sm text-slate-700">
                {worker.pages.length > 0 && <span className="mr-3">{t('booths.workers.pages', { count: worker.pages.length, pages: formatPageRuns(worker.pages) })}</span>}
                {worker.house_numbers.length > 0 && <span>{t('booths.workers.houses', { count: worker.house_numbers.length, houses: worker.house_numbers.join(', ') })}</span>}
              </div>
              {!worker.has_access && (
                <p className="mt-1 inline-flex items-center gap-1 text-xs text-amber-800">
                  <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('booths.workers.noAccess')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {detail.can_assign && <AssignPagesForm key={detail.booth.id} detail={detail} />}
    </div>
  );
}

// /booths/:id (issue 20): a booth's polling station, its workers and their pages (with the
// quick assignment for those allowed), its voters in roll order and its households. Contact
// coverage and support come with the contacts part of the issue.
export function BoothPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = Number(useParams().id);
  const label = boothLabelOf(id);
  const booth = useBooth(label ? id : 0);
  const [editing, setEditing] = useState(false);
  const pastResultsTitle = usePastResultsTitle();
  const backTo = user?.role === 'Karyakarta' ? '/my-voters' : '/booths';

  const back = (
    <Link to={backTo} className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm text-blue-800 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {user?.role === 'Karyakarta' ? t('myVoters.title') : t('booths.back')}
    </Link>
  );
  if (!label || booth.isError) {
    return (
      <div>
        {back}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {label ? errorMessage(booth.error, t('booths.detailFailed')) : t('booths.detailFailed')}
        </p>
      </div>
    );
  }
  if (booth.isPending) {
    return (
      <div className="flex justify-center py-16 text-blue-900" role="status">
        <Spinner className="h-8 w-8" />
        <span className="sr-only">{t('app.loading')}</span>
      </div>
    );
  }
  const detail = booth.data;
  const stats: [string, number][] = [
    [t('booths.stats.voters'), detail.voters],
    [t('booths.stats.pages'), detail.pages],
    [t('booths.stats.unnumbered'), detail.unnumbered],
    [t('booths.stats.workers'), detail.workers.length],
  ];
  return (
    <div>
      {back}
      <PageHeader title={detail.booth.polling_station_name ? `${label} · ${detail.booth.polling_station_name}` : label}>
        {detail.voters > 0 && <SlipPrintButton path={`/slips/booths/${detail.booth.id}`} pages={detail.pages} variant="primary" />}
        {detail.can_edit && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('booths.edit')}
          </Button>
        )}
      </PageHeader>
      <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([name, count]) => (
          <div key={name} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-500">{name}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{count.toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Panel title={t('booths.station.title')}>
          <PollingStation detail={detail} />
        </Panel>
        <Panel title={t('boothClasses.section')} testId="booth-coverage-section">
          <BoothCoverageSection detail={detail} levelBadge={(level, text) => <Badge color={SUPPORT_COLORS[level]}>{text}</Badge>} />
        </Panel>
        <Panel title={t('booths.workers.title')} testId="booth-workers">
          <Workers detail={detail} />
        </Panel>
        <div className="xl:col-span-2">
          <Panel title={pastResultsTitle} testId="booth-past-results">
            <PastResultsSection boothId={detail.booth.id} />
          </Panel>
        </div>
        <div className="xl:col-span-2">
          <Panel title={t('booths.roll.title')}>
            <BoothRoll key={`${detail.page_size}-${detail.pages}`} detail={detail} />
          </Panel>
        </div>
        <div className="xl:col-span-2">
          <Panel title={t('booths.households.title')}>
            <p className="-mt-2 mb-2 text-xs text-slate-500">{t('booths.households.hint')}</p>
            <BoothHouseholds boothId={detail.booth.id} />
          </Panel>
        </div>
      </div>
      {editing && <BoothFormDialog booth={detail.booth} onClose={() => setEditing(false)} />}
    </div>
  );
}
