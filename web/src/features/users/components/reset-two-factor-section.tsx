import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { User } from '@shared/users/user-schema';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useResetTwoFactor, useTwoFactorStatus } from '../api/two-factor-reset';

// The edit modal's two-factor part, for a Super Admin: whether the user has an authenticator,
// and a reset (asked twice) for someone who lost their phone.
export function ResetTwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const status = useTwoFactorStatus(user.id);
  const reset = useResetTwoFactor();

  const onReset = async () => {
    try {
      await reset.mutateAsync(user.id);
      // The client's own words (the server's success text is English only).
      toast.success(t('users.twoFactor.resetDone'));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, t('users.twoFactor.failed')));
    }
  };

  const summary = status.isPending
    ? t('app.loading')
    : status.isError
      ? t('users.twoFactor.unknown')
      : status.data.enrolled
        ? t('users.twoFactor.enrolled', { count: status.data.recoveryCodesLeft })
        : t('users.twoFactor.notEnrolled');

  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className="text-sm font-semibold text-slate-900">
        {t('users.twoFactor.title')}
      </h3>
      <p className="mt-0.5 text-xs text-slate-500" data-testid="two-factor-status">
        {summary}
      </p>
      {status.data?.enrolled &&
        (confirming ? (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm text-slate-700">{t('users.twoFactor.confirm', { name: user.full_name })}</p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button variant="danger" busy={reset.isPending} onClick={() => void onReset()}>
                {t('users.twoFactor.reset')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
            <ShieldOff aria-hidden="true" className="h-4 w-4" />
            {t('users.twoFactor.open')}
          </Button>
        ))}
    </section>
  );
}
