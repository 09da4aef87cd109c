import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/users/user-schema';
import { apiRequest } from '@web/lib/api-client';

export const usersQueryKey = ['users'] as const;

export function getUsers({ signal }: { signal?: AbortSignal } = {}): Promise<User[]> {
  return apiRequest<User[]>('/users', { signal });
}

export const usersQueryOptions = queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions);
}
