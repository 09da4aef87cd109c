import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@shared/tasks/task-schema';
import { apiRequest } from '@web/lib/api-client';

// With the version the card showed: a task someone else moved meanwhile answers 409, and the
// refreshed list shows where it is now.
export function updateTaskStatus({ id, status, version }: { id: number; status: TaskStatus; version: number }): Promise<Task> {
  return apiRequest<Task>(`/tasks/${id}`, { method: 'PUT', body: { status, version } });
}

export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTaskStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }) });
}
