import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function deleteTask(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/tasks/${id}`, { method: 'DELETE' });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }) });
}
