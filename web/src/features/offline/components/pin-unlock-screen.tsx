import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { setOfflineUser } from '@web/lib/offline/offline-api';
import { clearOfflineData } from '@web/lib/offline/offline-voters';
import { type LockState, lockState, unlockCopy } from '@web/lib/offline/offline-pin';
import { isValidPin, MAX_PIN_TRIES } from '@web/lib/offline/offline-vault';
import { useSession } from '@web/lib/session';
import { usePinTranslation } from '../pin-texts-loader';

// The lock screen of the phone's copy (issue 57, decision 075), shown by copy-lock-gate.tsx
// whenever the app opens with a copy locked by this user's PIN. A wrong PIN says how many tries
// are left (the count is kept on the phone, a reload does not reset it); the last try warns
// that the voters and any changes not yet sent go with it; the fifth wrong PIN wipes them and
// signs out. A forgotten PIN: wipe, sign out, sign in again and sync (with a connection).
export function PinUnlockScreen({ userId }: { userId: number }) {
  const { t } = usePinTranslation();
  const { logout } = useSession();
  const [state, setState] = useState<LockState | undefined>();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [forgetting, setForgetting] = useState(false);

  useEffect(() => {
    let current = true;
    // No lock for this user after all (wiped, too old): lockState lets the app through.
    void lockState(userId).then((found) => {
      if (current) setState(found);
    });
    return () => {
      current = false;
    };
  }, [userId]);

  const wipeAndSignOut = async () => {
    await clearOfflineData();
    setOfflineUser(null);
    await logout();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPin(pin)) return setError(t('unlock.invalid'));
    setBusy(true);
    const outcome = await unlockCopy(userId, pin).finally(() => setBusy(false));
    setPin('');
    if (outcome.status === 'open') setOfflineUser(userId);
    else if (outcome.status === 'wrong') {
      setError(t('unlock.wrong', { count: outcome.triesLeft }));
      setState((previous) => previous && { ...previous, triesLeft: outcome.triesLeft });
    } else if (outcome.status === 'wiped') {
      toast.error(t('unlock.wiped'), { id: 'pin-wiped', duration: 15_000 });
      setOfflineUser(null);
      await logout();
    }
  };

  if (!state) return null;
  const lastTry = state.triesLeft === 1;
  return (
    <div className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg">
        <div className="mb-5 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-blue-100 text-blue-900">
            <LockKeyhole aria-hidden="true" className="h-6 w-6" />
          </div>
          <h1 className="text-xl font-bold text-slate-900">{t('unlock.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('unlock.intro')}</p>
        </div>
        {forgetting ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">{t('unlock.forgotText')}</p>
            {state.waiting > 0 && <p className="text-sm font-medium text-red-700">{t('unlock.forgotWaiting', { count: state.waiting })}</p>}
            <Button variant="danger" className="w-full" onClick={() => void wipeAndSignOut()}>
              {t('unlock.forgotConfirm')}
            </Button>
            <Button variant="secondary" className="w-full" onClick={() => setForgetting(false)}>
              {t('unlock.cancel')}
            </Button>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
            <FormField label={t('unlock.pin')} error={error}>
              <input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                autoFocus
                value={pin}
                onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-center text-2xl tracking-[0.4em] text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
              />
            </FormField>
            {(lastTry || state.waiting > 0) && state.triesLeft < MAX_PIN_TRIES && (
              <div role="alert" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {lastTry && <p className="font-medium">{t('unlock.lastTry')}</p>}
                {state.waiting > 0 && <p>{t('unlock.waiting', { count: state.waiting })}</p>}
              </div>
            )}
            <Button type="submit" className="w-full" busy={busy}>
              {t('unlock.open')}
            </Button>
            <button type="button" onClick={() => setForgetting(true)} className="min-h-11 w-full text-sm font-medium text-blue-800 underline">
              {t('unlock.forgot')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
