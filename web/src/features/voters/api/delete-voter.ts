import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function deleteVoter(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/voters/${id}`, { method: 'DELETE' });
}

export function useDeleteVoter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voters', 'list'] }),
  });
}
