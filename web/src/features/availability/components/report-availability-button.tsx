import { FlagTriangleRight } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButtonClassName } from '@web/components/ui/button';

// The sheet and its texts load on the first tap (issue 21: the cards' screens stay small).
const ReportAvailabilitySheet = lazy(() => import('./report-availability-sheet').then((module) => ({ default: module.ReportAvailabilitySheet })));

interface ReportAvailabilityButtonProps {
  voter: { id: number; full_name: string };
  // `button`: a labelled tap target (a voter card, My voters); `icon`: a table row's action.
  variant?: 'button' | 'icon';
  className?: string;
}

// Issue 61: from a voter's card, report them shifted, out of town, not found, deceased or a
// double entry; the office confirms.
export function ReportAvailabilityButton({ voter, variant = 'button', className = '' }: ReportAvailabilityButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('availability.reportFor', { name: voter.full_name });
  return (
    <>
      {variant === 'icon' ? (
        <button type="button" onClick={() => setOpen(true)} className={`${iconButtonClassName} text-amber-800 hover:bg-amber-50 ${className}`} aria-label={label} title={label}>
          <FlagTriangleRight aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={label}
          className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-amber-600 bg-white px-3 py-2 text-sm font-semibold text-amber-900 hover:bg-amber-50 ${className}`}
        >
          <FlagTriangleRight aria-hidden="true" className="h-4 w-4" />
          {t('availability.report')}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReportAvailabilitySheet voter={voter} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
