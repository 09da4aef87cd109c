import { useQuery } from '@tanstack/react-query';
import type { Turnout } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';

// The live dashboard polls: a short request every 10 seconds reads a few thousand kept counts.
export const TURNOUT_REFRESH_MS = 10_000;

export function getTurnout(boothId: number | undefined, signal?: AbortSignal): Promise<Turnout> {
  return apiRequest<Turnout>('/poll/turnout', { query: { booth_id: boothId }, signal });
}

export function useTurnout(boothId?: number) {
  return useQuery({ queryKey: ['poll', 'turnout', boothId ?? null], queryFn: ({ signal }) => getTurnout(boothId, signal), refetchInterval: TURNOUT_REFRESH_MS });
}
