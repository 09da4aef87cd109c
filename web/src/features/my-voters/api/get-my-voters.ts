import { useQuery } from '@tanstack/react-query';
import type { MyVoters } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';

// A Karyakarta's voters: those of the pages and houses they hold, by household.
export function getMyVoters(signal?: AbortSignal): Promise<MyVoters> {
  return apiRequest<MyVoters>('/my-voters', { signal });
}

export function useMyVoters() {
  return useQuery({ queryKey: ['my-voters'], queryFn: ({ signal }) => getMyVoters(signal) });
}
