import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyNotification } from '@shared/notifications/notification-schema';
import { apiRequest } from '@web/lib/api-client';
import { myNotificationsQueryKey } from './get-my-notifications';

export function markNotificationRead(id: number): Promise<{ message: string }> {
  return apiRequest(`/notifications/read/${id}`, { method: 'POST' });
}

// Marks it read locally at once (spec section 4) and on the server; a failure is only
// logged (spec section 8, silent failures).
export function useMarkNotificationRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<MyNotification[]>(myNotificationsQueryKey, (list) =>
        list?.map((item) => (item._id === id && !item.readBy.includes(userId) ? { ...item, readBy: [...item.readBy, userId] } : item)),
      );
    },
    onError: (error) => console.error('Mark as read failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
