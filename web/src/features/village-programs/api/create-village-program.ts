import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VillageProgramDetail, VillageProgramInput } from '@shared/village-programs/village-program-schema';
import { apiRequest } from '@web/lib/api-client';

export function createVillageProgram(input: VillageProgramInput): Promise<VillageProgramDetail> {
  return apiRequest<VillageProgramDetail>('/village-programs', { method: 'POST', body: input });
}

export function useCreateVillageProgram() {
  const queryClient = useQueryClient();
  // The list and the not-visited list both change.
  return useMutation({ mutationFn: createVillageProgram, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['village-programs'] }) });
}
