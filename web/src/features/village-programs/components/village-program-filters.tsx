import { PROGRAM_KINDS, PROGRAM_TALUKAS } from '@shared/village-programs/village-program-schema';
import { villagesOf } from '@shared/reference/voter-lists';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { useReferenceNames } from '@web/lib/reference-names';
import type { VillageProgramListParams } from '../api/get-village-programs';
import { useVillageTranslation } from '../village-texts-loader';

interface VillageProgramFiltersProps {
  params: VillageProgramListParams;
  onChange: (changes: Partial<Record<keyof VillageProgramListParams, string>>) => void;
  onClear: () => void;
}

// The list's filters: dates, taluka, village (of the chosen taluka) and kind, each in the
// address (STYLE.md: the URL is state).
export function VillageProgramFilters({ params, onChange, onClear }: VillageProgramFiltersProps) {
  const { t } = useVillageTranslation();
  const references = useReferenceNames();
  const villages = references.options('villages', params.taluka ? villagesOf(params.taluka).filter((village) => village !== 'Other') : undefined, true);
  return (
    <div role="group" aria-label={t('filters.label')} className="mb-4 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-6">
      <FormField label={t('filters.from')}>
        <input type="date" className={inputClassName} value={params.from ?? ''} onChange={(event) => onChange({ from: event.target.value })} />
      </FormField>
      <FormField label={t('filters.to')}>
        <input type="date" className={inputClassName} value={params.to ?? ''} onChange={(event) => onChange({ to: event.target.value })} />
      </FormField>
      <FormField label={t('filters.taluka')}>
        <select className={inputClassName} value={params.taluka ?? ''} onChange={(event) => onChange({ taluka: event.target.value, village: '' })}>
          <option value="">{t('filters.allTalukas')}</option>
          {references.options('talukas', PROGRAM_TALUKAS).map((taluka) => (
            <option key={taluka.value} value={taluka.value}>
              {taluka.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('filters.village')}>
        <select className={inputClassName} value={params.village ?? ''} onChange={(event) => onChange({ village: event.target.value })}>
          <option value="">{t('filters.allVillages')}</option>
          {villages.map((village) => (
            <option key={village.value} value={village.value}>
              {village.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('filters.kind')}>
        <select className={inputClassName} value={params.kind ?? ''} onChange={(event) => onChange({ kind: event.target.value })}>
          <option value="">{t('filters.allKinds')}</option>
          {PROGRAM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="flex items-end">
        <Button variant="secondary" className="w-full" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      </div>
    </div>
  );
}
