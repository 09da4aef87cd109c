import { useMutation } from '@tanstack/react-query';
import type { SetPasswordInput } from '@shared/users/user-input-schemas';
import { apiRequest } from '@web/lib/api-client';

// An admin sets a new password for someone else; the server ends that user's sessions.
export function setUserPassword({ id, data }: { id: number; data: SetPasswordInput }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/users/${id}/password`, { method: 'PUT', body: data });
}

export function useSetUserPassword() {
  return useMutation({ mutationFn: setUserPassword });
}
