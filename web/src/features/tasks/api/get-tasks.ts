import { useQuery } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@shared/tasks/task-schema';
import { apiRequest } from '@web/lib/api-client';

export const tasksQueryKey = (status?: TaskStatus) => ['tasks', status ?? 'all'] as const;

export function getTasks(status?: TaskStatus): Promise<Task[]> {
  return apiRequest<Task[]>('/tasks', { query: { status } });
}

export function useTasks(status?: TaskStatus) {
  return useQuery({ queryKey: tasksQueryKey(status), queryFn: () => getTasks(status) });
}
