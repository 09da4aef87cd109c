import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LEVELS, VOTER_STATUS_FILTERS } from '@shared/contacts/contact-schema';
import { AGE_MAX, AGE_MIN } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { useReferenceNames } from '@web/lib/reference-names';
import { DebouncedInput } from './debounced-input';
import type { FilterKey, VoterFilterValues } from './voter-list-state';
import { useFormMessage } from '@web/lib/form-message';

interface VoterFiltersProps {
  filters: VoterFilterValues;
  // Messages from the shared voter query schema, by filter.
  errors?: Partial<Record<FilterKey, string>>;
  booths: readonly string[];
  activeCount: number;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}

interface SelectProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  // Set by FormField so the label names the select.
  id?: string;
  'aria-describedby'?: string;
}

function Select({ value, onChange, options, ...aria }: SelectProps) {
  const { t } = useTranslation();
  return (
    <select className={inputClassName} value={value} onChange={(event) => onChange(event.target.value)} {...aria}>
      <option value="">{t('voters.filters.any')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

// Spec section 2, "search": every filter of the Search & Filter tab. Text boxes wait for a
// pause in typing; selects apply at once.
export function VoterFilters({ filters, errors = {}, booths, activeCount, onChange, onClear }: VoterFiltersProps) {
  const { t } = useTranslation();
  // List filters show their choices in the chosen language; the URL keeps the stored values.
  const names = useReferenceNames();
  // On a phone the filters fold away under one button so the results stay in view.
  const [open, setOpen] = useState(false);
  // A filter with an error stays in view, or the search would stop for no visible reason.
  const showFilters = open || Object.keys(errors).length > 0;
  // The age pair's errors (e.g. "Maximum age must not be less than minimum age") read as one line
  // under both fields, linked to the field it names.
  const ageErrorId = useId();
  const formMessage = useFormMessage();
  const ageError = formMessage(errors.age_min ?? errors.age_max);
  const ageProps = (error: string | undefined) => ({
    type: 'number',
    min: AGE_MIN,
    max: AGE_MAX,
    inputMode: 'numeric' as const,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ageErrorId : undefined,
  });
  const text = (key: FilterKey, extra: { type?: string; min?: number; max?: number; inputMode?: 'numeric'; 'aria-invalid'?: boolean; 'aria-describedby'?: string } = {}) => (
    <DebouncedInput className={inputClassName} value={filters[key]} onValueChange={(value) => onChange(key, value)} {...extra} />
  );
  const select = (key: FilterKey, options: readonly { value: string; label: string }[]) => <Select value={filters[key]} onChange={(value) => onChange(key, value)} options={options} />;

  return (
    <section aria-label={t('voters.filters.title')} className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <FormField label={t('voters.searchLabel')} error={errors.search}>
        <DebouncedInput type="search" className={inputClassName} value={filters.search} onValueChange={(value) => onChange('search', value)} placeholder={t('voters.quickSearch')} />
      </FormField>
      <Button variant="secondary" className="mt-3 w-full md:hidden" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {t('voters.filters.title')}
        {activeCount > (filters.search ? 1 : 0) && ` (${activeCount - (filters.search ? 1 : 0)})`}
      </Button>
      <div className={`${showFilters ? 'grid' : 'hidden'} mt-3 grid-cols-2 items-end gap-3 md:grid md:grid-cols-3 xl:grid-cols-4`}>
        <FormField label={t('voters.filters.gender')}>{select('gender', names.options('genders'))}</FormField>
        <FormField label={t('voters.filters.booth')}>{select('booth', asOptions(booths))}</FormField>
        <FormField label={t('voters.filters.area')}>{text('area')}</FormField>
        <FormField label={t('voters.filters.fatherHusband')}>{text('father_husband_name')}</FormField>
        <FormField label={t('voters.filters.caste')}>{select('caste', names.options('castes'))}</FormField>
        <FormField label={t('voters.filters.occupation')}>{select('occupation', names.options('occupations'))}</FormField>
        <FormField label={t('voters.filters.mobileStatus')}>
          {select('mobile_filter', [
            { value: 'with_mobile', label: t('voters.filters.withMobile') },
            { value: 'without_mobile', label: t('voters.filters.withoutMobile') },
          ])}
        </FormField>
        <FormField label={t('voters.filters.village')}>{select('village', names.options('villages'))}</FormField>
        <FormField label={t('voters.filters.politicalPreference')}>{select('political_preference', names.options('parties'))}</FormField>
        <FormField label={t('contacts.filters.support')}>
          {select('support_level', [
            ...SUPPORT_LEVELS.map((level) => ({ value: level, label: t(`contacts.outcomes.${level}`) })),
            { value: 'unknown', label: t('contacts.filters.unknown') },
          ])}
        </FormField>
        <FormField label={t('contacts.filters.voterStatus')}>
          {select(
            'voter_status',
            VOTER_STATUS_FILTERS.map((status) => ({ value: status, label: status === 'active' ? t('contacts.filters.active') : t(`contacts.status.${status}`) })),
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t('voters.filters.ageMin')}>{text('age_min', ageProps(errors.age_min))}</FormField>
          <FormField label={t('voters.filters.ageMax')}>{text('age_max', ageProps(errors.age_max))}</FormField>
        </div>
      </div>
      {ageError && (
        // One line under the grid for the pair, so the grid's rows keep their alignment.
        <p id={ageErrorId} className="mt-2 text-sm text-red-600">
          {ageError}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" onClick={onClear} disabled={activeCount === 0}>
          <X aria-hidden="true" className="h-4 w-4" />
          {t('voters.clearAll')}
        </Button>
      </div>
    </section>
  );
}
