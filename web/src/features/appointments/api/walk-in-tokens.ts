import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenInput, TokenQueue, TokenUpdate, WalkInToken } from '@shared/appointments/walk-in-token-schema';
import { apiRequest } from '@web/lib/api-client';

// The walk-in queue of a calendar's day. Several desks and phones give out tokens at once, so
// the queue is read again every 15 seconds while it is on screen.
export function getTokenQueue(calendarId: number, date: string): Promise<TokenQueue> {
  return apiRequest<TokenQueue>('/appointments/tokens', { query: { date, calendar_id: String(calendarId) } });
}

export function useTokenQueue(calendarId: number | null, date: string) {
  return useQuery({
    queryKey: ['appointments', 'tokens', calendarId, date],
    queryFn: () => getTokenQueue(calendarId ?? 0, date),
    enabled: calendarId !== null,
    refetchInterval: 15_000,
  });
}

export function registerWalkIn(input: TokenInput): Promise<WalkInToken> {
  return apiRequest<WalkInToken>('/appointments/tokens', { method: 'POST', body: input });
}

// With the version on screen: another desk's move meanwhile answers 409.
export function moveToken({ id, input }: { id: number; input: TokenUpdate }): Promise<WalkInToken> {
  return apiRequest<WalkInToken>(`/appointments/tokens/${id}`, { method: 'PUT', body: input });
}

export function useRegisterWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWalkIn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'tokens'] }) });
}

export function useMoveToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveToken, onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'tokens'] }) });
}
