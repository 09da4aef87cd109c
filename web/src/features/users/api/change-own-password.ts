import { useMutation } from '@tanstack/react-query';
import type { ChangeOwnPasswordInput } from '@shared/users/user-input-schemas';
import { apiRequest } from '@web/lib/api-client';

// The signed-in user's own password; the server keeps this session and ends the others.
export function changeOwnPassword(data: ChangeOwnPasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/me/password', { method: 'PUT', body: data });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
