import { Construction } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/layout/page-header';

// /village, /appointment, /service (spec section 2): a page notice and one error toast.
export function PlaceholderPage({ titleKey }: { titleKey: `placeholder.${'village' | 'appointment' | 'service'}` }) {
  const { t } = useTranslation();
  const notice = t('placeholder.notice');
  useEffect(() => {
    // A fixed id keeps it to one toast even when React runs effects twice in development.
    toast.error(notice, { id: `placeholder-${titleKey}` });
  }, [notice, titleKey]);
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <div className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900">
        <Construction aria-hidden="true" className="h-6 w-6" />
        <p>{notice}</p>
      </div>
    </div>
  );
}
