import { Check } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/use-date-format';
import { useInbox } from '../api/get-inbox';
import { useMarkNotificationRead } from '../api/mark-notification-read';

interface NotificationInboxProps {
  userId: number;
  page: number;
  onPage: (page: number) => void;
}

// Every user's inbox (issue 21): what they received, with sender, time and their own read state,
// a page at a time. A Karyakarta's page used to show only counts about messages they sent (0/0/0).
export function NotificationInbox({ userId, page, onPage }: NotificationInboxProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const inbox = useInbox(page);
  const markRead = useMarkNotificationRead(userId);

  useEffect(() => {
    if (inbox.isError) toast.error(t('notifications.inbox.failed'), { id: 'notification-inbox-failed' });
  }, [inbox.isError, t]);

  const data = inbox.data;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="notification-inbox">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="notification-inbox" className="text-lg font-semibold text-slate-900">
          {t('notifications.inbox.title')}
        </h2>
        {data && (
          <p className="text-sm text-slate-600" data-testid="inbox-summary">
            {t('notifications.inbox.summary', { total: data.total, unread: data.unread })}
          </p>
        )}
      </div>
      {!data ? (
        inbox.isLoading && (
          <div className="flex justify-center py-6 text-blue-900" role="status">
            <Spinner className="h-6 w-6" />
            <span className="sr-only">{t('app.loading')}</span>
          </div>
        )
      ) : data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('notifications.inbox.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.items.map((item) => {
            const unread = item.readAt === null;
            return (
              <li key={item.id} className={`flex items-start gap-3 py-3 ${unread ? '' : 'text-slate-600'}`} data-testid="inbox-item">
                <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-blue-600' : 'bg-transparent'}`} />
                <div className="min-w-0 flex-1">
                  <p className={`whitespace-pre-line break-words text-sm ${unread ? 'font-medium text-slate-900' : ''}`}>{item.message}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {t('notifications.inbox.from', { sender: item.sender_name ?? t('notifications.inbox.unknownSender'), date: dates.dateTime(item.createdAt) })}
                    {' · '}
                    <span className={unread ? 'font-semibold text-blue-800' : ''}>{unread ? t('notifications.inbox.unread') : t('notifications.inbox.read')}</span>
                  </p>
                </div>
                {unread && (
                  <Button variant="secondary" className="min-w-11 shrink-0 px-3 text-xs" onClick={() => markRead.mutate(item.id)} title={t('notifications.inbox.markRead')} aria-label={`${t('notifications.inbox.markRead')}: ${item.message.slice(0, 40)}`}>
                    <Check aria-hidden="true" className="h-4 w-4" />
                    <span className="hidden sm:inline">{t('notifications.inbox.markRead')}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data && data.totalPages > 1 && (
        <nav aria-label={t('notifications.inbox.pages')} className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" className="px-3" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('notifications.inbox.previous')}
          </Button>
          <span className="text-sm text-slate-600">{t('notifications.inbox.page', { page: data.page, totalPages: data.totalPages })}</span>
          <Button variant="secondary" className="px-3" disabled={page >= data.totalPages} onClick={() => onPage(page + 1)}>
            {t('notifications.inbox.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
