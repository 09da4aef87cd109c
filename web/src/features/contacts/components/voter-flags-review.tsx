import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { VOTER_FLAG_STATUSES, type ReviewedFlag, type VoterFlagStatus } from '@shared/availability/availability-schema';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useDateFormat } from '@web/lib/use-date-format';
import { useDecideFlag, useVoterFlags } from '../api/voter-flags';

interface VoterFlagsReviewProps {
  status: VoterFlagStatus;
  page: number;
  onStatus: (status: VoterFlagStatus) => void;
  onPage: (page: number) => void;
}

// The office's review of deceased and moved-away reports (issue 20): confirming changes the voter
// (after a second look), dismissing leaves them as they are. Nothing changes without one of the two.
export function VoterFlagsReview({ status, page, onStatus, onPage }: VoterFlagsReviewProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const flags = useVoterFlags({ status, page });
  const decide = useDecideFlag();
  const [confirming, setConfirming] = useState<ReviewedFlag | null>(null);

  const run = async (flag: ReviewedFlag, decision: 'confirm' | 'dismiss') => {
    try {
      await decide.mutateAsync({ flagId: flag.id, decision });
      toast.success(t(decision === 'confirm' ? 'contacts.flags.confirmed' : 'contacts.flags.dismissed'));
    } catch (error) {
      toast.error(errorMessage(error, t('contacts.flags.decideFailed')));
    } finally {
      setConfirming(null);
    }
  };

  const totalPages = flags.data?.totalPages ?? 0;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-600">{t('contacts.flags.hint')}</p>
      <div role="tablist" aria-label={t('contacts.flags.statusLabel')} className="mb-4 flex gap-2">
        {VOTER_FLAG_STATUSES.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={status === option}
            onClick={() => onStatus(option)}
            className={`min-h-11 rounded-lg px-3 text-sm font-medium ${status === option ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700'}`}
          >
            {t(`contacts.flags.statuses.${option}`)}
          </button>
        ))}
      </div>

      {flags.isPending && (
        <div className="flex justify-center py-10 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      )}
      {flags.isError && !flags.data && <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('contacts.flags.loadFailed')}</p>}
      {flags.data && flags.data.flags.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t('contacts.flags.empty')}</p>}

      <ul className="space-y-3">
        {flags.data?.flags.map((flag) => (
          <li key={flag.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="voter-flag">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{flag.voter.full_name}</span>
                  <Badge color={flag.kind === 'deceased' ? 'red' : 'orange'}>{t(`contacts.flags.kinds.${flag.kind}`)}</Badge>
                </div>
                <div className="font-mono text-xs text-slate-500">
                  {flag.voter.voter_id} · {flag.voter.booth ?? '—'}
                </div>
                <p className="mt-1 text-sm text-slate-600">{t('contacts.flags.raised', { name: flag.raised_by_name ?? '—', date: dates.dateTime(flag.raised_at) })}</p>
                {flag.note && <p className="mt-1 text-sm text-slate-700">{t('contacts.flags.contactNote', { note: flag.note })}</p>}
                {flag.resolved_at && (
                  <p className="mt-1 text-sm text-slate-600">
                    {t('contacts.flags.decided', { status: t(`contacts.flags.statuses.${flag.status}`), name: flag.resolved_by_name ?? '—', date: dates.dateTime(flag.resolved_at) })}
                  </p>
                )}
              </div>
              {flag.status === 'pending' && (
                <div className="flex w-full gap-2 sm:w-auto">
                  <Button variant="secondary" className="min-h-11 flex-1 sm:flex-none" disabled={decide.isPending} onClick={() => void run(flag, 'dismiss')} aria-label={`${t('contacts.flags.dismiss')}: ${flag.voter.full_name}`}>
                    {t('contacts.flags.dismiss')}
                  </Button>
                  <Button variant="danger" className="min-h-11 flex-1 sm:flex-none" disabled={decide.isPending} onClick={() => setConfirming(flag)} aria-label={`${t('contacts.flags.confirm')}: ${flag.voter.full_name}`}>
                    {t('contacts.flags.confirm')}
                  </Button>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>

      {flags.data && totalPages > 1 && (
        <nav className="mt-4 flex items-center justify-between gap-3" aria-label={t('contacts.flags.title')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('contacts.flags.previous')}
          </Button>
          <p className="text-sm text-slate-600">{t('contacts.flags.pageOf', { page, total: totalPages })}</p>
          <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {t('contacts.flags.next')}
          </Button>
        </nav>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={t('contacts.flags.confirmTitle')}
        message={
          confirming
            ? t(confirming.kind === 'deceased' ? 'contacts.flags.confirmDeceased' : 'contacts.flags.confirmMovedAway', { name: confirming.voter.full_name, voterId: confirming.voter.voter_id })
            : ''
        }
        confirmLabel={t('contacts.flags.confirm')}
        busy={decide.isPending}
        onConfirm={() => confirming && void run(confirming, 'confirm')}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
