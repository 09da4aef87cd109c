import { useQuery } from '@tanstack/react-query';
import type { MyNotification } from '@shared/notifications/notification-schema';
import { apiRequest, getStoredToken } from '@web/lib/api-client';

// New notifications appear without a reload: the bell asks again every 30 seconds.
export const MY_NOTIFICATIONS_POLL_MS = 30_000;
export const myNotificationsQueryKey = ['notifications', 'my'] as const;

export function getMyNotifications(): Promise<MyNotification[]> {
  return apiRequest<MyNotification[]>('/notifications/my');
}

export function useMyNotifications() {
  return useQuery({
    queryKey: myNotificationsQueryKey,
    queryFn: getMyNotifications,
    // Spec section 7: skipped when no token is stored.
    enabled: getStoredToken() !== null,
    refetchInterval: MY_NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
