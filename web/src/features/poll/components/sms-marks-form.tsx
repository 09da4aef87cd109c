import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { usePasteSmsMarks } from '../api/paste-sms-marks';

// The office pastes a poll-day SMS a worker sent where data failed (issue 61): the voters are
// marked as that worker, whose registered mobile it must come from. What was typed stays on a refusal.
export function SmsMarksForm() {
  const { t } = useTranslation();
  const paste = usePasteSmsMarks();
  const [from, setFrom] = useState('');
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await paste.mutateAsync({ from, text });
      toast.success(t('pollDay.smsMarks.done', { count: result.voters.filter((voter) => voter.changed).length, booth: result.booth }));
      setText('');
    } catch (error) {
      toast.error(errorMessage(error, t('pollDay.mark.failed')));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('pollDay.smsMarks.title')} className="mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{t('pollDay.smsMarks.title')}</h2>
      <p className="text-sm text-slate-600">{t('pollDay.smsMarks.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={t('pollDay.smsMarks.from')}>
          <input type="tel" inputMode="numeric" className={inputClassName} value={from} onChange={(event) => setFrom(event.target.value)} />
        </FormField>
        <FormField label={t('pollDay.smsMarks.text')} className="sm:col-span-2">
          <input type="text" autoCapitalize="characters" className={inputClassName} value={text} onChange={(event) => setText(event.target.value)} />
        </FormField>
      </div>
      <Button type="submit" busy={paste.isPending}>
        {t('pollDay.smsMarks.submit')}
      </Button>
    </form>
  );
}
