import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FLAG_REASON_MAX, flagReportSchema, type VoterFlagKind } from '@shared/availability/availability-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { errorMessage } from '@web/lib/api-client';
import { waitsInOutbox } from '@web/lib/offline/offline-api';
import { useReportFlag } from '../api/report-flag';
import { useAvailabilityTranslation } from '../availability-texts-loader';

// The order a worker meets them in the field: gone, away, not there, then the roll's own mistakes.
const KIND_ORDER: readonly VoterFlagKind[] = ['moved_away', 'out_of_town', 'not_found', 'deceased', 'double_entry'];

export interface ReportAvailabilitySheetProps {
  voter: { id: number; full_name: string };
  onClose: () => void;
}

// Issue 61 on a phone (390 px first): tap what was found, say why, send. The office confirms
// before the roll changes. Without a connection the report waits in the outbox. Rendered into the
// page's body: it may open from inside another dialog's form.
export function ReportAvailabilitySheet({ voter, onClose }: ReportAvailabilitySheetProps) {
  const { t } = useAvailabilityTranslation();
  const { t: common } = useTranslation();
  const ids = { reason: useId() };
  const [kind, setKind] = useState<VoterFlagKind | null>(null);
  const [reason, setReason] = useState('');
  const [other, setOther] = useState<Voter | null>(null);
  const report = useReportFlag();
  // One schema both sides: the server checks the same (shared/availability).
  const values = { kind: kind ?? undefined, reason, ...(kind === 'double_entry' && other ? { other_voter_id: other.id } : {}) };
  const valid = flagReportSchema.safeParse(values).success;

  const send = async () => {
    if (!kind || !valid) return;
    try {
      const reported = await report.mutateAsync({ voterId: voter.id, report: { kind, reason, ...(kind === 'double_entry' && other ? { other_voter_id: other.id } : {}) } });
      // Kept on the phone without a connection: the outbox says so (lib/offline).
      if (!waitsInOutbox(reported)) toast.success(t(reported.joined ? 'report.joined' : 'report.sent'), { id: 'availability-report' });
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('report.failed')));
    }
  };

  return createPortal(
    <Modal
      open
      title={t('report.title', { name: voter.full_name })}
      onClose={onClose}
      size="sm"
      bodyClassName="flex-1 overflow-y-auto px-4 py-3"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="min-h-11" onClick={onClose}>
            {common('common.cancel')}
          </Button>
          <Button className="min-h-11" busy={report.isPending} disabled={!valid} onClick={() => void send()}>
            {t('report.send')}
          </Button>
        </div>
      }
    >
      <div className="space-y-4" data-testid="report-availability-sheet">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('report.kind')}</legend>
          <div role="radiogroup" aria-label={t('report.kind')} className="grid grid-cols-2 gap-2">
            {KIND_ORDER.map((option) => {
              const chosen = kind === option;
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  onClick={() => setKind(option)}
                  className={`flex min-h-14 flex-col items-start justify-center rounded-xl border px-3 py-2 text-left ${option === 'double_entry' ? 'col-span-2' : ''} ${chosen ? 'border-blue-900 bg-blue-900 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
                >
                  <span className="text-base font-semibold">{t(`report.kinds.${option}`)}</span>
                  <span className={`text-xs ${chosen ? 'text-blue-100' : 'text-slate-500'}`}>{t(`report.hints.${option}`)}</span>
                </button>
              );
            })}
          </div>
        </fieldset>

        <div>
          <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('report.reason')} <span className="text-red-600">*</span>
          </label>
          <textarea id={ids.reason} rows={3} className={inputClassName} value={reason} maxLength={FLAG_REASON_MAX} placeholder={t('report.reasonPlaceholder')} onChange={(event) => setReason(event.target.value)} />
        </div>

        {kind === 'double_entry' && (
          <VoterPicker
            voter={other}
            onChoose={(chosen) => setOther(chosen && chosen.id !== voter.id ? chosen : null)}
            texts={{ legend: t('report.other'), search: t('report.otherSearch'), searching: t('report.searching'), noneFound: t('report.noneFound'), choose: t('report.choose'), clear: t('report.clear') }}
          />
        )}
      </div>
    </Modal>,
    document.body,
  );
}
