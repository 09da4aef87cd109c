import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SurveyResults } from '@shared/surveys/survey-schema';
import { apiRequest } from '@web/lib/api-client';
import { downloadApiFile } from '@web/lib/file-download';

export interface SurveyResultParams {
  by: string;
  booth: string;
  village: string;
}

export function useSurveyResults(id: number, params: SurveyResultParams) {
  return useQuery({
    queryKey: ['surveys', 'results', id, params],
    queryFn: ({ signal }) => apiRequest<SurveyResults>(`/surveys/${id}/results`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

// The answers as .xlsx (one of the user's daily exports; the server stamps and audits it).
export function exportSurvey(id: number, params: { booth: string; village: string }): Promise<void> {
  return downloadApiFile(`/surveys/${id}/export`, params, `survey_${id}.xlsx`);
}
