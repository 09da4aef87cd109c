import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Household, HouseholdList, HouseholdStatus } from '@shared/households/household-schema';
import { apiRequest } from '@web/lib/api-client';

export interface HouseholdListParams {
  booth: string;
  status?: HouseholdStatus;
  page?: number;
  limit?: number;
}

export function getHouseholds(params: HouseholdListParams, signal?: AbortSignal): Promise<HouseholdList> {
  return apiRequest<HouseholdList>('/households', { query: { ...params }, signal });
}

export function householdsQueryOptions(params: HouseholdListParams) {
  return queryOptions({
    queryKey: ['households', 'list', params],
    queryFn: ({ signal }) => getHouseholds(params, signal),
    placeholderData: keepPreviousData,
  });
}

// A booth's households, a page at a time (the households screen, the booth page).
export function useHouseholds(params: HouseholdListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...householdsQueryOptions(params), enabled: enabled && params.booth !== '' });
}

export function getHousehold(id: number, signal?: AbortSignal): Promise<Household> {
  return apiRequest<Household>(`/households/${id}`, { signal });
}

export function useHousehold(id: number | null) {
  return useQuery({ queryKey: ['households', 'detail', id], queryFn: ({ signal }) => getHousehold(id ?? 0, signal), enabled: id !== null });
}
