import { Phone } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { CHASE_STATUSES, type ChaseList, type ChaseStatus } from '@shared/poll/poll-schema';
import { errorMessage } from '@web/lib/api-client';
import { telHref } from '@web/lib/contact-links';
import { useChaseVoter } from '../api/chase';
import { NobodyToChase } from './nobody-to-chase';

// Supporters who have not voted yet, each with one tap to call and "called / coming / won't come".
export function ChaseListView({ list }: { list: ChaseList }) {
  const { t } = useTranslation();
  const chase = useChaseVoter();
  const save = async (voterId: number, status: ChaseStatus) => {
    try {
      await chase.mutateAsync({ voterId, status });
      toast.success(t('pollDay.chase.saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('pollDay.chase.saveFailed')));
    }
  };
  if (list.voters.length === 0) return <NobodyToChase supporters={list.supporters} />;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-700">{t('pollDay.chase.count', { count: list.voters.length })}</p>
      <ul className="space-y-3" aria-label={t('pollDay.chase.title')}>
        {list.voters.map((voter) => {
          const href = telHref(voter.mobile_number);
          return (
            <li key={voter.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {voter.full_name}
                    {/* Issue 61: what the roll says of their availability (the deceased are left out). */}
                    {voter.availability && (
                      <span data-testid="chase-availability" className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-medium text-amber-900">
                        {t(`contacts.flags.kinds.${voter.availability}`)}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {voter.booth} · {t('pollDay.mark.serialNo', { serial: voter.part_serial ?? '—' })}
                    {voter.house_no ? ` · ${t('pollDay.chase.house', { house: voter.house_no })}` : ''}
                  </p>
                </div>
                {href ? (
                  <a href={href} aria-label={t('pollDay.chase.callLabel', { name: voter.full_name })} className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800">
                    <Phone aria-hidden="true" className="h-4 w-4" />
                    {t('pollDay.chase.call')}
                  </a>
                ) : (
                  <span className="shrink-0 text-xs text-slate-400">{t('pollDay.chase.noMobile')}</span>
                )}
              </div>
              <div role="group" aria-label={voter.full_name} className="mt-2 grid grid-cols-3 gap-2">
                {CHASE_STATUSES.map((status) => {
                  const chosen = voter.chase_status === status;
                  return (
                    <button
                      key={status}
                      type="button"
                      aria-pressed={chosen}
                      disabled={chase.isPending}
                      onClick={() => save(voter.id, status)}
                      className={`min-h-11 rounded-lg border px-2 text-sm font-medium ${chosen ? 'border-blue-900 bg-blue-900 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
                    >
                      {t(`pollDay.chase.status.${status}`)}
                    </button>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
      {list.truncated && <p className="text-xs text-slate-500">{t('pollDay.chase.truncated')}</p>}
    </div>
  );
}
