import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InboxPage } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';

export function getInbox(page: number): Promise<InboxPage> {
  return apiRequest<InboxPage>(`/notifications/inbox?page=${page}`);
}

// Under ['notifications'], so marking one read (which refreshes that key) refreshes the inbox too.
export function useInbox(page: number) {
  return useQuery({ queryKey: ['notifications', 'inbox', page], queryFn: () => getInbox(page), placeholderData: keepPreviousData });
}
