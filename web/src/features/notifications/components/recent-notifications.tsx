import { useTranslation } from 'react-i18next';
import type { NotificationLog, SmsStatus } from '@shared/notifications/notification-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { useDateFormat } from '@web/lib/use-date-format';

const SMS_COLORS: Record<SmsStatus, BadgeColor> = { queued: 'yellow', sent: 'green', failed: 'red', skipped: 'gray' };

export function RecentNotifications({ logs }: { logs: NotificationLog[] }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="recent-notifications">
      <h2 id="recent-notifications" className="mb-4 text-lg font-semibold text-slate-900">
        {t('notifications.recentTitle')}
      </h2>
      {logs.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('notifications.noRecent')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {logs.map((log) => (
            <li key={log._id} className="py-3">
              <p className="whitespace-pre-line text-sm text-slate-900">{log.message}</p>
              <p className="mt-1 text-xs text-slate-500">
                {t('notifications.logLine', { sender: log.sender_name ?? '-', date: dates.dateTime(log.createdAt), count: log.recipients.length, reads: log.readBy.length })}
              </p>
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('notifications.deliveries')}>
                {log.deliveries.map((delivery) => (
                  <li key={delivery.user_id} title={delivery.sms_error ?? undefined}>
                    <Badge color={SMS_COLORS[delivery.sms_status]}>
                      {delivery.full_name ?? delivery.user_id} · {t(`notifications.smsStatus.${delivery.sms_status}`)}
                      {delivery.read ? ` · ${t('notifications.read')}` : ''}
                    </Badge>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
