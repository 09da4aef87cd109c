import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@shared/tasks/task-schema';
import { apiRequest } from '@web/lib/api-client';

export function updateTaskStatus({ id, status }: { id: number; status: TaskStatus }): Promise<Task> {
  return apiRequest<Task>(`/tasks/${id}`, { method: 'PUT', body: { status } });
}

export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTaskStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }) });
}
