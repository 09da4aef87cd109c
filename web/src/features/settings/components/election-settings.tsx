import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTH_COUNT, BOOTHS } from '@shared/reference/booths';
import { formatPollBooths, type Settings } from '@shared/settings/settings-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';

// The Election tab of Settings (issue 22): name, poll date and hours, and the booths taking part
// (a comma-separated list, with a quick pick of a range of booth numbers).
export function ElectionSettings({ register, control, errors }: { register: UseFormRegister<Settings>; control: Control<Settings>; errors: FieldErrors<Settings> }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState(String(BOOTH_COUNT));
  return (
    <>
      <FormField label={t('pollDay.settings.electionName')} error={errors.election_name?.message}>
        <input type="text" className={inputClassName} {...register('election_name')} />
      </FormField>
      <FormField label={t('pollDay.settings.pollDate')} error={errors.poll_date?.message} hint={t('pollDay.settings.pollDateHint')}>
        <input type="date" className={inputClassName} {...register('poll_date')} />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label={t('pollDay.settings.pollStart')} error={errors.poll_start?.message}>
          <input type="time" className={inputClassName} {...register('poll_start')} />
        </FormField>
        <FormField label={t('pollDay.settings.pollEnd')} error={errors.poll_end?.message}>
          <input type="time" className={inputClassName} {...register('poll_end')} />
        </FormField>
      </div>
      <FormField label={t('pollDay.settings.smsNumber')} error={errors.poll_sms_number?.message} hint={t('pollDay.settings.smsNumberHint')}>
        <input type="tel" inputMode="numeric" maxLength={10} className={inputClassName} {...register('poll_sms_number')} />
      </FormField>
      <Controller
        control={control}
        name="poll_booths"
        render={({ field }) => {
          const chosen = formatPollBooths(field.value);
          const count = chosen === '' ? 0 : chosen.split(',').length;
          const addRange = () => {
            const low = Math.max(1, Math.min(Number(from) || 1, Number(to) || 1));
            const high = Math.min(BOOTH_COUNT, Math.max(Number(from) || 1, Number(to) || 1));
            field.onChange(formatPollBooths([chosen, ...BOOTHS.slice(low - 1, high)].join(',')));
          };
          return (
            <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-medium text-slate-800">{t('pollDay.settings.booths')}</legend>
              <FormField label={t('pollDay.settings.booths')} error={errors.poll_booths?.message} hint={t('pollDay.settings.boothsHint')}>
                <textarea rows={3} className={inputClassName} value={field.value} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur} />
              </FormField>
              <p className="text-sm text-slate-600" data-testid="poll-booths-count">
                {count === 0 ? t('pollDay.settings.everyBooth') : t('pollDay.settings.chosen', { count })}
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <label className="text-sm text-slate-700">
                  <span className="mb-1 block">{t('pollDay.settings.from')}</span>
                  <input type="number" inputMode="numeric" min={1} max={BOOTH_COUNT} className={`${inputClassName} w-24`} value={from} onChange={(event) => setFrom(event.target.value)} />
                </label>
                <label className="text-sm text-slate-700">
                  <span className="mb-1 block">{t('pollDay.settings.to')}</span>
                  <input type="number" inputMode="numeric" min={1} max={BOOTH_COUNT} className={`${inputClassName} w-24`} value={to} onChange={(event) => setTo(event.target.value)} />
                </label>
                <Button variant="secondary" onClick={addRange}>
                  {t('pollDay.settings.addRange')}
                </Button>
                <Button variant="ghost" onClick={() => field.onChange('')}>
                  {t('pollDay.settings.allBooths')}
                </Button>
              </div>
            </fieldset>
          );
        }}
      />
    </>
  );
}
