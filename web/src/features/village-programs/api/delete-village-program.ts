import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function deleteVillageProgram({ id, version }: { id: number; version: number }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/village-programs/${id}`, { method: 'DELETE', query: { version: String(version) } });
}

export function useDeleteVillageProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVillageProgram, onSettled: () => queryClient.invalidateQueries({ queryKey: ['village-programs'] }) });
}
