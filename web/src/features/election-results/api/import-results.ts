import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ElectionKind, type ElectionList, type ElectionSummary, RESULTS_FILE_FIELD, type ResultsImportAnswer } from '@shared/election-results/election-results-schema';
import { apiRequest, ApiError } from '@web/lib/api-client';
import { apiHeaders, apiUrl, getStoredToken } from '@web/lib/api-basics';
import { i18n } from '@web/lib/i18n';
import { electionResultsKey } from './get-booth-results';

export interface ResultsImportInput {
  file: File;
  name: string;
  year: string;
  kind: ElectionKind;
  preview: boolean;
  replace: boolean;
}

// POST /api/election-results/import. A refused file answers 400 with the rows and reasons: that
// answer is read like a 200's (the screen lists the rows), any other error is thrown.
export async function importResults(input: ResultsImportInput): Promise<ResultsImportAnswer> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('year', input.year);
  form.append('kind', input.kind);
  if (input.preview) form.append('preview', 'true');
  if (input.replace) form.append('replace', 'true');
  form.append(RESULTS_FILE_FIELD, input.file);
  const response = await fetch(apiUrl('/election-results/import'), { method: 'POST', headers: apiHeaders(i18n.language || 'en', getStoredToken()), body: form });
  const body = (await response.json().catch(() => ({}))) as Partial<ResultsImportAnswer> & { message?: string; fields?: Record<string, string> };
  if (response.ok || (response.status === 400 && Array.isArray(body.rows_refused))) return body as ResultsImportAnswer;
  throw new ApiError(response.status, body.message ?? '', body.fields);
}

export function useImportResults() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importResults, onSuccess: (answer) => answer.saved && client.invalidateQueries({ queryKey: electionResultsKey }) });
}

export function useElections() {
  return useQuery({ queryKey: [...electionResultsKey, 'list'], queryFn: ({ signal }) => apiRequest<ElectionList>('/election-results', { signal }) });
}

export function useDeleteElection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (election: ElectionSummary) => apiRequest<ElectionSummary>(`/election-results/${election.id}`, { method: 'DELETE', query: { version: election.version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: electionResultsKey }),
  });
}
