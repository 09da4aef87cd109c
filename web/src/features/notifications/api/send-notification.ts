import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendNotificationInput } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';

export function sendNotification(input: SendNotificationInput): Promise<{ message: string; _id: number; recipients: number }> {
  return apiRequest('/notifications/send', { method: 'POST', body: { ...input, type: 'manual' } });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendNotification, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }) });
}
