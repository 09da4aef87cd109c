import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElectionList } from '@shared/election-results/election-results-schema';
import { apiRequest } from '@web/lib/api-client';

// The past elections imported (issue 61): the choice of election for the vote-share class.
export const pastElectionsQuery = queryOptions({
  queryKey: ['election-results', 'list'],
  queryFn: ({ signal }) => apiRequest<ElectionList>('/election-results', { signal }),
});

export function usePastElections() {
  return useQuery(pastElectionsQuery);
}
