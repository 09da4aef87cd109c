import { useQuery } from '@tanstack/react-query';
import type { NotVisited } from '@shared/village-programs/village-program-schema';
import { apiRequest } from '@web/lib/api-client';

export function getNotVisited(params: { days?: string; taluka?: string }): Promise<NotVisited> {
  return apiRequest<NotVisited>('/village-programs/not-visited', { query: params });
}

export function useNotVisited(params: { days?: string; taluka?: string }, enabled = true) {
  return useQuery({ queryKey: ['village-programs', 'not-visited', params], queryFn: () => getNotVisited(params), enabled });
}
