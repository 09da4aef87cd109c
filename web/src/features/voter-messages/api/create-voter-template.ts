import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoterTemplate, VoterTemplateInput } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function createVoterTemplate(input: VoterTemplateInput): Promise<VoterTemplate> {
  return apiRequest<VoterTemplate>('/voter-messages/templates', { method: 'POST', body: input });
}

export function useCreateVoterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVoterTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voter-messages', 'templates'] }) });
}
