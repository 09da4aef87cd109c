import { useQuery } from '@tanstack/react-query';
import type { ContactHistory } from '@shared/contacts/contact-schema';
import { apiRequest } from '@web/lib/api-client';

export function getContactHistory(voterId: number, signal?: AbortSignal): Promise<ContactHistory> {
  return apiRequest<ContactHistory>(`/voters/${voterId}/contacts`, { signal });
}

export function useContactHistory(voterId: number) {
  return useQuery({ queryKey: ['contacts', 'history', voterId], queryFn: ({ signal }) => getContactHistory(voterId, signal) });
}
