import { useQuery } from '@tanstack/react-query';
import type { VillageProgramDetail } from '@shared/village-programs/village-program-schema';
import { apiRequest } from '@web/lib/api-client';

export function getVillageProgram(id: number): Promise<VillageProgramDetail> {
  return apiRequest<VillageProgramDetail>(`/village-programs/${id}`);
}

export function useVillageProgram(id: number | null) {
  return useQuery({ queryKey: ['village-programs', 'detail', id ?? 0], queryFn: () => getVillageProgram(id ?? 0), enabled: id !== null });
}
