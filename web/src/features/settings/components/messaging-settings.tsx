import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/settings/settings-schema';
import { FormField, inputClassName } from '@web/components/ui/form-field';

// Messages to voters (issue 60), on the Notifications tab: what a part costs, the DLT
// registration every commercial SMS carries, the daily budget and the approval threshold.
export function MessagingSettings({ register, errors }: { register: UseFormRegister<Settings>; errors: FieldErrors<Settings> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-4 border-t border-slate-100 pt-4">
      <legend className="text-sm font-semibold text-slate-900">{t('messaging.settings.title')}</legend>
      <FormField label={t('messaging.settings.price')} error={errors.sms_price_paise?.message} hint={t('messaging.settings.priceHint')}>
        <input type="number" min={0} max={10000} step={1} inputMode="numeric" className={inputClassName} {...register('sms_price_paise')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('messaging.settings.senderId')} error={errors.sms_sender_id?.message} hint={t('messaging.settings.senderIdHint')}>
          <input type="text" autoCapitalize="characters" maxLength={6} className={inputClassName} {...register('sms_sender_id')} />
        </FormField>
        <FormField label={t('messaging.settings.entityId')} error={errors.dlt_entity_id?.message} hint={t('messaging.settings.entityIdHint')}>
          <input type="text" inputMode="numeric" maxLength={19} className={inputClassName} {...register('dlt_entity_id')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('messaging.settings.dailyBudget')} error={errors.voter_sms_daily_budget?.message} hint={t('messaging.settings.dailyBudgetHint')}>
          <input type="number" min={0} step={1} inputMode="numeric" className={inputClassName} {...register('voter_sms_daily_budget')} />
        </FormField>
        <FormField label={t('messaging.settings.approvalThreshold')} error={errors.voter_sms_approval_threshold?.message} hint={t('messaging.settings.approvalThresholdHint')}>
          <input type="number" min={1} step={1} inputMode="numeric" className={inputClassName} {...register('voter_sms_approval_threshold')} />
        </FormField>
      </div>
    </fieldset>
  );
}
