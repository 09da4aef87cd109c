import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DuplicatePair, DuplicateScanState } from '@shared/duplicates/duplicate-schema';
import { apiRequest } from '@web/lib/api-client';

export function startDuplicateScan(): Promise<DuplicateScanState> {
  return apiRequest<DuplicateScanState>('/duplicates/scan', { method: 'POST' });
}

export type PairReview = { id: number; action: 'mark'; duplicate_voter_id: number } | { id: number; action: 'dismiss' | 'reopen' };

export function reviewPair(review: PairReview): Promise<DuplicatePair> {
  const body = review.action === 'mark' ? { duplicate_voter_id: review.duplicate_voter_id } : undefined;
  return apiRequest<DuplicatePair>(`/duplicates/${review.id}/${review.action}`, { method: 'POST', body });
}

export function useStartDuplicateScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDuplicateScan,
    onSuccess: (state) => queryClient.setQueryData(['duplicates', 'scan'], state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['duplicates'] }),
  });
}

// A review changes which voters the lists and counts show, so those are read again too.
export function useReviewPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPair,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['duplicates'] });
      await queryClient.invalidateQueries({ queryKey: ['voters'] });
    },
  });
}
