import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/layout/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useTurnout } from '@web/features/poll/api/get-turnout';
import { TurnoutDashboard } from '@web/features/poll/components/turnout-dashboard';
import { SmsMarksForm } from '@web/features/poll/components/sms-marks-form';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { isAdminRole } from '@shared/auth/roles';

// /poll/turnout (issue 22): the office's live poll-day dashboard, refreshed every 10 seconds; a
// Supervisor sees their own booths.
export function PollTurnoutPage() {
  const { t } = useTranslation();
  const turnout = useTurnout();
  const { user } = useSession();
  return (
    <div>
      <PageHeader title={t('pollDay.turnout.title')} />
      {turnout.isPending && <Spinner className="h-8 w-8 text-blue-900" />}
      {turnout.isError && <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">{errorMessage(turnout.error, t('pollDay.turnout.loadFailed'))}</p>}
      {turnout.data && (turnout.data.election.poll_date === '' ? <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">{t('pollDay.turnout.noDate')}</p> : <TurnoutDashboard turnout={turnout.data} />)}
      {/* Marks that came by SMS to the office's own phone (issue 61): office roles. */}
      {user && isAdminRole(user.role) && turnout.data?.election.poll_date ? <SmsMarksForm /> : null}
    </div>
  );
}
