import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoterSend } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

// Approve (a Super Admin) or cancel a send, naming the version on screen (409 if it moved on).
export function voterSendAction(input: { id: number; action: 'approve' | 'cancel'; version: number }): Promise<VoterSend> {
  return apiRequest<VoterSend>(`/voter-messages/sends/${input.id}/${input.action}`, { method: 'POST', body: { version: input.version } });
}

export function useVoterSendAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voterSendAction, onSettled: () => queryClient.invalidateQueries({ queryKey: ['voter-messages', 'sends'] }) });
}
