import { useQuery } from '@tanstack/react-query';
import type { BoothDetail } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { boothsQueryKey } from './get-booths';

export const boothQueryKey = (id: number) => [...boothsQueryKey, 'detail', id] as const;

export function getBooth(id: number, signal?: AbortSignal): Promise<BoothDetail> {
  return apiRequest<BoothDetail>(`/booths/${id}`, { signal });
}

export function useBooth(id: number) {
  // 0 or less: no booth to ask for (an address that names none).
  return useQuery({ queryKey: boothQueryKey(id), queryFn: ({ signal }) => getBooth(id, signal), enabled: id > 0 });
}
