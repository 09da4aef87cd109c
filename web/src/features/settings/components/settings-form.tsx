import { zodResolver } from '@hookform/resolvers/zod';
import { Bell, Database, Footprints, Settings as SettingsIcon, Shield, Vote } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@shared/auth/roles';
import { formatContactIssues, parseContactIssues } from '@shared/contacts/contact-issues';
import {
  BACKUP_FREQUENCIES,
  EXPORT_LIMIT_MAX,
  FIELD_LANDINGS,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
  formatRoleList,
  LANGUAGES,
  PASSWORD_POLICIES,
  parseRoleList,
  type Settings,
  settingsFormSchema,
  TIMEZONES,
  type VersionedSettings,
} from '@shared/settings/settings-schema';
import { Button } from '@web/components/ui/button';
import { EditConflictPanel } from '@web/components/ui/edit-conflict-panel';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { useEditConflict } from '@web/lib/edit-conflicts';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useUpdateSettings } from '../api/update-settings';
import { ElectionSettings } from './election-settings';
import { ClassRuleSettings } from './class-rule-settings';
import { MessagingSettings } from './messaging-settings';
import { useFormMessage } from '@web/lib/form-message';
import { SETTING_LABEL_KEYS, type SettingLabelKey } from '@web/lib/setting-labels';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';

