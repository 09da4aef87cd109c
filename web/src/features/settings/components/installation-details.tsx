import { useTranslation } from 'react-i18next';
import { useHealthDetails } from '../api/get-health-details';

// What this office runs, for a support call or after an update: read from the running server.
export function InstallationDetails() {
  const { t } = useTranslation();
  const { data, isError } = useHealthDetails();
  return (
    <section aria-labelledby="installation-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="installation-title" className="mb-3 text-base font-semibold text-slate-800">
        {t('settings.installation.title')}
      </h2>
      {isError && <p className="text-sm text-slate-600">{t('settings.installation.loadFailed')}</p>}
      {data && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">{t('settings.installation.version')}</dt>
          <dd className="font-medium text-slate-800">{data.version}</dd>
          <dt className="text-slate-500">{t('settings.installation.commit')}</dt>
          <dd className="font-mono text-slate-800">{data.commit ?? t('settings.installation.noCommit')}</dd>
          <dt className="text-slate-500">{t('settings.installation.migrationLevel')}</dt>
          <dd className="text-slate-800">
            {data.migration.level}
            {data.migration.latest && <span className="ml-2 font-mono text-xs text-slate-500">{data.migration.latest}</span>}
          </dd>
          <dt className="text-slate-500">{t('settings.installation.webBuild')}</dt>
          <dd className="font-mono text-slate-800">{data.webBuild ?? t('settings.installation.noWebBuild')}</dd>
        </dl>
      )}
    </section>
  );
}
