import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VoterList, voterQuerySchema } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { voterListWithCopy } from '@web/lib/offline/offline-api';

// The list query exactly as the URL holds it (spec section 7: page, limit and every filter), and
// exactTotal=true when the user asked for the exact count (decision 089).
export type VoterListParams = Partial<Record<keyof typeof voterQuerySchema.shape | 'exactTotal', string | number>>;

// Without a connection, a field user's list comes from the phone's copy (search and booth only).
export function getVoters(params: VoterListParams, signal?: AbortSignal): Promise<VoterList> {
  const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value));
  const page = Number(params.page ?? 1) || 1;
  const limit = Number(params.limit ?? 25) || 25;
  return voterListWithCopy(() => apiRequest<VoterList>('/voters', { query: params, signal }), { search: text(params.search), booth: text(params.booth), page, limit });
}

export function votersQueryOptions(params: VoterListParams) {
  return queryOptions({
    queryKey: ['voters', 'list', params],
    queryFn: ({ signal }) => getVoters(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

// `enabled: false` holds back a query the screen already knows the server would refuse.
export function useVoters(params: VoterListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...votersQueryOptions(params), enabled });
}
