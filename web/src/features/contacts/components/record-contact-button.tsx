import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordedContact } from '@shared/contacts/contact-schema';
import { RecordContactSheet } from './record-contact-sheet';

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
        <button type="button" onClick={() => setOpen(true)} className={`rounded-lg p-2 text-green-800 hover:bg-green-50 ${className}`} aria-label={label} title={label}>
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
      {open && <RecordContactSheet voter={voter} onClose={() => setOpen(false)} onSaved={onSaved} />}
    </>
  );
}
