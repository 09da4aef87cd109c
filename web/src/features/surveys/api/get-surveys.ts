import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Survey, SurveyList, SurveyQuery } from '@shared/surveys/survey-schema';
import { apiRequest } from '@web/lib/api-client';

// The list query as the address holds it (page and state, as text).
export type SurveyListParams = Partial<Record<keyof SurveyQuery, string>>;

export function useSurveys(params: SurveyListParams) {
  // The current page stays on screen while the next one loads.
  return useQuery({ queryKey: ['surveys', 'list', params], queryFn: ({ signal }) => apiRequest<SurveyList>('/surveys', { query: params, signal }), placeholderData: keepPreviousData });
}

export function useSurvey(id: number) {
  return useQuery({ queryKey: ['surveys', 'detail', id], queryFn: ({ signal }) => apiRequest<Survey>(`/surveys/${id}`, { signal }) });
}
