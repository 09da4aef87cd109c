import { useQuery } from '@tanstack/react-query';
import type { VoterList } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';

// The few voters a request's citizen may be: the voter list's own search (name in either
// script, EPIC or mobile), within the user's booths as the server scopes it.
export function findVoters(search: string): Promise<VoterList> {
  return apiRequest<VoterList>('/voters', { query: { search, limit: 5 } });
}

export function useFindVoters(search: string) {
  const text = search.trim();
  return useQuery({ queryKey: ['service-requests', 'voter-search', text], queryFn: () => findVoters(text), enabled: text.length >= 2, staleTime: 30_000 });
}
