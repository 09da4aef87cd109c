import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DuplicatePairList, DuplicateScanState, DuplicateStatus } from '@shared/duplicates/duplicate-schema';
import { apiRequest } from '@web/lib/api-client';

export function getDuplicatePairs(params: { status: DuplicateStatus; page: number }, signal?: AbortSignal): Promise<DuplicatePairList> {
  return apiRequest<DuplicatePairList>('/duplicates', { query: params, signal });
}

export function useDuplicatePairs(params: { status: DuplicateStatus; page: number }) {
  return useQuery({ queryKey: ['duplicates', 'list', params], queryFn: ({ signal }) => getDuplicatePairs(params, signal), placeholderData: keepPreviousData });
}

export function getDuplicateScan(signal?: AbortSignal): Promise<DuplicateScanState> {
  return apiRequest<DuplicateScanState>('/duplicates/scan', { signal });
}

// The latest scan; asked again every two seconds while one runs (a scan of a large roll takes
// a minute or more).
export function useDuplicateScan() {
  return useQuery({
    queryKey: ['duplicates', 'scan'],
    queryFn: ({ signal }) => getDuplicateScan(signal),
    refetchInterval: (query) => (query.state.data?.scan?.status === 'running' ? 2000 : false),
  });
}
