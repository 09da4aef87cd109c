import { ClipboardPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@web/lib/offline/offline-api';

// The sheet is not in the first screen's code (My voters, a Karyakarta's first screen, stays
// small) but is fetched once the screen is idle: a request is often raised where the signal has
// gone, and a phone whose service worker has not cached the app yet could not fetch it then.
let sheetModule: Promise<typeof import('./raise-request-sheet')> | undefined;
const loadSheet = () => (sheetModule ??= import('./raise-request-sheet'));
const RaiseRequestSheet = lazy(() => loadSheet().then((module) => ({ default: module.RaiseRequestSheet })));

interface RaiseRequestButtonProps {
  voter: { id: number; full_name: string };
  className?: string;
}

// A field worker raises a citizen's request from the voter's card (issue 59); it lands in the
// office's queue on /service.
export function RaiseRequestButton({ voter, className = '' }: RaiseRequestButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => whenIdle(() => void loadSheet().catch(() => undefined)), []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('service.raise.for', { name: voter.full_name })}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-blue-900 bg-white px-4 py-2 text-sm font-semibold text-blue-900 hover:bg-blue-50 ${className}`}
      >
        <ClipboardPlus aria-hidden="true" className="h-4 w-4" />
        {t('service.raise.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <RaiseRequestSheet voter={voter} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
