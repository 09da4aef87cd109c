import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VillageProgramList, VillageProgramQuery } from '@shared/village-programs/village-program-schema';
import { apiRequest } from '@web/lib/api-client';

// The list query as the address holds it (page, limit and every filter, as text).
export type VillageProgramListParams = Partial<Record<keyof VillageProgramQuery, string>>;

export function getVillagePrograms(params: VillageProgramListParams): Promise<VillageProgramList> {
  return apiRequest<VillageProgramList>('/village-programs', { query: params });
}

export function useVillagePrograms(params: VillageProgramListParams, enabled = true) {
  // Keep the current page on screen while the next one loads.
  return useQuery({ queryKey: ['village-programs', 'list', params], queryFn: () => getVillagePrograms(params), placeholderData: keepPreviousData, enabled });
}
