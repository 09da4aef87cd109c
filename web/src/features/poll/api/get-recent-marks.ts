import { useQuery } from '@tanstack/react-query';
import type { RecentMarks } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';

export function getRecentMarks(boothId: number, signal?: AbortSignal): Promise<RecentMarks> {
  return apiRequest<RecentMarks>(`/poll/booths/${boothId}/marks`, { query: { limit: 30 }, signal });
}

export function useRecentMarks(boothId: number | null) {
  return useQuery({ queryKey: ['poll', 'marks', boothId], queryFn: ({ signal }) => getRecentMarks(boothId!, signal), enabled: boothId !== null });
}
