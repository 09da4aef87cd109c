import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VillageProgramDetail, VillageProgramUpdate } from '@shared/village-programs/village-program-schema';
import { apiRequest } from '@web/lib/api-client';

// With the version the form started from: someone else's save meanwhile answers 409, and the
// refreshed program shows what they changed.
export function updateVillageProgram({ id, input }: { id: number; input: VillageProgramUpdate }): Promise<VillageProgramDetail> {
  return apiRequest<VillageProgramDetail>(`/village-programs/${id}`, { method: 'PUT', body: input });
}

export function useUpdateVillageProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVillageProgram, onSettled: () => queryClient.invalidateQueries({ queryKey: ['village-programs'] }) });
}
