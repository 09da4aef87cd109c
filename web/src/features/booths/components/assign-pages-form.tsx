import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { type AssignmentConflict, type BoothDetail, type BoothWorker, type PageAssignment, pageAssignmentSchema } from '@shared/booths/booth-schema';
import { formatPageRuns, serialRangeOf } from '@shared/booths/roll-pages';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAssignPages } from '../api/assign-pages';

type Mode = 'pages' | 'houses';

// The holders the booth page shows for the pages or houses of a request: sent as
// expected_holders, so pages someone else got meanwhile are not taken without a word (409).
function holdersSeen(workers: readonly BoothWorker[], assignment: PageAssignment): number[] {
  const { pages, house_numbers: houses } = assignment;
  return workers
    .filter((worker) =>
      pages ? worker.pages.some((page) => page >= Number(pages.from) && page <= Number(pages.to)) : worker.house_numbers.some((house) => (houses ?? []).includes(house)),
    )
    .map((worker) => worker.user_id);
}

const conflictOf = (error: unknown): AssignmentConflict['current'] | undefined => {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const current = error.current as Partial<AssignmentConflict['current']> | undefined;
  return Array.isArray(current?.holders) ? (current as AssignmentConflict['current']) : undefined;
};

// The quick way to give out pages (issue 20): a range (3 to 9) and a Karyakarta, one request;
// or a list of house numbers. Unassign takes the same range or houses back.
export function AssignPagesForm({ detail }: { detail: BoothDetail }) {
  const { t } = useTranslation();
  const assign = useAssignPages();
  const modeName = useId();
  const [mode, setMode] = useState<Mode>('pages');
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState(String(Math.max(1, detail.pages)));
  const [houses, setHouses] = useState('');
  const [worker, setWorker] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'assign' | 'unassign' | null>(null);
  // A 409: who holds the pages now, and the request to send again once the user confirms.
  const [conflict, setConflict] = useState<{ action: 'assign' | 'unassign'; assignment: PageAssignment; holders: BoothWorker[] } | null>(null);

  const first = Number(from);
  const last = Number(to);
  const rangeValid = Number.isInteger(first) && Number.isInteger(last) && first >= 1 && last >= first;
  const range = rangeValid ? { from: serialRangeOf(first, detail.page_size).from, to: serialRangeOf(last, detail.page_size).to } : null;

  // What was done, in the screen's language (the API's own sentence is English, for API callers).
  const doneText = (action: 'assign' | 'unassign', assignment: PageAssignment) => {
    const booth = detail.booth.label;
    const name = detail.assignable.find((option) => option.id === assignment.user_id)?.full_name ?? '';
    if (assignment.pages) {
      const first = Number(assignment.pages.from);
      const last = Number(assignment.pages.to);
      const count = last - first + 1;
      return action === 'assign' ? t('booths.assign.assignedPages', { count, from: first, to: last, booth, name }) : t('booths.assign.unassignedPages', { count, from: first, to: last, booth });
    }
    const houses = [...new Set(assignment.house_numbers ?? [])];
    const house = houses[0] ?? '';
    return action === 'assign' ? t('booths.assign.assignedHouses', { count: houses.length, house, booth, name }) : t('booths.assign.unassignedHouses', { count: houses.length, house, booth });
  };

  const submit = async (action: 'assign' | 'unassign') => {
    // Unchecked yet: an unchosen worker is left out, and the schema says "Choose a Karyakarta".
    const body: Record<string, unknown> = {
      user_id: action === 'unassign' ? null : worker === '' ? undefined : Number(worker),
      ...(mode === 'pages'
        ? { pages: { from, to } }
        : {
            house_numbers: houses
              .split(',')
              .map((house) => house.trim())
              .filter(Boolean),
          }),
    };
    // The API's own schema first: the message beside the field, no request for a known refusal.
    const checked = pageAssignmentSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    await send(action, { ...checked.data, expected_holders: holdersSeen(detail.workers, checked.data) });
  };

  const send = async (action: 'assign' | 'unassign', assignment: PageAssignment) => {
    setConflict(null);
    setBusy(action);
    try {
      await assign.mutateAsync({ boothId: detail.booth.id, assignment });
      toast.success(doneText(action, assignment));
    } catch (error) {
      const current = conflictOf(error);
      if (current) {
        setConflict({ action, assignment, holders: current.holders });
        return;
      }
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(errorMessage(error, t('booths.assign.failed')));
    } finally {
      setBusy(null);
    }
  };

  const pageError = errors['pages.from'] ?? errors.pages;
  return (
    <form
      className="rounded-xl border border-blue-100 bg-blue-50/40 p-4"
      aria-label={t('booths.assign.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit('assign');
      }}
    >
      <h3 className="mb-3 font-semibold text-slate-900">{t('booths.assign.title')}</h3>
      <fieldset className="mb-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <legend className="sr-only">{t('booths.assign.what')}</legend>
        {(['pages', 'houses'] as const).map((value) => (
          <label key={value} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={modeName} value={value} checked={mode === value} onChange={() => setMode(value)} />
            {t(value === 'pages' ? 'booths.assign.byPages' : 'booths.assign.byHouses')}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-start gap-3">
        {mode === 'pages' ? (
          <>
            <FormField label={t('booths.assign.from')} error={pageError} className="w-28">
              <input type="number" inputMode="numeric" min={1} className={inputClassName} value={from} onChange={(event) => setFrom(event.target.value)} />
            </FormField>
            <FormField label={t('booths.assign.to')} error={errors['pages.to']} className="w-28">
              <input type="number" inputMode="numeric" min={1} className={inputClassName} value={to} onChange={(event) => setTo(event.target.value)} />
            </FormField>
          </>
        ) : (
          <FormField label={t('booths.assign.houses')} error={errors.house_numbers ?? errors['house_numbers.0']} hint={t('booths.assign.housesHint')} className="w-full">
            <input type="text" className={inputClassName} value={houses} onChange={(event) => setHouses(event.target.value)} placeholder="12, 12/A, 14" />
          </FormField>
        )}
        <FormField label={t('booths.assign.worker')} error={errors.user_id} className="min-w-48 flex-1">
          <select className={inputClassName} value={worker} onChange={(event) => setWorker(event.target.value)}>
            <option value="">{t('booths.assign.chooseWorker')}</option>
            {detail.assignable.map((option) => (
              <option key={option.id} value={option.id}>
                {option.full_name}
              </option>
            ))}
          </select>
        </FormField>
        <div className="flex w-full gap-2 sm:mt-6 sm:w-auto">
          <Button type="submit" busy={busy === 'assign'} disabled={busy !== null} className="min-h-11 flex-1 sm:flex-none">
            {t('booths.assign.submit')}
          </Button>
          <Button variant="secondary" busy={busy === 'unassign'} disabled={busy !== null} className="min-h-11 flex-1 sm:flex-none" onClick={() => void submit('unassign')}>
            {t('booths.assign.unassign')}
          </Button>
        </div>
      </div>
      {conflict && (
        <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="assign-conflict">
          <p className="font-medium">{t('booths.assign.conflictTitle')}</p>
          <ul className="mt-1 list-disc pl-5">
            {conflict.holders.map((holder) => (
              <li key={holder.user_id}>
                {holder.full_name}:{' '}
                {[
                  holder.pages.length > 0 ? t('booths.workers.pages', { count: holder.pages.length, pages: formatPageRuns(holder.pages) }) : '',
                  holder.house_numbers.length > 0 ? t('booths.workers.houses', { count: holder.house_numbers.length, houses: holder.house_numbers.join(', ') }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              busy={busy !== null}
              disabled={busy !== null}
              className="min-h-10"
              onClick={() =>
                void send(conflict.action, { ...conflict.assignment, expected_holders: [...new Set([...(conflict.assignment.expected_holders ?? []), ...conflict.holders.map((holder) => holder.user_id)])] })
              }
            >
              {t(conflict.action === 'assign' ? 'booths.assign.confirmTake' : 'booths.assign.confirmRelease')}
            </Button>
            <Button variant="secondary" disabled={busy !== null} className="min-h-10" onClick={() => setConflict(null)}>
              {t('booths.assign.cancel')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'pages' && range && <p className="mt-2 text-xs text-slate-600">{t('booths.assign.rangeHint', { count: last - first + 1, from: range.from, to: range.to })}</p>}
      {detail.assignable.length === 0 && <p className="mt-2 text-sm text-amber-800">{t('booths.assign.noWorkers')}</p>}
    </form>
  );
}
