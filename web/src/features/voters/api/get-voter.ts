import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { voterWithCopy } from '@web/lib/offline/offline-api';

export function getVoter(id: number, signal?: AbortSignal): Promise<Voter> {
  return voterWithCopy(() => apiRequest<Voter>(`/voters/${id}`, { signal }), id);
}

export function voterQueryOptions(id: number) {
  return queryOptions({ queryKey: ['voters', 'detail', id], queryFn: ({ signal }) => getVoter(id, signal), staleTime: 0 });
}

export function useVoter(id: number | null) {
  return useQuery({ ...voterQueryOptions(id ?? 0), enabled: id !== null });
}
