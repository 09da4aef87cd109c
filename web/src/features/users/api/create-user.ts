import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput } from '@shared/users/user-input-schemas';
import type { User } from '@shared/users/user-schema';
import { apiRequest } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

export function createUser(input: CreateUserInput): Promise<User> {
  return apiRequest<User>('/users', { method: 'POST', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
