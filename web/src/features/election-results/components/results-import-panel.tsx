import { BarChart3, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ELECTION_KINDS, type ElectionKind, type ElectionSummary, type ResultsImportAnswer, type RowProblem } from '@shared/election-results/election-results-schema';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FilePicker } from '@web/components/ui/file-picker';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { usePastResultsTranslation } from '@web/lib/past-results-texts';
import { useReferenceNames } from '@web/lib/reference-names';
import { useDeleteElection, useElections, useImportResults } from '../api/import-results';

// The office's import of past results (issue 61, decision 076), under Voter Import: a Form-20
// sheet is checked first (nothing saved), then imported; a refused file lists its rows and why.
export function ResultsImportPanel() {
  const { t } = usePastResultsTranslation();
  const formMessage = useFormMessage();
  const names = useReferenceNames();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [year, setYear] = useState('');
  const [kind, setKind] = useState<ElectionKind>('assembly');
  const [replace, setReplace] = useState(false);
  const [answer, setAnswer] = useState<ResultsImportAnswer | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ElectionSummary | null>(null);
  const importing = useImportResults();
  const elections = useElections();
  const remove = useDeleteElection();

  const send = async (preview: boolean) => {
    if (!file) return;
    setAnswer(null);
    setFieldErrors({});
    try {
      const outcome = await importing.mutateAsync({ file, name, year, kind, preview, replace });
      setAnswer(outcome);
      if (outcome.saved) toast.success(t('import.saved', { booths: outcome.booths }));
      else if (outcome.refused > 0) toast.error(t('import.refused', { count: outcome.refused }));
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields) setFieldErrors(fields);
      toast.error(formMessage(errorMessage(error, t('import.failed'))));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };
  const problemText = (problem: RowProblem) => t(`problems.${problem.code}`, problem.params);
  const busy = importing.isPending;

  return (
    <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="results-import-title" data-testid="results-import">
      <h2 id="results-import-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BarChart3 aria-hidden="true" className="h-5 w-5 text-blue-900" />
        {t('import.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('import.hint')}</p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <FilePicker label={t('import.file')} accept=".xlsx,.xls,.csv" disabled={busy} files={file ? [file] : []} onFiles={(files) => setFile(files[0] ?? null)} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <FormField label={t('import.name')} error={formMessage(fieldErrors.name)}>
            <input className={inputClassName} value={name} maxLength={120} placeholder={t('import.namePlaceholder')} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField label={t('import.year')} error={formMessage(fieldErrors.year)}>
            <input className={inputClassName} value={year} inputMode="numeric" maxLength={4} onChange={(event) => setYear(event.target.value)} />
          </FormField>
          <FormField label={t('import.kind')} error={formMessage(fieldErrors.kind)}>
            <select className={inputClassName} value={kind} onChange={(event) => setKind(event.target.value as ElectionKind)}>
              {ELECTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(`kinds.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" checked={replace} disabled={busy} onChange={(event) => setReplace(event.target.checked)} />
          <span>{t('import.replace')}</span>
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" disabled={!file} busy={busy} onClick={() => void send(true)}>
            {t('import.check')}
          </Button>
          <Button type="submit" disabled={!file} busy={busy}>
            {!busy && <Upload aria-hidden="true" className="h-4 w-4" />}
            {t('import.save')}
          </Button>
        </div>
      </form>

      {answer && (
        <div className="mt-6 space-y-3" data-testid="results-answer">
          <p role="status" className={`font-medium ${answer.refused > 0 ? 'text-red-800' : 'text-slate-900'}`}>
            {answer.refused > 0
              ? t('import.refused', { count: answer.refused })
              : answer.saved
                ? t('import.saved', { booths: answer.booths })
                : t('import.checked', { booths: answer.booths, candidates: answer.candidates.length })}
          </p>
          {!answer.saved && answer.refused === 0 && answer.election && <p className="text-sm text-amber-800">{t('import.exists')}</p>}
          {answer.refused > 0 ? (
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm" aria-label={t('import.why')}>
                <thead className="text-left text-xs text-slate-500">
                  <tr>
                    <th className="px-2 py-1 font-medium">{t('import.row')}</th>
                    <th className="px-2 py-1 font-medium">{t('import.booth')}</th>
                    <th className="px-2 py-1 font-medium">{t('import.why')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {answer.rows_refused.map((row) => (
                    <tr key={row.row} data-testid="refused-row">
                      <td className="px-2 py-1 tabular-nums">{row.row}</td>
                      <td className="px-2 py-1">{row.booth ?? '—'}</td>
                      <td className="px-2 py-1">{row.problems.map(problemText).join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm">
              {answer.candidates.map((candidate) => (
                <li key={candidate.column} className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1">
                  {candidate.party ? `${names.name('parties', candidate.party) ?? candidate.party} · ${candidate.name}` : `${candidate.name} · ${t('noParty')}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h3 className="mt-6 text-sm font-semibold text-slate-700">{t('import.imported')}</h3>
      {(elections.data?.elections.length ?? 0) === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{t('import.noneImported')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="imported-elections">
          {elections.data?.elections.map((election) => (
            <li key={election.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{election.name}</span>{' '}
                <span className="text-slate-600">
                  · {t(`kinds.${election.kind}`)} {election.year} · {t('import.booths', { count: election.booths })}
                </span>
              </span>
              <Button variant="secondary" className="shrink-0" onClick={() => setDeleting(election)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('import.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('import.delete')}
        message={deleting ? t('import.deleteConfirm', { name: deleting.name, year: deleting.year }) : ''}
        confirmLabel={t('import.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success(t('import.deleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(formMessage(errorMessage(error, t('import.failed')))),
          });
        }}
      />
    </section>
  );
}
