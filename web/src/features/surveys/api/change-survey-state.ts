import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey } from '@shared/surveys/survey-schema';
import { apiRequest } from '@web/lib/api-client';

export function changeSurveyState({ id, state, version }: { id: number; state: 'open' | 'closed'; version: number }): Promise<Survey> {
  return apiRequest<Survey>(`/surveys/${id}/state`, { method: 'POST', body: { state, version } });
}

export function deleteSurvey({ id, version }: { id: number; version: number }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/surveys/${id}`, { method: 'DELETE', query: { version: String(version) } });
}

export function useChangeSurveyState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSurveyState, onSettled: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }) });
}

export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSurvey, onSettled: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }) });
}
