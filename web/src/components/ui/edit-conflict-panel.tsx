import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

// What an edit form shows when someone else saved the record while the user was editing it
// (lib/edit-conflicts.ts): each field they changed, their value against the form's, and the two
// ways on. Stacked on a phone, side by side from the small breakpoint.
export interface ConflictRow {
  key: string;
  label: string;
  theirs: unknown;
  yours: unknown;
  alsoYours: boolean;
}

interface EditConflictPanelProps {
  rows: readonly ConflictRow[];
  busy?: boolean;
  onReapply: () => void;
  onDiscard: () => void;
}

export function EditConflictPanel({ rows, busy = false, onReapply, onDiscard }: EditConflictPanelProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  // The panel appears where the user may not be looking (a long form): bring it into view.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' });
    panel.current?.focus();
  }, []);

  const shown = (value: unknown): string => {
    if (value === true) return t('editConflict.yes');
    if (value === false) return t('editConflict.no');
    if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : t('editConflict.empty');
    if (value === null || value === undefined || value === '') return t('editConflict.empty');
    return String(value);
  };

  return (
    <section ref={panel} tabIndex={-1} role="alert" aria-labelledby="edit-conflict-title" className="col-span-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 outline-none sm:p-4">
      <h3 id="edit-conflict-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t('editConflict.title')}
      </h3>
      <p className="mt-1">{rows.length > 0 ? t('editConflict.intro') : t('editConflict.nothingVisible')}</p>
      {rows.length > 0 && (
        <ul className="mt-2 divide-y divide-amber-200 rounded border border-amber-200 bg-white" aria-label={t('editConflict.listLabel')}>
          {rows.map((row) => (
            <li key={row.key} className="px-3 py-2">
              <p className="font-medium text-slate-900">
                {row.label}
                {row.alsoYours && <span className="ml-2 text-xs font-normal text-amber-800">({t('editConflict.alsoYours')})</span>}
              </p>
              <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="inline text-slate-500">{t('editConflict.theirs')}: </dt>
                  <dd className="inline break-words text-slate-900">{shown(row.theirs)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="inline text-slate-500">{t('editConflict.yours')}: </dt>
                  <dd className="inline break-words text-slate-900">{shown(row.yours)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button onClick={onReapply} busy={busy} className="w-full sm:w-auto">
          {t('editConflict.reapply')}
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={busy} className="w-full sm:w-auto">
          {t('editConflict.discard')}
        </Button>
      </div>
    </section>
  );
}
