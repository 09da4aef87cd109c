import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoterSend, VoterSendInput } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function createVoterSend(input: VoterSendInput): Promise<VoterSend> {
  return apiRequest<VoterSend>('/voter-messages/sends', { method: 'POST', body: input });
}

export function useCreateVoterSend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVoterSend, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voter-messages', 'sends'] }) });
}
