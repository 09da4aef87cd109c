import { useQuery } from '@tanstack/react-query';
import type { SerialLookup } from '@shared/poll/poll-schema';
import { apiRequest } from '@web/lib/api-client';
import { lookUpSerialsWithCopy } from '@web/lib/offline/offline-api';

// The names behind serials as the runner typed them (the server reads "12, 15, 18-22").
export function lookUpSerials(boothId: number, serials: string, signal?: AbortSignal): Promise<SerialLookup> {
  return lookUpSerialsWithCopy(() => apiRequest<SerialLookup>(`/poll/booths/${boothId}/voters`, { query: { serials }, signal }), boothId, serials);
}

export function useSerialLookup(boothId: number | null, serials: string | null) {
  return useQuery({
    queryKey: ['poll', 'lookup', boothId, serials],
    queryFn: ({ signal }) => lookUpSerials(boothId!, serials!, signal),
    enabled: boothId !== null && serials !== null && serials !== '',
    retry: false,
  });
}