export const SETTINGS_TABS = ['general', 'data', 'security', 'notifications', 'field', 'election'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TAB_ICONS = { general: SettingsIcon, data: Database, security: Shield, notifications: Bell, field: Footprints, election: Vote } as const;
const FIELD_TAB: Record<keyof Settings, SettingsTab> = {
  app_name: 'general',
  timezone: 'general',
  language: 'general',
  data_retention_days: 'data',
  offline_copy_days: 'data',
  backup_frequency: 'data',
  export_limit_super_admin: 'data',
  export_limit_admin: 'data',
  page_size: 'data',
  booth_class_a_min: 'field',
  booth_class_b_min: 'field',
  booth_class_basis: 'field',
  booth_class_party: 'field',
  booth_class_election: 'field',
  booth_class_vote_a_min: 'field',
  booth_class_vote_b_min: 'field',
  enable_2fa: 'security',
  two_factor_roles: 'security',
  password_policy: 'security',
  email_notifications: 'notifications',
  sms_notifications: 'notifications',
  contact_issues: 'field',
  field_landing: 'field',
  // Issue 22: the election's settings.
  election_name: 'election',
  poll_date: 'election',
  poll_start: 'election',
  poll_end: 'election',
  poll_booths: 'election',
  poll_sms_number: 'election',
  // Issue 60: messages to voters.
  sms_price_paise: 'notifications',
  sms_sender_id: 'notifications',
  dlt_entity_id: 'notifications',
  voter_sms_daily_budget: 'notifications',
  voter_sms_approval_threshold: 'notifications',
  // Issue 59 (decision 090): SMS to the citizen on a request's registration and resolution.
  service_sms_enabled: 'notifications',
};
const FIELDS = Object.keys(FIELD_TAB) as (keyof Settings)[];
const FIELD_LABEL: Partial<Record<keyof Settings, SettingLabelKey>> = SETTING_LABEL_KEYS;
// Toggles hold the text "true" or "false": the panel says Yes or No.
const shownValue = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
// The form's values of a settings record (the version travels beside them).
const formValues = ({ version: _version, ...settings }: VersionedSettings): Settings => settings;

// Spec section 4: after a successful save the page reloads; a moment first so the toast is read.
const RELOAD_DELAY_MS = 1500;

interface SettingsFormProps {
  settings: VersionedSettings;
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
  reload?: () => void;
}

export function SettingsForm({ settings: opened, tab, onTabChange, reload = () => window.location.reload() }: SettingsFormProps) {
  const { t } = useTranslation();
  const { t: tLabel } = useTranslation(['translation', 'pastResults', 'serviceRegister']);
  const { t: tRegister } = useServiceRegisterTranslation();
  const formMessage = useFormMessage();
  const update = useUpdateSettings();
  // The settings the edit starts from: those loaded, or the newer ones after a conflict.
  const [settings, setSettings] = useState(opened);
  const formElement = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Settings>({ resolver: zodResolver(settingsFormSchema), defaultValues: formValues(opened) });
  const conflict = useEditConflict({ record: settings, setRecord: setSettings, fields: FIELDS, toValues: formValues, form: { reset, getValues }, formElement });
  const saving = isSubmitting || update.isPending || update.isSuccess;

  // A problem on another tab would be invisible: open the first tab that has one.
  const showFirstProblem = (problems: FieldErrors<Settings>) => {
    const first = (Object.keys(problems) as (keyof Settings)[])[0];
    if (first) onTabChange(FIELD_TAB[first]);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The issues list in one spelling: no blank lines or stray spaces (contact-issues.ts).
      await update.mutateAsync({ ...values, contact_issues: formatContactIssues(parseContactIssues(values.contact_issues)), version: settings.version });
      toast.success(t('settings.saved'));
      setTimeout(reload, RELOAD_DELAY_MS);
    } catch (error) {
      if (!conflict.caught(error)) {
        const [first] = showServerFieldErrors(error, setError, Object.keys(FIELD_TAB));
        if (first) onTabChange(FIELD_TAB[first]);
      }
      toast.error(errorMessage(error, t('settings.saveFailed')));
    }
  }, showFirstProblem);

  const conflictRows = conflict.changes.map((change) => {
    const labelKey = FIELD_LABEL[change.field];
    return { key: change.field, label: labelKey ? tLabel(labelKey) : change.field, theirs: shownValue(change.theirs), yours: shownValue(change.yours), alsoYours: change.alsoYours };
  });

  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {conflict.current && (
        <div className="border-b border-slate-200 p-4">
          <EditConflictPanel rows={conflictRows} busy={saving} onReapply={conflict.reapplyMine} onDiscard={conflict.loadTheirs} />
        </div>
      )}
      <div role="tablist" aria-label={t('settings.title')} className="grid grid-cols-2 border-b border-slate-200 sm:flex sm:flex-wrap">
        {SETTINGS_TABS.map((name) => {
          const Icon = TAB_ICONS[name];
          const active = name === tab;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`settings-tab-${name}`}
              aria-selected={active}
              aria-controls={`settings-panel-${name}`}
              onClick={() => onTabChange(name)}
              className={`flex shrink-0 items-center justify-center gap-2 border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap transition-colors sm:justify-start sm:px-4 ${
                active ? 'border-blue-900 text-blue-900' : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {name === 'election' ? t('pollDay.settings.tab') : t(`settings.tabs.${name}`)}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="space-y-5 p-5 sm:p-6">
        {tab === 'general' && (
          <>
            <FormField label={t('settings.appName')} error={errors.app_name?.message}>
              <input type="text" className={inputClassName} placeholder={t('settings.appNamePlaceholder')} {...register('app_name')} />
            </FormField>
            <FormField label={t('settings.timezone')} error={errors.timezone?.message}>
              <select className={inputClassName} {...register('timezone')}>
                {TIMEZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {t(`settings.timezones.${zone}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('settings.language')} error={errors.language?.message}>
              <select className={inputClassName} {...register('language')}>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`settings.languages.${code}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </>
        )}

        {tab === 'data' && (
          <>
            <FormField label={t('settings.dataRetention')} error={errors.data_retention_days?.message} hint={t('settings.dataRetentionHint')}>
              <input type="number" min={1} max={3650} step={1} inputMode="numeric" className={inputClassName} placeholder={t('settings.dataRetentionPlaceholder')} {...register('data_retention_days')} />
            </FormField>
            <FormField label={t('settings.offlineCopyDays')} error={errors.offline_copy_days?.message} hint={t('settings.offlineCopyDaysHint')}>
              <input type="number" min={1} max={90} step={1} inputMode="numeric" className={inputClassName} {...register('offline_copy_days')} />
            </FormField>
            <FormField label={t('settings.backupFrequency')} error={errors.backup_frequency?.message} hint={t('settings.backupHint')}>
              <select className={inputClassName} {...register('backup_frequency')}>
                {BACKUP_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`settings.backupFrequencies.${frequency}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('settings.exportLimitSuperAdmin')} error={errors.export_limit_super_admin?.message} hint={t('settings.exportLimitHint')}>
              <input type="number" min={0} max={EXPORT_LIMIT_MAX} step={1} inputMode="numeric" className={inputClassName} {...register('export_limit_super_admin')} />
            </FormField>
            <FormField label={t('settings.exportLimitAdmin')} error={errors.export_limit_admin?.message} hint={t('settings.exportLimitHint')}>
              <input type="number" min={0} max={EXPORT_LIMIT_MAX} step={1} inputMode="numeric" className={inputClassName} {...register('export_limit_admin')} />
            </FormField>
            <FormField label={t('booths.settings.pageSize')} error={errors.page_size?.message} hint={t('booths.settings.pageSizeHint')}>
              <input type="number" min={PAGE_SIZE_MIN} max={PAGE_SIZE_MAX} step={1} inputMode="numeric" className={inputClassName} {...register('page_size')} />
            </FormField>
          </>
        )}

        {tab === 'security' && (
          <>
            <Controller
              control={control}
              name="enable_2fa"
              render={({ field }) => (
                <ToggleRow label={t('settings.enable2fa')} hint={t('settings.enable2faHint')} checked={field.value === 'true'} onChange={(on) => field.onChange(on ? 'true' : 'false')} error={errors.enable_2fa?.message} />
              )}
            />
            <Controller
              control={control}
              name="two_factor_roles"
              render={({ field }) => {
                const chosen = parseRoleList(field.value);
                return (
                  <fieldset className="rounded-lg border border-slate-200 p-4">
                    <legend className="px-1 text-sm font-medium text-slate-800">{t('settings.twoFactorRoles')}</legend>
                    <div className="flex flex-wrap gap-x-5 gap-y-2">
                      {ROLES.map((role) => (
                        <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
                          <input
                            type="checkbox"
                            checked={chosen.includes(role)}
                            onChange={(event) => field.onChange(formatRoleList(event.target.checked ? [...chosen, role] : chosen.filter((item) => item !== role)))}
                          />
                          {t(`roles.${role}`)}
                        </label>
                      ))}
                    </div>
                    <p className="mt-2 text-xs text-slate-500">{t('settings.twoFactorRolesHint')}</p>
                    {errors.two_factor_roles?.message && <p className="mt-1 text-sm text-red-600">{formMessage(errors.two_factor_roles.message)}</p>}
                  </fieldset>
                );
              }}
            />
            <FormField label={t('settings.passwordPolicy')} error={errors.password_policy?.message} hint={t('settings.passwordPolicyHint')}>
              <select className={inputClassName} {...register('password_policy')}>
                {PASSWORD_POLICIES.map((policy) => (
                  <option key={policy} value={policy}>
                    {t(`settings.passwordPolicies.${policy}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </>
        )}

        {tab === 'notifications' && (
          <>
            <Controller
              control={control}
              name="email_notifications"
              render={({ field }) => (
                <ToggleRow label={t('settings.emailNotifications')} checked={field.value === 'true'} onChange={(on) => field.onChange(on ? 'true' : 'false')} error={errors.email_notifications?.message} />
              )}
            />
            <Controller
              control={control}
              name="sms_notifications"
              render={({ field }) => (
                <ToggleRow label={t('settings.smsNotifications')} checked={field.value === 'true'} onChange={(on) => field.onChange(on ? 'true' : 'false')} error={errors.sms_notifications?.message} />
              )}
            />
            <Controller
              control={control}
              name="service_sms_enabled"
              render={({ field }) => (
                <ToggleRow label={tRegister('settings.sms')} hint={tRegister('settings.smsHint')} checked={field.value === 'true'} onChange={(on) => field.onChange(on ? 'true' : 'false')} error={errors.service_sms_enabled?.message} />
              )}
            />
            <MessagingSettings register={register} errors={errors} />
          </>
        )}
        {tab === 'field' && (
          <>
            <FormField label={t('settings.fieldLanding')} error={errors.field_landing?.message} hint={t('settings.fieldLandingHint')}>
              <select className={inputClassName} {...register('field_landing')}>
                {FIELD_LANDINGS.map((landing) => (
                  <option key={landing} value={landing}>
                    {t(`settings.fieldLandings.${landing}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('settings.contactIssues')} error={errors.contact_issues?.message} hint={t('settings.contactIssuesHint')}>
              <textarea rows={10} className={inputClassName} {...register('contact_issues')} />
            </FormField>
            <FormField label={t('boothClasses.settings.aMin')} error={errors.booth_class_a_min?.message} hint={t('boothClasses.settings.aMinHint')}>
              <input type="number" min={0} max={100} step={1} inputMode="numeric" className={inputClassName} {...register('booth_class_a_min')} />
            </FormField>
            <FormField label={t('boothClasses.settings.bMin')} error={errors.booth_class_b_min?.message} hint={t('boothClasses.settings.bMinHint')}>
              <input type="number" min={0} max={100} step={1} inputMode="numeric" className={inputClassName} {...register('booth_class_b_min')} />
            </FormField>
            <ClassRuleSettings register={register} errors={errors} />
          </>
        )}
        {tab === 'election' && <ElectionSettings register={register} control={control} errors={errors} />}
      </div>

      <div className="flex justify-end border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
        <Button type="submit" busy={saving} className="w-full sm:w-auto">
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

// Toggles store the text "true" or "false" (spec section 4); shown as a switch.
function ToggleRow({ label, hint, checked, onChange, error }: { label: string; hint?: string; checked: boolean; onChange: (on: boolean) => void; error?: string }): ReactNode {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
        {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus:ring-2 focus:ring-blue-200 ${checked ? 'bg-blue-900' : 'bg-slate-300'}`}
      >
        <span className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}
