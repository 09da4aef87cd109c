import { ArrowRight, BarChart3, ClipboardList, MessageSquare, ShieldAlert, TrendingUp, UserPlus, Users, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { BoothClassCard } from '@web/features/booths/components/booth-analytics';
import { ServiceCountsCard } from '@web/features/service-requests/components/service-counts-card';
import { AuditRecord } from '@web/features/audit-logs/components/audit-record';
import { useDashboardStats, useRecentActivity } from '@web/features/dashboard/api/get-dashboard';
import { useDateFormat } from '@web/lib/use-date-format';
import { auditActionName } from '@web/lib/audit-names';

// /dashboard (spec section 2). The percentage changes are fixed decorations (spec section 9).
export function DashboardPage() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  const activity = useRecentActivity();
  const dates = useDateFormat();
  const cards = [
    { label: t('dashboard.totalVoters'), value: stats.data?.totalVoters, change: '+2.5%', icon: Vote, color: 'bg-blue-50 text-blue-700' },
    { label: t('dashboard.activeUsers'), value: stats.data?.activeUsers, change: '+1.2%', icon: Users, color: 'bg-green-50 text-green-700' },
    { label: t('dashboard.totalTasks'), value: stats.data?.totalTasks, change: '+5.4%', icon: ClipboardList, color: 'bg-purple-50 text-purple-700' },
  ];
  const actions = [
    { label: t('dashboard.addVoter'), to: '/voters?tab=entry', icon: UserPlus },
    { label: t('dashboard.viewTasks'), to: '/tasks', icon: ClipboardList },
    { label: t('dashboard.sendSms'), to: '/notifications', icon: MessageSquare },
    { label: t('dashboard.analytics'), to: '/analytics', icon: BarChart3 },
  ];

  return (
    <div className="space-y-6">
      <div>
        <PageHeader title={t('dashboard.title')} />
        <p className="-mt-4 text-sm text-slate-500" data-testid="today">
          {dates.longToday()}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <StatCard
            key={card.label}
            label={card.label}
            icon={card.icon}
            iconClassName={card.color}
            value={stats.isLoading ? <Spinner className="h-6 w-6" /> : (card.value ?? 0).toLocaleString('en-IN')}
            footer={
              <p className="mt-1 flex items-center gap-1 text-sm text-green-700">
                <TrendingUp aria-hidden="true" className="h-4 w-4" />
                {card.change}
              </p>
            }
          />
        ))}
      </div>
      <ServiceCountsCard />
      <BoothClassCard />
      <DashboardSection id="quick-actions" title={t('dashboard.quickActions')}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {actions.map((action) => (
            <Link key={action.to} to={action.to} className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 text-center text-sm font-medium text-slate-700 hover:border-blue-300 hover:bg-blue-50">
              <action.icon aria-hidden="true" className="h-6 w-6 text-blue-900" />
              {action.label}
            </Link>
          ))}
        </div>
      </DashboardSection>
      <section aria-labelledby="disclaimer" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900">
        <ShieldAlert aria-hidden="true" className="h-6 w-6 shrink-0" />
        <div>
          <h2 id="disclaimer" className="font-semibold">
            {t('dashboard.disclaimerTitle')}
          </h2>
          <p className="mt-1 text-sm">{t('dashboard.disclaimer')}</p>
        </div>
      </section>
      <DashboardSection
        id="recent-activity"
        title={t('dashboard.recentActivity')}
        action={
          // The audit log is not in the sidebar (spec section 2): this is the way to it.
          <Link to="/audit-logs" className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:text-blue-950">
            {t('dashboard.viewAuditLog')}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        }
      >
        {activity.isLoading ? (
          <Spinner className="h-6 w-6 text-blue-900" />
        ) : (activity.data ?? []).length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">{t('dashboard.noActivity')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {(activity.data ?? []).map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{item.user_name ?? t('dashboard.system')}</span>{' '}
                  <span className="text-slate-600">{auditActionName(t, item.action)}</span>{' '}
                  <AuditRecord log={item} />
                </span>
                <time dateTime={item.created_at} className="text-xs text-slate-500">
                  {dates.dateTime(item.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </DashboardSection>
    </div>
  );
}

// A white card named by its heading, so a screen reader and a test find it by that title.
function DashboardSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
