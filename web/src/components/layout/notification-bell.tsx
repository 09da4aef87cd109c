import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '@web/lib/use-date-format';
import { iconButtonClassName } from '@web/components/ui/button';

export interface BellNotification {
  _id: number | string;
  message: string;
  readBy: (number | string)[];
  // Who sent it and when (issue 21): a message without them is hard to act on.
  sender_name?: string | null;
  createdAt?: string;
}

interface NotificationBellProps {
  userId: number;
  notifications: BellNotification[];
  onRead?: (notification: BellNotification) => void;
}

// Spec section 2: unread badge, a scrolling dropdown, "No notifications" when empty,
// a click outside closes it. The list itself arrives with the notifications feature.
export function NotificationBell({ userId, notifications, onRead }: NotificationBellProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const isUnread = (notification: BellNotification) => !notification.readBy.map(String).includes(String(userId));
  const unread = notifications.filter(isUnread).length;

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        className={`${iconButtonClassName} relative rounded-full text-slate-600 hover:bg-slate-100`}
        aria-label={unread > 0 ? t('header.unread', { count: unread }) : t('header.notifications')}
        aria-expanded={open}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span data-testid="unread-badge" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg" role="dialog" aria-label={t('header.notifications')}>
          <p className="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-700">{t('header.notifications')}</p>
          <ul className="max-h-60 overflow-y-auto">
            {notifications.length === 0 && <li className="px-4 py-6 text-center text-sm text-slate-500">{t('header.noNotifications')}</li>}
            {notifications.map((notification) => {
              const unreadItem = isUnread(notification);
              return (
                <li key={notification._id}>
                  <button
                    type="button"
                    onClick={() => unreadItem && onRead?.(notification)}
                    className={`w-full px-4 py-3 text-left text-sm hover:bg-slate-50 ${unreadItem ? 'bg-blue-50 font-medium text-slate-900' : 'text-slate-600'}`}
                  >
                    <span className="block break-words">{notification.message}</span>
                    {(notification.sender_name !== undefined || notification.createdAt) && (
                      <span className="mt-0.5 block text-xs font-normal text-slate-500">
                        {t('notifications.inbox.from', {
                          sender: notification.sender_name ?? t('notifications.inbox.unknownSender'),
                          date: notification.createdAt ? dates.dateTime(notification.createdAt) : '',
                        })}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          <Link to="/notifications" onClick={() => setOpen(false)} className="flex min-h-11 items-center justify-center border-t border-slate-100 px-4 text-sm font-medium text-blue-800 hover:bg-slate-50">
            {t('notifications.bell.viewAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
