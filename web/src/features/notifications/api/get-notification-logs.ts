import { useQuery } from '@tanstack/react-query';
import type { NotificationLog } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';

export function getNotificationLogs(): Promise<NotificationLog[]> {
  return apiRequest<NotificationLog[]>('/notifications/logs');
}

export function useNotificationLogs() {
  return useQuery({ queryKey: ['notifications', 'logs'], queryFn: getNotificationLogs });
}
