import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedResponses } from '@shared/surveys/survey-schema';
import { apiRequest } from '@web/lib/api-client';
import { changeWithOutbox } from '@web/lib/offline/offline-api';
import type { SurveyAnswerChange } from '@web/lib/offline/outbox';

// Sent at once with an Idempotency-Key; without a connection a field worker's answers wait in the
// outbox under the same key (lib/offline) and reach the server once.
export function answerSurvey(change: SurveyAnswerChange): Promise<SavedResponses> {
  const body = { voters: change.voters, answers: change.answers };
  return changeWithOutbox(
    (idempotencyKey) => apiRequest<SavedResponses>(`/surveys/${change.surveyId}/responses`, { method: 'POST', body, idempotencyKey }),
    (copy, key, userId) => copy.queueSurveyAnswer(change, key, userId),
  );
}

export function useAnswerSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}
