import { useState } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, CONTACT_NOTE_MAX, CONTACT_OUTCOMES, type ContactChannel, type ContactOutcome, isSupportLevel, type RecordedContact } from '@shared/contacts/contact-schema';
import { inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useContactIssues } from '../api/get-contact-issues';
import { useRecordContact } from '../api/record-contact';
import { issueLabel, lastChannel, rememberChannel } from './contact-labels';
import { waitsInOutbox } from '@web/lib/offline/offline-api';

export interface RecordContactSheetProps {
  voter: { id: number; full_name: string };
  onClose: () => void;
  // After the contact is saved (the sheet closes itself).
  onSaved?: (recorded: RecordedContact) => void;
}

// The outcome buttons' colours: support green to red, the rest plain. Each also says its name.
const OUTCOME_CLASS: Record<ContactOutcome, string> = {
  strong_supporter: 'bg-green-700 text-white hover:bg-green-800',
  leaning_supporter: 'bg-teal-600 text-white hover:bg-teal-700',
  undecided: 'bg-slate-600 text-white hover:bg-slate-700',
  leaning_away: 'bg-orange-600 text-white hover:bg-orange-700',
  opposed: 'bg-red-700 text-white hover:bg-red-800',
  not_at_home: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  moved_away: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  deceased: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
};

const choiceClass = (chosen: boolean) =>
  `min-h-11 rounded-lg border px-1.5 py-2 text-sm font-medium transition-colors ${chosen ? 'border-blue-900 bg-blue-900 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`;

// Recording a contact on a phone in two taps (issue 20): the sheet opens with the channel used
// last already chosen, and tapping an outcome saves it. Issues and a note, optional, come before
// the outcomes so they are set by the time the outcome is tapped. Rendered into the page's body:
// it may open from inside another dialog's form (the voter form), whose Enter must not reach it.
export function RecordContactSheet({ voter, onClose, onSaved }: RecordContactSheetProps) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<ContactChannel>(lastChannel);
  const [issues, setIssues] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState<ContactOutcome | null>(null);
  const issueList = useContactIssues();
  const record = useRecordContact();

  const toggleIssue = (issue: string) => setIssues((chosen) => (chosen.includes(issue) ? chosen.filter((item) => item !== issue) : [...chosen, issue]));

  const save = async (outcome: ContactOutcome) => {
    setSaving(outcome);
    try {
      const recorded = await record.mutateAsync({ voterId: voter.id, contact: { channel, outcome, issues, note: note.trim() || null } });
      rememberChannel(channel);
      const saved = t('contacts.saved', { outcome: t(`contacts.outcomes.${outcome}`) });
      // Kept on the phone without a connection: the outbox says so (lib/offline).
      if (!waitsInOutbox(recorded)) toast.success(recorded.flag ? `${saved}. ${t('contacts.flagRaised')}` : saved);
      onSaved?.(recorded);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('contacts.saveFailed')));
      setSaving(null);
    }
  };

  return createPortal(
    <Modal open title={t('contacts.recordFor', { name: voter.full_name })} onClose={onClose} size="sm" bodyClassName="flex-1 overflow-y-auto px-4 py-3">
      <div className="space-y-4" data-testid="record-contact-sheet">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('contacts.channel')}</legend>
          <div role="radiogroup" aria-label={t('contacts.channel')} className="grid grid-cols-4 gap-1.5">
            {CONTACT_CHANNELS.map((option) => (
              <button key={option} type="button" role="radio" aria-checked={channel === option} onClick={() => setChannel(option)} className={choiceClass(channel === option)}>
                {t(`contacts.channels.${option}`)}
              </button>
            ))}
          </div>
        </fieldset>

        {issueList.data && issueList.data.length > 0 && (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('contacts.issues')}</legend>
            <div className="flex flex-wrap gap-1.5">
              {issueList.data.map((issue) => (
                <button
                  key={issue}
                  type="button"
                  aria-pressed={issues.includes(issue)}
                  onClick={() => toggleIssue(issue)}
                  className={`min-h-11 rounded-full border px-3 text-sm ${issues.includes(issue) ? 'border-blue-900 bg-blue-50 font-medium text-blue-900' : 'border-slate-300 bg-white text-slate-700'}`}
                >
                  {issueLabel(t, issue)}
                </button>
              ))}
            </div>
          </fieldset>
        )}

        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t('contacts.note')}</span>
          <input
            type="text"
            className={inputClassName}
            value={note}
            maxLength={CONTACT_NOTE_MAX}
            placeholder={t('contacts.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
            // Enter would save nothing here: the outcome is still to be chosen.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </label>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">
            {t('contacts.outcome')} <span className="font-normal text-slate-500">· {t('contacts.outcomeHint')}</span>
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {CONTACT_OUTCOMES.map((outcome) => (
              <button
                key={outcome}
                type="button"
                disabled={saving !== null}
                onClick={() => void save(outcome)}
                data-support={isSupportLevel(outcome) ? 'yes' : 'no'}
                className={`flex min-h-14 items-center justify-center gap-2 rounded-xl px-3 py-2 text-base font-semibold transition-colors disabled:opacity-60 ${OUTCOME_CLASS[outcome]}`}
              >
                {saving === outcome && <Spinner className="h-4 w-4" />}
                {t(`contacts.outcomes.${outcome}`)}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
    </Modal>,
    document.body,
  );
}
