import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  // Tailwind classes for the icon's tile, e.g. 'bg-blue-50 text-blue-700'.
  iconClassName?: string;
  footer?: ReactNode;
}

// One number with its label (dashboard, analytics summaries, notification stats). The card
// is a region named by its label, so a screen reader and a test can find it by that name.
export function StatCard({ label, value, icon: Icon, iconClassName = 'bg-blue-50 text-blue-700', footer }: StatCardProps) {
  return (
    <section aria-label={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        {Icon && (
          <span className={`rounded-lg p-2 ${iconClassName}`}>
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
        )}
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>
        {value}
      </p>
      {footer}
    </section>
  );
}
