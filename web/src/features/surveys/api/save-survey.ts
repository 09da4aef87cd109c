import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey, SurveyInput, SurveyUpdate } from '@shared/surveys/survey-schema';
import { apiRequest } from '@web/lib/api-client';

export function createSurvey(input: SurveyInput): Promise<Survey> {
  return apiRequest<Survey>('/surveys', { method: 'POST', body: input });
}

// With the version the form started from: someone else's save meanwhile answers 409 with the
// survey as it is now.
export function updateSurvey({ id, input }: { id: number; input: SurveyUpdate }): Promise<Survey> {
  return apiRequest<Survey>(`/surveys/${id}`, { method: 'PUT', body: input });
}

export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SurveyUpdate }) => (id === null ? createSurvey(input) : updateSurvey({ id, input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}
