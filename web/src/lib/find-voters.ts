import { useQuery } from '@tanstack/react-query';
import type { VoterList } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';

// The few voters a citizen at the office may be (a request's, an appointment's): the voter
// list's own search (name in either script, EPIC or mobile), within the user's booths as the
// server scopes it.
export function findVoters(search: string): Promise<VoterList> {
  return apiRequest<VoterList>('/voters', { query: { search, limit: 5 } });
}

export function useFindVoters(search: string) {
  const text = search.trim();
  return useQuery({ queryKey: ['voters', 'lookup', text], queryFn: () => findVoters(text), enabled: text.length >= 2, staleTime: 30_000 });
}
