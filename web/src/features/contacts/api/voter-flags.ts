import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoterFlagList, VoterFlagStatus } from '@shared/availability/availability-schema';
import type { FlagDecisionResult } from '@shared/availability/flag-decision-schema';
import { apiRequest } from '@web/lib/api-client';

export function useVoterFlags(params: { status: VoterFlagStatus; page: number }) {
  return useQuery({
    queryKey: ['voter-flags', params],
    queryFn: ({ signal }) => apiRequest<VoterFlagList>('/voter-flags', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface FlagDecision {
  flagId: number;
  decision: 'confirm' | 'dismiss';
  note?: string;
}

export function useDecideFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flagId, decision, note }: FlagDecision) => apiRequest<FlagDecisionResult>(`/voter-flags/${flagId}/${decision}`, { method: 'POST', body: note ? { note } : {} }),
    onSuccess: (result) => {
      queryClient.setQueryData(['voters', 'detail', result.voter.id], result.voter);
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'history', result.voter.id] });
      void queryClient.invalidateQueries({ queryKey: ['voters', 'list'] });
      return queryClient.invalidateQueries({ queryKey: ['voter-flags'] });
    },
  });
}
