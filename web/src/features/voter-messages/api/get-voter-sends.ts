import { useQuery } from '@tanstack/react-query';
import type { VoterSend } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function getVoterSends(): Promise<VoterSend[]> {
  return apiRequest<VoterSend[]>('/voter-messages/sends');
}

// While a send is going out its progress is read again every 3 seconds (short polling).
export function useVoterSends() {
  return useQuery({
    queryKey: ['voter-messages', 'sends'],
    queryFn: getVoterSends,
    refetchInterval: (query) => (query.state.data?.some((send) => send.status === 'sending' || send.status === 'awaiting_approval') ? 3_000 : false),
  });
}
