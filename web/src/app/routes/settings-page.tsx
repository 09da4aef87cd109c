import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useSettings } from '@web/features/settings/api/get-settings';
import { InstallationDetails } from '@web/features/settings/components/installation-details';
import { SETTINGS_TABS, SettingsForm, type SettingsTab } from '@web/features/settings/components/settings-form';

// Spec section 2, /settings. The open tab lives in the URL (?tab=general|data|security|notifications).
export function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = SETTINGS_TABS.includes(requested as SettingsTab) ? (requested as SettingsTab) : 'general';
  const { data, isPending, isError, error } = useSettings();
  useEffect(() => {
    if (error) console.error('Failed to fetch settings', error);
  }, [error]);

  const changeTab = (next: SettingsTab) => {
    setParams(next === 'general' ? {} : { tab: next }, { replace: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('settings.title')} />
      {isPending && (
        <div className="flex justify-center py-12 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      )}
      {/* Spec section 8: a failed settings fetch is silent; the page says it could not load. */}
      {isError && <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('settings.loadFailed')}</p>}
      {data && <SettingsForm settings={data} tab={tab} onTabChange={changeTab} />}
      <InstallationDetails />
    </div>
  );
}
