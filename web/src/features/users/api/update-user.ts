import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput } from '@shared/users/user-input-schemas';
import type { User } from '@shared/users/user-schema';
import { apiRequest } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { usersQueryKey } from './get-users';

export function updateUser({ id, data }: { id: number; data: UpdateUserInput }): Promise<User> {
  return apiRequest<User>(`/users/${id}`, { method: 'PUT', body: data });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { userSaved } = useSession();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (saved) => {
      userSaved(saved);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
