import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVoters } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { myVotersWithCopy } from '@web/lib/offline/offline-api';

// A Karyakarta's voters: those of the pages and houses they hold, by household.
// Without a connection: the last list seen online, with the voters as the phone's copy has them.
export function getMyVoters(signal?: AbortSignal): Promise<MyVoters> {
  return myVotersWithCopy(() => apiRequest<MyVoters>('/my-voters', { signal }));
}

export const myVotersQueryOptions = queryOptions({ queryKey: ['my-voters'], queryFn: ({ signal }) => getMyVoters(signal) });

export function useMyVoters() {
  return useQuery(myVotersQueryOptions);
}
