import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@shared/i18n/languages';
import { formatRupees } from '@shared/sms/sms-length';
import type { VoterSendPreview } from '@shared/voter-messages/voter-send-schema';
import { Button } from '@web/components/ui/button';

// What a send would do, and the button that queues it: the send form's and the day's greetings'.
export function SendPreview({ preview, busy, onSend }: { preview: VoterSendPreview; busy: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('messaging.send.previewTitle')} className="space-y-2 rounded-lg border border-blue-100 bg-blue-50 p-4 text-sm text-slate-800">
      <p className="font-semibold">{t('messaging.send.recipients', { count: preview.recipients })}</p>
      <p>{t('messaging.send.leftOut', { noMobile: preview.left_out.no_mobile, optedOut: preview.left_out.opted_out })}</p>
      {/* Each voter in their own message language where known (issue 60), else the office's. */}
      {preview.by_language.length > 0 && <p>{t('messaging.send.byLanguage', { list: preview.by_language.map((entry) => `${LANGUAGE_NAMES[entry.language]} ${entry.recipients}`).join(' · ') })}</p>}
      <p>{t(preview.channel === 'whatsapp' ? 'messaging.send.whatsappCost' : 'messaging.send.partsCost', { parts: preview.parts, cost: formatRupees(preview.estimated_cost_paise), left: formatRupees(preview.budget_left_paise) })}</p>
      {preview.estimated_cost_paise > preview.budget_left_paise && <p className="font-medium text-amber-800">{t('messaging.send.overBudget')}</p>}
      {preview.needs_approval && <p className="font-medium text-amber-800">{t('messaging.send.needsApproval')}</p>}
      {preview.held_until && <p className="font-medium text-amber-800">{t('messaging.send.heldUntil', { time: new Date(preview.held_until).toLocaleString() })}</p>}
      <p className="rounded bg-white p-2 text-slate-700" lang={preview.language}>
        {preview.sample}
      </p>
      <Button busy={busy} disabled={preview.recipients === 0} onClick={onSend}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {t('messaging.send.send', { count: preview.recipients })}
      </Button>
    </div>
  );
}
