import type { BoothResult } from '@shared/election-results/election-results-schema';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { usePastResultsTranslation } from '@web/lib/past-results-texts';
import { useReferenceNames } from '@web/lib/reference-names';
import { useBoothResults } from '../api/get-booth-results';

// The booth page's "Past results" (issue 61): one small table per election, newest first: each
// candidate (or party) with their votes and share of the votes polled, and the turnout.
function ElectionTable({ result }: { result: BoothResult }) {
  const { t } = usePastResultsTranslation();
  const names = useReferenceNames();
  const rows = [...result.votes].sort((a, b) => b.votes - a.votes);
  const number = (value: number) => value.toLocaleString('en-IN');
  return (
    <section aria-label={`${result.election.name} ${result.election.year}`} data-testid="past-result" className="rounded-lg border border-slate-200">
      <header className="border-b border-slate-100 bg-slate-50 px-3 py-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {result.election.name} · {t(`kinds.${result.election.kind}`)} {result.election.year}
        </h3>
        <p className="text-xs text-slate-600">{t('turnout', { turnout: result.turnout, polled: number(result.polled), electors: number(result.electors) })}</p>
      </header>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {t('candidate')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              {t('votes')}
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              {t('share')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const party = row.party ? (names.name('parties', row.party) ?? row.party) : null;
            return (
              <tr key={`${row.name}-${row.party ?? ''}`}>
                <td className="px-3 py-1.5">
                  <span className="text-slate-900">{party ?? row.name}</span>
                  {party && party !== row.name && <span className="block text-xs text-slate-500">{row.name}</span>}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{number(row.votes)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{row.share}%</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function PastResultsSection({ boothId }: { boothId: number }) {
  const { t } = usePastResultsTranslation();
  const history = useBoothResults(boothId);
  if (history.isPending) return <Spinner className="h-5 w-5 text-blue-900" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(history.error, t('failed'))}
      </p>
    );
  }
  if (history.data.results.length === 0) return <p className="text-sm text-slate-500">{t('none')}</p>;
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {history.data.results.map((result) => (
        <ElectionTable key={result.election.id} result={result} />
      ))}
    </div>
  );
}

export function usePastResultsTitle(): string {
  return usePastResultsTranslation().t('section');
}
