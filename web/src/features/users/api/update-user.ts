import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput } from '@shared/users/user-input-schemas';
import type { User } from '@shared/users/user-schema';
import { apiRequest } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

export function updateUser({ id, data }: { id: number; data: UpdateUserInput }): Promise<User> {
  return apiRequest<User>(`/users/${id}`, { method: 'PUT', body: data });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
