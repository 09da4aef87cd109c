import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskInput } from '@shared/tasks/task-schema';
import { apiRequest } from '@web/lib/api-client';

export function createTask(input: TaskInput): Promise<Task> {
  return apiRequest<Task>('/tasks', { method: 'POST', body: input });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }) });
}
