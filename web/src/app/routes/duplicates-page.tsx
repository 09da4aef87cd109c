import { ScanSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAdminRole } from '@shared/auth/roles';
import { DUPLICATE_STATUSES, type DuplicateStatus, type DuplicateVoter } from '@shared/duplicates/duplicate-schema';
import { PageNav } from '@web/components/ui/page-nav';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { Spinner } from '@web/components/ui/spinner';
import { useDuplicatePairs, useDuplicateScan } from '@web/features/duplicates/api/get-duplicates';
import { type PairReview, useReviewPair, useStartDuplicateScan } from '@web/features/duplicates/api/review-duplicates';
import { DuplicatePairCard } from '@web/features/duplicates/components/duplicate-pair-card';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { useDateFormat } from '@web/lib/use-date-format';

// /duplicates?status=open&page= (issue 20): the pairs a scan found, for office roles and
// Supervisors (pairs whose two entries are both in their booths). Office roles start a scan.
export function DuplicatesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const format = useDateFormat();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? 'open';
  const status: DuplicateStatus = (DUPLICATE_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as DuplicateStatus) : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const pairs = useDuplicatePairs({ status, page });
  const scan = useDuplicateScan();
  const startScan = useStartDuplicateScan();
  const review = useReviewPair();
  const [marking, setMarking] = useState<{ pairId: number; voter: DuplicateVoter } | null>(null);
  const canScan = user ? isAdminRole(user.role) : false;
  const lastScan = scan.data?.scan ?? null;
  const running = lastScan?.status === 'running';

  // When a scan ends, the list is read again.
  useEffect(() => {
    if (lastScan && lastScan.status !== 'running') void pairs.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastScan?.status]);

  const failed = pairs.isError;
  useEffect(() => {
    if (failed) toast.error(errorMessage(pairs.error, t('duplicates.fetchFailed')), { id: 'duplicates-fetch' });
  }, [failed, pairs.error, t]);

  const set = (changes: Record<string, string>) =>
    setParams(() => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const scanNow = async () => {
    try {
      await startScan.mutateAsync();
      toast.success(t('duplicates.scanStarted'));
    } catch (error) {
      toast.error(errorMessage(error, t('duplicates.scanFailed')));
    }
  };

  const act = async (change: PairReview, done: string) => {
    try {
      await review.mutateAsync(change);
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, t('duplicates.reviewFailed')));
    }
  };

  const confirmMark = async () => {
    if (!marking) return;
    await act({ id: marking.pairId, action: 'mark', duplicate_voter_id: marking.voter.id }, t('duplicates.marked'));
    setMarking(null);
  };

  const list = pairs.data;
  return (
    <div>
      <PageHeader title={t('duplicates.title')}>
        {canScan && (
          <Button busy={startScan.isPending || running} onClick={() => void scanNow()}>
            <ScanSearch aria-hidden="true" className="h-4 w-4" />
            {t('duplicates.scan')}
          </Button>
        )}
      </PageHeader>

      <p className="mb-4 flex items-center gap-2 text-sm text-slate-600" data-testid="scan-state">
        {running ? (
          <>
            <Spinner className="h-4 w-4 text-blue-900" />
            {t('duplicates.scanning')}
          </>
        ) : !lastScan ? (
          t('duplicates.neverScanned')
        ) : lastScan.status === 'failed' ? (
          t('duplicates.scanFailed')
        ) : (
          t('duplicates.lastScan', { count: lastScan.pairs_found ?? 0, date: format.dateTime(lastScan.finished_at ?? lastScan.started_at), name: lastScan.started_by_name ?? '—' })
        )}
      </p>

      <div role="tablist" aria-label={t('duplicates.title')} className="mb-4 flex flex-wrap gap-2">
        {DUPLICATE_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === status}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${value === status ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => set({ status: value === 'open' ? '' : value, page: '' })}
          >
            {t(`duplicates.statuses.${value}`)}
          </button>
        ))}
      </div>

      {!list ? (
        pairs.isPending && (
          <ListLoading label={t('duplicates.loading')} />
        )
      ) : list.pairs.length === 0 ? (
        <ListEmpty title={t('duplicates.noPairs')} hint={t('duplicates.noPairsHint')} />
      ) : (
        <>
          <div className="space-y-3">
            {list.pairs.map((pair) => (
              <DuplicatePairCard
                key={pair.id}
                pair={pair}
                busy={review.isPending}
                onMark={(voter) => setMarking({ pairId: pair.id, voter })}
                onDismiss={() => void act({ id: pair.id, action: 'dismiss' }, t('duplicates.dismissed'))}
                onReopen={() => void act({ id: pair.id, action: 'reopen' }, t('duplicates.reopened'))}
              />
            ))}
          </div>
          <PageNav summary={t('duplicates.summary', { page: list.page, totalPages: list.totalPages, count: list.total })} page={page} totalPages={list.totalPages} onPage={(next) => set({ page: String(next) })} />
        </>
      )}

      <ConfirmDialog
        open={marking !== null}
        title={t('duplicates.markTitle')}
        message={marking ? t('duplicates.markMessage', { name: marking.voter.full_name, voterId: marking.voter.voter_id }) : ''}
        confirmLabel={t('duplicates.markConfirm')}
        busy={review.isPending}
        onConfirm={() => void confirmMark()}
        onCancel={() => setMarking(null)}
      />
    </div>
  );
}
