import { useMutation } from '@tanstack/react-query';
import type { VoterSendInput, VoterSendPreview } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function previewVoterSend(input: VoterSendInput): Promise<VoterSendPreview> {
  return apiRequest<VoterSendPreview>('/voter-messages/preview', { method: 'POST', body: input });
}

export function usePreviewVoterSend() {
  return useMutation({ mutationFn: previewVoterSend });
}
