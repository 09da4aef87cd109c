import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlipCode } from '@shared/slips/slip-token';
import { apiRequest } from '@web/lib/api-client';

// A voter's slip QR code (issue 61, decision 085): its generation, and revoking it (office roles).
const slipCodeKey = (voterId: number) => ['slips', 'code', voterId] as const;

export function useSlipCode(voterId: number) {
  return useQuery({
    queryKey: slipCodeKey(voterId),
    queryFn: ({ signal }) => apiRequest<SlipCode>(`/slips/voters/${voterId}/code`, { signal }),
  });
}

// Sends the generation shown: someone else's revocation in between is a 409 with the code as it is now.
export function useRevokeSlipCode(voterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (generation: number) => apiRequest<SlipCode>(`/slips/voters/${voterId}/code/revoke`, { method: 'POST', body: { generation } }),
    onSuccess: (code) => client.setQueryData(slipCodeKey(voterId), code),
    onError: () => client.invalidateQueries({ queryKey: slipCodeKey(voterId) }),
  });
}
