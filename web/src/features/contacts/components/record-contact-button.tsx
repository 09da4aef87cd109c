import { MessageSquarePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordedContact } from '@shared/contacts/contact-schema';
import { iconButtonClassName } from '@web/components/ui/button';

// The sheet loads on the first tap (issue 21: My voters, a Karyakarta's first screen, stays
// small); the service worker keeps it for later taps.
const RecordContactSheet = lazy(() => import('./record-contact-sheet').then((module) => ({ default: module.RecordContactSheet })));

interface RecordContactButtonProps {
  voter: { id: number; full_name: string };
  // `button`: a labelled tap target (a voter card, My voters); `icon`: a table row's action.
  variant?: 'button' | 'icon';
  className?: string;
  onSaved?: (recorded: RecordedContact) => void;
}

// The first of the two taps: opens the record-contact sheet for this voter.
export function RecordContactButton({ voter, variant = 'button', className = '', onSaved }: RecordContactButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('contacts.recordFor', { name: voter.full_name });
  return (
    <>
      {variant === 'icon' ? (
        <button type="button" onClick={() => setOpen(true)} className={`${iconButtonClassName} text-green-800 hover:bg-green-50 ${className}`} aria-label={label} title={label}>
          <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={label}
          className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 ${className}`}
        >
          <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
          {t('contacts.record')}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <RecordContactSheet voter={voter} onClose={() => setOpen(false)} onSaved={onSaved} />
        </Suspense>
      )}
    </>
  );
}
