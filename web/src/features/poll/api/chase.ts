import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChaseBooths, ChaseList, ChaseResult, ChaseStatus } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';

// Chasing supporters who have not voted: a Karyakarta's own list, the booths for the office and
// Supervisors, one booth's list, and the "called / coming / won't come" mark.
const CHASE_REFRESH_MS = 30_000;

export function useMyChaseList(enabled: boolean) {
  return useQuery({ queryKey: ['poll', 'chase', 'mine'], queryFn: ({ signal }) => apiRequest<ChaseList>('/poll/chase/mine', { signal }), enabled, refetchInterval: CHASE_REFRESH_MS });
}

export function useChaseBooths(enabled: boolean) {
  return useQuery({ queryKey: ['poll', 'chase', 'booths'], queryFn: ({ signal }) => apiRequest<ChaseBooths>('/poll/chase/booths', { signal }), enabled, refetchInterval: CHASE_REFRESH_MS });
}

export function useBoothChaseList(boothId: number | null) {
  return useQuery({
    queryKey: ['poll', 'chase', 'booth', boothId],
    queryFn: ({ signal }) => apiRequest<ChaseList>(`/poll/chase/booths/${boothId}`, { signal }),
    enabled: boothId !== null,
    refetchInterval: CHASE_REFRESH_MS,
  });
}

export function useChaseVoter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voterId, status }: { voterId: number; status: ChaseStatus }) => apiRequest<ChaseResult>(`/poll/chase/voters/${voterId}`, { method: 'PUT', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['poll', 'chase'] }),
  });
}
