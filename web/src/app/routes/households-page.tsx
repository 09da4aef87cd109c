import { Sparkles } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { boothScopeOf, boothsInScope } from '@shared/auth/booth-scope';
import { HOUSEHOLD_DECIDERS } from '@shared/auth/route-access';
import { HOUSEHOLD_STATUSES, type HouseholdStatus } from '@shared/households/household-schema';
import { PageNav } from '@web/components/ui/page-nav';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { useProposeHouseholds } from '@web/features/households/api/change-household';
import { useHouseholds } from '@web/features/households/api/get-households';
import { SlipPrintButton } from '@web/features/slips/components/slip-print-button';
import { SlipShareButtons } from '@web/features/slips/components/slip-share-buttons';
import { HouseholdCard } from '@web/features/households/components/household-card';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

// /households?booth=Booth-01&status=&page= (issue 20): one booth's households, for every role
// within its booths. Office roles and Supervisors propose, confirm, split, merge and move; a
// Karyakarta suggests. The booth page shows the same cards.
export function HouseholdsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const booths = useMemo(() => (user ? boothsInScope(boothScopeOf(user.role, user.booth_access)) : []), [user]);
  const booth = params.get('booth') ?? '';
  const rawStatus = params.get('status') ?? '';
  const status = (HOUSEHOLD_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as HouseholdStatus) : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const households = useHouseholds({ booth, status, page });
  const propose = useProposeHouseholds();
  const canDecide = user ? (HOUSEHOLD_DECIDERS as readonly string[]).includes(user.role) : false;

  const set = (changes: Record<string, string>) =>
    setParams(() => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  // A field user with one booth lands on it.
  useEffect(() => {
    if (!booth && booths.length === 1) set({ booth: booths[0]! });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booth, booths]);

  const failed = households.isError;
  useEffect(() => {
    if (failed) toast.error(errorMessage(households.error, t('households.fetchFailed')), { id: 'households-fetch' });
  }, [failed, households.error, t]);

  const proposeBooth = async () => {
    try {
      const result = await propose.mutateAsync(booth);
      toast.success(t('households.proposed', { count: result.proposed, booth: result.booth }));
    } catch (error) {
      toast.error(errorMessage(error, t('households.proposeFailed')));
    }
  };

  const list = households.data;
  return (
    <div>
      <PageHeader title={t('households.title')}>
        {canDecide && booth && (
          <Button busy={propose.isPending} onClick={() => void proposeBooth()}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {t('households.propose')}
          </Button>
        )}
      </PageHeader>

      <div className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          {t('households.booth')}
          <select className={`${inputClassName} mt-1`} value={booth} onChange={(event) => set({ booth: event.target.value, page: '' })}>
            <option value="">{t('households.chooseBooth')}</option>
            {booths.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('households.status')}
          <select className={`${inputClassName} mt-1`} value={status ?? ''} onChange={(event) => set({ status: event.target.value, page: '' })}>
            <option value="">{t('households.allStatuses')}</option>
            {HOUSEHOLD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`households.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {!booth ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('households.chooseBooth')}</p>
      ) : !list ? (
        households.isPending && (
          <ListLoading label={t('households.loading')} />
        )
      ) : list.households.length === 0 ? (
        <ListEmpty title={t('households.noHouseholds')} hint={t('households.noHouseholdsHint')} />
      ) : (
        <>
          <div className="grid gap-3 lg:grid-cols-2">
            {list.households.map((household) => (
              <HouseholdCard
                key={household.id}
                household={household}
                canDecide={canDecide}
                others={list.households}
                actions={(shown) => (
                  <>
                    <SlipPrintButton path={`/slips/households/${shown.id}`} compact />
                    <SlipShareButtons source={{ kind: 'household', id: shown.id }} />
                  </>
                )}
              />
            ))}
          </div>
          <PageNav summary={t('households.summary', { page: list.page, totalPages: list.totalPages, total: list.total })} page={page} totalPages={list.totalPages} onPage={(next) => set({ page: String(next) })} />
        </>
      )}
    </div>
  );
}
