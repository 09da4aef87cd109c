import { PROGRAM_TALUKAS } from '@shared/village-programs/village-program-schema';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { formatCalendarDate } from '@web/lib/date-format';
import { useReferenceNames } from '@web/lib/reference-names';
import { useNotVisited } from '../api/get-not-visited';
import { useVillageTranslation } from '../village-texts-loader';

interface NotVisitedListProps {
  days: string;
  taluka: string;
  onChange: (changes: { days?: string; taluka?: string }) => void;
}

// The villages of the list with no program in the last N days, by taluka, never visited first,
// so that no village is forgotten.
export function NotVisitedList({ days, taluka, onChange }: NotVisitedListProps) {
  const { t, i18n } = useVillageTranslation();
  const references = useReferenceNames();
  const query = useNotVisited({ days: days || undefined, taluka: taluka || undefined });
  const data = query.data;
  return (
    <div>
      <div className="mb-4 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-lg">
        <FormField label={t('notVisited.days')}>
          <input type="number" min={1} max={3650} inputMode="numeric" className={inputClassName} value={days || String(data?.days ?? '')} onChange={(event) => onChange({ days: event.target.value })} />
        </FormField>
        <FormField label={t('notVisited.taluka')}>
          <select className={inputClassName} value={taluka} onChange={(event) => onChange({ taluka: event.target.value })}>
            <option value="">{t('notVisited.allTalukas')}</option>
            {references.options('talukas', PROGRAM_TALUKAS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {query.isError ? (
        <p className="text-sm text-red-600">{t('notVisited.fetchFailed')}</p>
      ) : !data ? (
        <ListLoading label={t('notVisited.loading')} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">{t('notVisited.intro', { since: formatCalendarDate(data.since, i18n.language), today: formatCalendarDate(data.today, i18n.language) })}</p>
          <div className="grid gap-4 lg:grid-cols-3">
            {data.talukas.map((group) => {
              const name = references.name('talukas', group.taluka) ?? group.taluka;
              return (
                <section key={group.taluka} aria-label={name} className="rounded-xl border border-slate-200 bg-white shadow-sm">
                  <header className="flex items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
                    <h2 className="font-semibold text-slate-900">{name}</h2>
                    <span className="text-xs text-slate-500">{t('notVisited.count', { count: group.villages.length, total: group.village_count })}</span>
                  </header>
                  {group.villages.length === 0 ? (
                    <p className="px-4 py-3 text-sm text-slate-500">{t('notVisited.allVisited')}</p>
                  ) : (
                    <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
                      {group.villages.map((row) => (
                        <li key={row.village} className="flex items-center justify-between gap-2 px-4 py-2 text-sm">
                          <span className="text-slate-900">{references.name('villages', row.village) ?? row.village}</span>
                          <span className={`text-xs ${row.last_visit ? 'text-slate-500' : 'font-medium text-amber-700'}`}>
                            {row.last_visit ? t('notVisited.lastVisit', { date: formatCalendarDate(row.last_visit, i18n.language) }) : t('notVisited.never')}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}
