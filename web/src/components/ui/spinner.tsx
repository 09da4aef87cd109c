import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={`animate-spin ${className}`} />;
}

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full min-h-screen items-center justify-center text-blue-900" role="status">
      <Spinner className="h-10 w-10" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
