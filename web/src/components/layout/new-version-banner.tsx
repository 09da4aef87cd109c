import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { reloadToNewVersion, useNewVersionAvailable } from '@web/lib/app-build';

// A small, non-blocking offer at the foot of the screen: work in progress stays on the page
// until the user chooses to reload.
export function NewVersionBanner({ reload = () => void reloadToNewVersion() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const available = useNewVersionAvailable();
  if (!available) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-4 z-40 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-lg border border-blue-200 bg-white px-4 py-2 text-sm text-slate-700 shadow-lg"
    >
      <RefreshCw className="h-4 w-4 shrink-0 text-blue-900" aria-hidden="true" />
      <span>{t('newVersion.message')}</span>
      <Button variant="primary" className="px-3 py-1" onClick={reload}>
        {t('newVersion.reload')}
      </Button>
    </div>
  );
}
