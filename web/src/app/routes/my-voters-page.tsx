import { Search } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyVoters } from '@shared/booths/booth-schema';
import { formatPageRuns } from '@shared/booths/roll-pages';
import { PageHeader } from '@web/components/layout/page-header';
import { inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { useMyVoters } from '@web/features/my-voters/api/get-my-voters';
import { VoterContactCard } from '@web/features/my-voters/components/voter-contact-card';
import { ReportAvailabilityButton } from '@web/features/availability/components/report-availability-button';
import { RecordContactButton } from '@web/features/contacts/components/record-contact-button';
import { SupportBadge } from '@web/features/contacts/components/support-badge';
import { RaiseRequestButton } from '@web/features/service-requests/components/raise-request-button';
import { errorMessage } from '@web/lib/api-client';

type Household = MyVoters['households'][number];

// Issue 61: the survey buttons of households and voters, in their own file loaded once the screen
// is up (the screen's first download stays as it was); kept by the service worker for offline use.
// A file that cannot be fetched (no connection, no service worker yet) leaves the buttons out
// rather than the screen.
const surveyButtons = () => import('@web/features/surveys/components/my-voters-surveys').catch(() => null);
const HouseholdSurveyButtons = lazy(() => surveyButtons().then((module) => ({ default: module?.HouseholdSurveyButtons ?? (() => null) })));
const VoterSurveyButtons = lazy(() => surveyButtons().then((module) => ({ default: module?.VoterSurveyButtons ?? (() => null) })));

// A search narrows the households to the voters it finds: by name (any script), relative,
// house number or serial.
function filterHouseholds(households: readonly Household[], term: string): Household[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...households];
  return households
    .map((household) => ({
      ...household,
      voters: household.voters.filter((voter) =>
        [voter.full_name, voter.father_husband_name, voter.house_no, voter.voter_id, voter.part_serial === null ? null : String(voter.part_serial)].some((value) => value?.toLowerCase().includes(needle)),
      ),
    }))
    .filter((household) => household.voters.length > 0);
}

// /my-voters (issue 20): a Karyakarta's home screen. The voters of their pages (and houses), by
// household (a confirmed household record, its head first, else the house number), each contacted or not, with one tap to call, to open WhatsApp or to record a
// contact; phone width first.
export function MyVotersPage() {
  const { t } = useTranslation();
  const mine = useMyVoters();
  const [search, setSearch] = useState('');
  const households = useMemo(() => filterHouseholds(mine.data?.households ?? [], search), [mine.data, search]);

  if (mine.isPending) {
    return (
      <div className="flex justify-center py-16 text-blue-900" role="status">
        <Spinner className="h-8 w-8" />
        <span className="sr-only">{t('app.loading')}</span>
      </div>
    );
  }
  if (mine.isError) {
    return (
      <div>
        <PageHeader title={t('myVoters.title')} />
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(mine.error, t('myVoters.loadFailed'))}
        </p>
      </div>
    );
  }
  const data = mine.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('myVoters.title')} />
      {data.assignments.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-700">{t('myVoters.none')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('myVoters.noneHint')}</p>
        </div>
      ) : (
        <>
          <section aria-label={t('myVoters.yourPages')} className="mb-4 space-y-1">
            {data.assignments.map((assignment) => (
              <p key={assignment.booth_id} className="text-sm text-slate-700" data-testid="my-pages">
                <Link to={`/booths/${assignment.booth_id}`} className="font-semibold text-blue-800 underline decoration-blue-300 underline-offset-2">
                  {assignment.booth}
                </Link>
                {assignment.pages.length > 0 && <span className="ml-2">{t('myVoters.pagesIn', { count: assignment.pages.length, pages: formatPageRuns(assignment.pages) })}</span>}
                {assignment.house_numbers.length > 0 && <span className="ml-2">{t('myVoters.housesIn', { count: assignment.house_numbers.length, houses: assignment.house_numbers.join(', ') })}</span>}
              </p>
            ))}
            <p className="text-sm text-slate-500" data-testid="my-voters-summary">
              {t('myVoters.summary', { count: data.total, households: data.households.length })}
            </p>
            {data.truncated && <p className="text-sm text-amber-800">{t('myVoters.truncated', { count: data.total })}</p>}
          </section>
          {data.total > 10 && (
            <div className="relative mb-4">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
              <input type="search" aria-label={t('myVoters.searchLabel')} placeholder={t('myVoters.searchPlaceholder')} className={`${inputClassName} py-3 pl-10 text-base`} value={search} onChange={(event) => setSearch(event.target.value)} />
            </div>
          )}
          {households.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t('myVoters.noMatch')}</p>
          ) : (
            <ul className="space-y-4">
              {households.map((household) => (
                <li key={household.household_id === null ? `${household.booth}/${household.house_no ?? ''}` : `h${household.household_id}`} data-testid="my-household">
                  <section aria-label={household.house_no === null ? t('myVoters.noHouse') : t('myVoters.household', { number: household.house_no })} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                    <h2 className="flex items-baseline justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2">
                      <span className="font-semibold text-slate-900">
                        {household.house_no === null ? t('myVoters.noHouse') : t('myVoters.household', { number: household.house_no })}
                        {household.household_id !== null && (
                          <span data-testid="confirmed-household" className="ml-2 inline-flex items-center rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
                            {t('myVoters.confirmedHousehold')}
                          </span>
                        )}
                      </span>
                      <span className="text-xs text-slate-500">
                        {data.assignments.length > 1 ? `${household.booth} · ` : ''}
                        {t('myVoters.members', { count: household.voters.length })}
                      </span>
                    </h2>
                    <ul className="divide-y divide-slate-100">
                      {household.voters.map((voter) => (
                        <VoterContactCard
                          key={voter.id}
                          voter={voter}
                          support={<SupportBadge level={voter.support_level} />}
                          recordContact={
                            // Issue 61: report the voter shifted, out of town, not found, deceased or a double entry.
                            <>
                              <div className="mt-2 grid grid-cols-2 gap-2">
                                <RecordContactButton voter={voter} />
                                <RaiseRequestButton voter={voter} />
                                <ReportAvailabilityButton voter={voter} className="col-span-2 w-full" />
                              </div>
                              <Suspense fallback={null}>
                                <VoterSurveyButtons voter={voter} />
                              </Suspense>
                            </>
                          }
                          badge={
                            voter.id === household.head_voter_id ? (
                              <span data-testid="household-head" className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                                {t('myVoters.head')}
                              </span>
                            ) : undefined
                          }
                        />
                      ))}
                    </ul>
                    <Suspense fallback={null}>
                      <HouseholdSurveyButtons household={household} />
                    </Suspense>
                  </section>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
