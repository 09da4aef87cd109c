import { useQuery } from '@tanstack/react-query';
import type { BoothList } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';

export const boothsQueryKey = ['booths'] as const;

// The booths the signed-in user may see (the server applies their booth access).
export function getBooths(signal?: AbortSignal): Promise<BoothList> {
  return apiRequest<BoothList>('/booths', { signal });
}

export function useBooths() {
  return useQuery({ queryKey: [...boothsQueryKey, 'list'], queryFn: ({ signal }) => getBooths(signal) });
}
