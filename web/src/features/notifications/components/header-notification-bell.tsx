import { NotificationBell } from '@web/components/layout/notification-bell';
import { useSession } from '@web/lib/session';
import { useMyNotifications } from '../api/get-my-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';

// The header bell fed by GET /notifications/my; clicking an unread item marks it read.
export function HeaderNotificationBell() {
  const { user } = useSession();
  const notifications = useMyNotifications();
  const markRead = useMarkNotificationRead(user?.id ?? 0);
  if (!user) return null;
  return <NotificationBell userId={user.id} notifications={notifications.data ?? []} onRead={(item) => markRead.mutate(Number(item._id))} />;
}
