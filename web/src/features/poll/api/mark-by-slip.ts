import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkResult } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';
import { markBySlipWithOutbox } from '@web/lib/offline/offline-api';

// Marks the voter of a scanned slip's QR code in the booth (issue 61). The request carries a key,
// so a resend after a lost answer changes nothing; without signal the scan waits in the phone's
// outbox and the server checks the code when it arrives.
export function markBySlip(boothId: number, token: string): Promise<MarkResult> {
  return markBySlipWithOutbox(boothId, token, (key) => apiRequest<MarkResult>(`/poll/booths/${boothId}/slip-marks`, { method: 'POST', body: { token }, idempotencyKey: key }));
}

export function useMarkBySlip(boothId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => markBySlip(boothId, token),
    onSettled: () => client.invalidateQueries({ queryKey: ['poll'] }),
  });
}
