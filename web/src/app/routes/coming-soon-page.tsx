import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/layout/page-header';

// Screens whose issue has not landed yet show their title and a short notice.
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('comingSoon.notice')}</p>
    </div>
  );
}
