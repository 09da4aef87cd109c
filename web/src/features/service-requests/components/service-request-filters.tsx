import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_STATUSES } from '@shared/service-requests/service-request-schema';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { SearchInput } from '@web/components/ui/search-input';
import { useReferenceNames } from '@web/lib/reference-names';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';
import type { ServiceRequestListParams } from '../api/get-service-requests';

export interface StaffChoice {
  id: number;
  name: string;
}

interface ServiceRequestFiltersProps {
  params: ServiceRequestListParams;
  booths: readonly string[];
  staff: readonly StaffChoice[];
  // The search box as typed (the address gets it a moment later).
  search: string;
  onSearch: (value: string) => void;
  onChange: (key: keyof ServiceRequestListParams, value: string) => void;
  onClear: () => void;
}

// The register's filters: status, category, booth, village, assignee, overdue, the days of
// registration, and the search by receipt, name or mobile. Each lives in the address (STYLE.md:
// the URL is state).
export function ServiceRequestFilters({ params, booths, staff, search, onSearch, onChange, onClear }: ServiceRequestFiltersProps) {
  const { t } = useTranslation();
  const { t: tRegister } = useServiceRegisterTranslation();
  const references = useReferenceNames();
  const select = (key: keyof ServiceRequestListParams, label: string, all: string, options: { value: string; label: string }[]) => (
    <select aria-label={label} className={inputClassName} value={params[key] ?? ''} onChange={(event) => onChange(key, event.target.value)}>
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <div role="group" aria-label={t('service.filters.label')} className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <SearchInput value={search} onChange={onSearch} placeholder={t('service.search')} label={t('service.search')} className="sm:col-span-2" />
      {select(
        'status',
        t('service.filters.status'),
        t('service.filters.allStatuses'),
        SERVICE_STATUSES.map((status) => ({ value: status, label: t(`service.statuses.${status}`) })),
      )}
      {select(
        'category',
        t('service.filters.category'),
        t('service.filters.allCategories'),
        SERVICE_CATEGORIES.map((category) => ({ value: category, label: t(`service.categories.${category}`) })),
      )}
      {select(
        'booth',
        t('service.filters.booth'),
        t('service.filters.allBooths'),
        booths.map((booth) => ({ value: booth, label: booth })),
      )}
      {select(
        'village',
        tRegister('filters.village'),
        tRegister('filters.allVillages'),
        references.options('villages').map((village) => ({ value: village.value, label: village.label })),
      )}
      {select(
        'assigned_to',
        t('service.filters.assignee'),
        t('service.filters.anyone'),
        staff.map((user) => ({ value: String(user.id), label: user.name })),
      )}
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
            <span>{tRegister(`filters.${key}`)}</span>
            <input
              type="date"
              className={`${inputClassName} min-w-0`}
              value={params[key] ?? ''}
              min={key === 'to' ? params.from || undefined : undefined}
              max={key === 'from' ? params.to || undefined : undefined}
              onChange={(event) => onChange(key, event.target.value)}
            />
          </label>
        ))}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4" checked={params.overdue === 'true'} onChange={(event) => onChange('overdue', event.target.checked ? 'true' : '')} />
        {t('service.filters.overdue')}
      </label>
      <Button variant="secondary" onClick={onClear}>
        {t('service.filters.clear')}
      </Button>
    </div>
  );
}
