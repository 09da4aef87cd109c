import { useQuery } from '@tanstack/react-query';
import type { BoothHistory } from '@shared/election-results/election-results-schema';
import { apiRequest } from '@web/lib/api-client';

export const electionResultsKey = ['election-results'] as const;
export const boothResultsKey = (id: number) => [...electionResultsKey, 'booth', id] as const;

// GET /api/election-results/booths/:id: the booth's past results, newest election first.
export function useBoothResults(id: number) {
  return useQuery({ queryKey: boothResultsKey(id), queryFn: ({ signal }) => apiRequest<BoothHistory>(`/election-results/booths/${id}`, { signal }), enabled: id > 0 });
}
