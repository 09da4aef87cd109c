import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoothHousehold, BoothVoters } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { boothsQueryKey } from './get-booths';

// One roll page of a booth, a page of its voters without a serial, or one house.
export type RollQuery = { kind: 'page'; page: number } | { kind: 'unnumbered'; page: number } | { kind: 'house'; houseNo: string };

export function getBoothVoters(id: number, query: RollQuery, signal?: AbortSignal): Promise<BoothVoters> {
  const params = query.kind === 'house' ? { house_no: query.houseNo } : { page: query.page, unnumbered: query.kind === 'unnumbered' ? 'true' : undefined };
  return apiRequest<BoothVoters>(`/booths/${id}/voters`, { query: params, signal });
}

export function useBoothVoters(id: number, query: RollQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...boothsQueryKey, 'voters', id, query],
    queryFn: ({ signal }) => getBoothVoters(id, query, signal),
    placeholderData: query.kind === 'house' ? undefined : keepPreviousData,
    enabled,
  });
}

export function useBoothHouseholds(id: number) {
  return useQuery({
    queryKey: [...boothsQueryKey, 'households', id],
    queryFn: ({ signal }) => apiRequest<{ households: BoothHousehold[] }>(`/booths/${id}/households`, { signal }),
  });
}
