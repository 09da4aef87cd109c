import { Bell, Eye, EyeOff } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAdminRole, type Role } from '@shared/auth/roles';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';
import { useSession } from '@web/lib/session';
import { useNotificationLogs } from '@web/features/notifications/api/get-notification-logs';
import { useNotificationStats } from '@web/features/notifications/api/get-notification-stats';
import { ComposeNotification } from '@web/features/notifications/components/compose-notification';
import { NotificationInbox } from '@web/features/notifications/components/notification-inbox';
import { RecentNotifications } from '@web/features/notifications/components/recent-notifications';

// /notifications (spec section 2): three stat cards, the compose form, Recent Notifications; and
// (issue 21) every user's inbox. The stat cards and the sent log are about messages sent: office
// roles always see them, anyone else once they have sent something (a Karyakarta's page used to
// read 0 / 0 / 0 beside a message they had received).
export function NotificationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logs = useNotificationLogs();
  const stats = useNotificationStats();
  const [params, setParams] = useSearchParams();
  const inboxPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setInboxPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });

  useEffect(() => {
    if (logs.isError) toast.error(t('notifications.logsFailed'), { id: 'notification-logs-failed' });
  }, [logs.isError, t]);
  useEffect(() => {
    if (stats.isError) toast.error(t('notifications.statsFailed'), { id: 'notification-stats-failed' });
  }, [stats.isError, t]);

  if (!user) return null;
  const office = isAdminRole(user.role as Role);
  const showSent = office || (stats.data?.total_notifications ?? 0) > 0;
  const cards = [
    { label: t('notifications.stats.total'), value: stats.data?.total_notifications, icon: Bell, color: 'text-blue-700 bg-blue-50' },
    { label: t('notifications.stats.reads'), value: stats.data?.total_reads, icon: Eye, color: 'text-green-700 bg-green-50' },
    { label: t('notifications.stats.unread'), value: stats.data?.unread_notifications, icon: EyeOff, color: 'text-amber-700 bg-amber-50' },
  ];
  const inbox = <NotificationInbox userId={user.id} page={inboxPage} onPage={setInboxPage} />;
  return (
    <div>
      <PageHeader title={t('notifications.title')} />
      {/* Field roles read first: their inbox leads. */}
      {!office && <div className="mb-6">{inbox}</div>}
      {showSent && (
        <div className="mb-6 grid gap-4 sm:grid-cols-3">
          {cards.map((card) => (
            <StatCard key={card.label} label={card.label} value={card.value ?? '–'} icon={card.icon} iconClassName={card.color} />
          ))}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ComposeNotification senderId={user.id} />
        {showSent && <RecentNotifications logs={logs.data ?? []} />}
      </div>
      {office && <div className="mt-6">{inbox}</div>}
    </div>
  );
}
