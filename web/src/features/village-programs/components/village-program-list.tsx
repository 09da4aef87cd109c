import type { VillageProgram } from '@shared/village-programs/village-program-schema';
import { Badge } from '@web/components/ui/badge';
import { Table, type TableColumn } from '@web/components/ui/table';
import { formatCalendarDate } from '@web/lib/date-format';
import { useReferenceNames } from '@web/lib/reference-names';
import { useVillageTranslation } from '../village-texts-loader';

interface VillageProgramListProps {
  programs: readonly VillageProgram[];
  onOpen: (program: VillageProgram) => void;
}

// A table on a desk, cards on a phone; each program opens by its title.
export function VillageProgramList({ programs, onOpen }: VillageProgramListProps) {
  const { t, i18n } = useVillageTranslation();
  const references = useReferenceNames();
  const when = (program: VillageProgram) => [formatCalendarDate(program.program_date, i18n.language), program.program_time].filter(Boolean).join(' · ');
  const place = (program: VillageProgram) => `${references.name('villages', program.village) ?? program.village}, ${references.name('talukas', program.taluka) ?? program.taluka}`;
  const attendance = (program: VillageProgram) => {
    const { actual_attendance: actual, expected_attendance: expected } = program;
    if (actual !== null && expected !== null) return t('attendance', { actual, expected });
    if (actual !== null) return t('attendanceActual', { actual });
    if (expected !== null) return t('attendanceExpected', { expected });
    return t('none');
  };
  const title = (program: VillageProgram) => (
    <button type="button" className="text-left font-medium text-blue-900 underline-offset-2 hover:underline" aria-label={t('open', { title: program.title })} onClick={() => onOpen(program)}>
      {program.title}
    </button>
  );
  const kind = (program: VillageProgram) => <Badge color={KIND_COLOURS[program.kind]}>{t(`kinds.${program.kind}`)}</Badge>;
  const columns: TableColumn<VillageProgram>[] = [
    { key: 'date', header: t('columns.date'), cell: when, className: 'whitespace-nowrap' },
    {
      key: 'program',
      header: t('columns.program'),
      cell: (program) => (
        <div className="flex flex-col items-start gap-1">
          {title(program)}
          {kind(program)}
        </div>
      ),
    },
    { key: 'village', header: t('columns.village'), cell: place },
    { key: 'booths', header: t('columns.booths'), cell: (program) => (program.booths.length > 0 ? program.booths.join(', ') : t('none')) },
    { key: 'attendance', header: t('columns.attendance'), cell: attendance },
    { key: 'requests', header: t('columns.requests'), cell: (program) => program.request_count, className: 'text-right' },
  ];
  return (
    <>
      <Table columns={columns} rows={programs} rowKey={(program) => program.id} className="hidden md:block" label={t('title')} />
      <ul className="space-y-3 md:hidden">
        {programs.map((program) => (
          <li key={program.id}>
            <article aria-label={program.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                {title(program)}
                {kind(program)}
              </div>
              <p className="mt-1 text-sm text-slate-700">{place(program)}</p>
              <p className="text-sm text-slate-600">{when(program)}</p>
              <p className="mt-1 text-xs text-slate-500">
                {program.booths.length > 0 ? t('boothCount', { count: program.booths.length }) : t('none')} · {attendance(program)} · {t('columns.requests')}: {program.request_count}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

const KIND_COLOURS = { visit: 'blue', meeting: 'indigo', event: 'purple', camp: 'teal', rally: 'orange' } as const;
