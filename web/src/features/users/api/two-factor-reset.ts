import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export interface TwoFactorStatus {
  enrolled: boolean;
  recoveryCodesLeft: number;
}

const statusKey = (id: number) => ['two-factor-status', id] as const;

// Super Admin only (the server refuses anyone else): whether a user has an authenticator set up.
export function useTwoFactorStatus(id: number) {
  return useQuery({ queryKey: statusKey(id), queryFn: () => apiRequest<TwoFactorStatus>(`/two-factor/users/${id}`) });
}

// A lost phone: the user sets two-factor sign-in up again at their next sign-in.
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>(`/two-factor/users/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => queryClient.invalidateQueries({ queryKey: statusKey(id) }),
  });
}
