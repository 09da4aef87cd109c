import { AlarmClock, ArrowRight, CheckCircle2, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { useServiceRegisterTranslation } from '@web/lib/service-register-texts';
import { useServiceCounts } from '../api/get-service-counts';

// The office dashboard's service-request counts (decision 090): open, overdue and resolved this
// month, each a link to the register filtered to match where one fits.
export function ServiceCountsCard() {
  const { t } = useServiceRegisterTranslation();
  const counts = useServiceCounts();
  const value = (count: number | undefined) => (counts.isLoading ? <Spinner className="h-6 w-6" /> : (count ?? 0).toLocaleString('en-IN'));
  return (
    <section aria-labelledby="service-counts" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="service-counts" className="text-lg font-semibold text-slate-900">
          {t('dashboard.title')}
        </h2>
        <Link to="/service" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-800 hover:text-blue-950">
          {t('dashboard.view')}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t('dashboard.open')} icon={Inbox} iconClassName="bg-blue-50 text-blue-700" value={value(counts.data?.open)} />
        <StatCard
          label={t('dashboard.overdue')}
          icon={AlarmClock}
          iconClassName="bg-red-50 text-red-700"
          value={value(counts.data?.overdue)}
          footer={
            <Link to="/service?overdue=true" className="mt-1 inline-flex text-sm font-medium text-red-700 hover:text-red-900">
              {t('dashboard.view')}
            </Link>
          }
        />
        <StatCard label={t('dashboard.resolvedThisMonth')} icon={CheckCircle2} iconClassName="bg-green-50 text-green-700" value={value(counts.data?.resolved_this_month)} />
      </div>
    </section>
  );
}
