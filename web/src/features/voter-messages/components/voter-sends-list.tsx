import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shared/sms/sms-length';
import type { VoterSend } from '@shared/voter-messages/voter-send-schema';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { useVoterSendAction } from '../api/voter-send-action';

// The latest sends with their progress, cost and what stopped them; approve (Super Admin) and cancel.
export function VoterSendsList({ sends, canApprove }: { sends: VoterSend[]; canApprove: boolean }) {
  const { t } = useTranslation();
  const word = useFormMessage();
  const action = useVoterSendAction();
  const run = async (send: VoterSend, kind: 'approve' | 'cancel') => {
    try {
      await action.mutateAsync({ id: send.id, action: kind, version: send.version });
    } catch (error) {
      toast.error(errorMessage(error, t('messaging.send.failed')));
    }
  };
  return (
    <section aria-label={t('messaging.sends.title')} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('messaging.sends.title')}</h2>
      {sends.length === 0 && <p className="text-sm text-slate-500">{t('messaging.sends.empty')}</p>}
      <ul className="divide-y divide-slate-100">
        {sends.map((send) => {
          const done = send.sent + send.failed + send.cancelled;
          return (
            <li key={send.id} className="space-y-1 py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {send.template_name}
                  {send.channel === 'whatsapp' && <span className="ml-2 rounded bg-green-50 px-1.5 py-0.5 text-xs font-normal text-green-800">{t('messaging.channels.whatsapp')}</span>}
                </span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t(`messaging.sends.status.${send.status}`)}</span>
              </div>
              <progress className="h-2 w-full" max={send.total} value={done} aria-label={t('messaging.sends.progress', { done, total: send.total })} />
              <p className="text-slate-600">{t('messaging.sends.counts', { sent: send.sent, total: send.total, failed: send.failed, cancelled: send.cancelled })}</p>
              {/* The gateway's delivery reports (issue 60): sent means accepted, delivered means on the phone. */}
              {send.sent > 0 && <p className="text-slate-600">{t('messaging.sends.delivery', { delivered: send.delivered, undelivered: send.undelivered, waiting: send.sent - send.delivered - send.undelivered })}</p>}
              <p className="text-slate-600">{t('messaging.sends.cost', { spent: formatRupees(send.spent_paise), estimated: formatRupees(send.estimated_cost_paise) })}</p>
              {send.not_before && send.status === 'sending' && new Date(send.not_before) > new Date() && <p className="text-amber-800">{t('messaging.send.heldUntil', { time: new Date(send.not_before).toLocaleString() })}</p>}
              {send.stop_reason && <p className="font-medium text-red-700">{word(send.stop_reason)}</p>}
              <div className="flex gap-2">
                {canApprove && send.status === 'awaiting_approval' && (
                  <Button className="px-3 py-1.5" busy={action.isPending} onClick={() => void run(send, 'approve')}>
                    {t('messaging.sends.approve')}
                  </Button>
                )}
                {(send.status === 'sending' || send.status === 'awaiting_approval') && (
                  <Button variant="secondary" className="px-3 py-1.5" busy={action.isPending} onClick={() => void run(send, 'cancel')}>
                    {t('messaging.sends.cancel')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
