import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoterFlagKind, VoterFlagList, VoterFlagStatus } from '@shared/availability/availability-schema';
import type { FlagDecisionResult } from '@shared/availability/flag-decision-schema';
import { apiRequest } from '@web/lib/api-client';

// The office's queue of availability reports (issue 61): by status, kind and booth, in the URL.
export interface VoterFlagParams {
  status: VoterFlagStatus;
  kind?: VoterFlagKind;
  booth?: string;
  page: number;
}

export function useVoterFlags(params: VoterFlagParams) {
  return useQuery({
    queryKey: ['voter-flags', params],
    queryFn: ({ signal }) => apiRequest<VoterFlagList>('/voter-flags', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

// A decision names the report's and the voter's versions it was taken on: either changed since,
// the server answers 409 with the report as it is now.
export interface FlagDecision {
  flagId: number;
  decision: 'confirm' | 'dismiss';
  version: number;
  voterVersion: number;
  note?: string;
  otherVoterId?: number;
}

export function useDecideFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flagId, decision, version, voterVersion, note, otherVoterId }: FlagDecision) =>
      apiRequest<FlagDecisionResult>(`/voter-flags/${flagId}/${decision}`, {
        method: 'POST',
        body: {
          version,
          ...(decision === 'confirm' ? { voter_version: voterVersion } : {}),
          ...(note ? { note } : {}),
          ...(otherVoterId === undefined ? {} : { other_voter_id: otherVoterId }),
        },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(['voters', 'detail', result.voter.id], result.voter);
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'history', result.voter.id] });
      void queryClient.invalidateQueries({ queryKey: ['voters', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['my-voters'] });
      void queryClient.invalidateQueries({ queryKey: ['poll'] });
    },
    // Decided or not (a 409 says someone else changed it), the queue is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['voter-flags'] }),
  });
}
