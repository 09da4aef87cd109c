import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkResult } from '@shared/poll/poll-schema';
import type { SmsMarksInput } from '@shared/poll/sms-marks-schema';
import { apiRequest } from '@web/lib/api-client';

// A poll-day SMS of marks the office received on its own phone, marked as its sender (issue 61).
export function usePasteSmsMarks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsMarksInput) => apiRequest<MarkResult>('/poll/sms-marks', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['poll'] }),
  });
}
