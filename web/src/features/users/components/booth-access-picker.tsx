import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_BOOTHS_ACCESS, BOOTHS } from '@shared/reference/booths';
import { SearchInput } from '@web/components/ui/search-input';

interface BoothAccessPickerProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

// "Admin" comes first in the list, then the booths in number order.
const PICKER_OPTIONS: readonly string[] = [ALL_BOOTHS_ACCESS, ...BOOTHS];

// Booth access (spec section 3): several of Booth-01…Booth-396, or Admin (every booth).
// A search narrows the 397 checkboxes; the chosen ones show as removable chips.
export function BoothAccessPicker({ label, value, onChange, error }: BoothAccessPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? PICKER_OPTIONS.filter((option) => option.toLowerCase().includes(needle)) : PICKER_OPTIONS;
  }, [search]);

  const toggle = (option: string) => {
    if (selected.has(option)) onChange(value.filter((item) => item !== option));
    // Keep the list in booth order whatever order they were ticked in.
    else onChange(PICKER_OPTIONS.filter((item) => item === option || selected.has(item)));
  };
  const optionLabel = (option: string) => (option === ALL_BOOTHS_ACCESS ? t('users.booths.allBooths') : option);

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="mb-2 flex min-h-8 flex-wrap items-center gap-1.5">
        {value.length === 0 && <span className="text-sm text-slate-500">{t('users.booths.none')}</span>}
        {value.map((booth) => (
          <span key={booth} className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-blue-900">
            {optionLabel(booth)}
            <button
              type="button"
              onClick={() => toggle(booth)}
              className="relative rounded-full p-0.5 after:absolute after:-inset-3.5 after:content-[''] hover:bg-blue-100"
              aria-label={t('users.booths.remove', { booth: optionLabel(booth) })}
            >
              <X aria-hidden="true" className="h-3 w-3" />
            </button>
          </span>
        ))}
        {value.length > 1 && (
          <button type="button" onClick={() => onChange([])} className="ml-1 text-xs font-medium text-slate-600 underline hover:text-slate-900">
            {t('users.booths.clear')}
          </button>
        )}
      </div>
      <SearchInput value={search} onChange={setSearch} placeholder={t('users.booths.searchPlaceholder')} label={t('users.booths.search')} />
      <div className="mt-2 max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-1" role="group" aria-label={label}>
        {options.length === 0 ? (
          <p className="px-2 py-3 text-sm text-slate-500">{t('users.booths.noMatch')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-x-2 sm:grid-cols-3">
            {options.map((option) => (
              <li key={option} className={option === ALL_BOOTHS_ACCESS ? 'col-span-full' : undefined}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
                  <input type="checkbox" checked={selected.has(option)} onChange={() => toggle(option)} className="h-4 w-4 rounded border-slate-300 accent-blue-900" />
                  {optionLabel(option)}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">{t('users.booths.selected', { count: value.length })}</p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
