import { useQuery } from '@tanstack/react-query';
import type { NotificationStats } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';

export function getNotificationStats(): Promise<NotificationStats> {
  return apiRequest<NotificationStats>('/notifications/stats');
}

export function useNotificationStats() {
  return useQuery({ queryKey: ['notifications', 'stats'], queryFn: getNotificationStats });
}
