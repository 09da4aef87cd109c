import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@web/components/ui/spinner';
import { rememberUser } from '@web/lib/remembered-user';
import { useSession } from '@web/lib/session';
import { ChangePasswordForm } from './change-password-form';

const FORM_ID = 'required-password-change-form';

// Issue 57: a password that was generated or reset by someone else opens only this screen; the
// server refuses every other call (403) until the user has set their own.
export function RequiredPasswordChange() {
  const { t } = useTranslation();
  const { user, userSaved, logout } = useSession();
  const [busy, setBusy] = useState(false);
  const changed = () => {
    if (!user) return;
    const updated = { ...user, must_change_password: false };
    rememberUser(updated);
    userSaved(updated);
  };
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-950 via-blue-900 to-indigo-800 px-4 py-10">
      <main className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
            <KeyRound aria-hidden="true" className="h-7 w-7" />
          </div>
          <h1 className="text-2xl font-bold text-slate-900">{t('users.requiredPasswordChange.title')}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('users.requiredPasswordChange.explanation', { name: user?.full_name ?? '' })}</p>
        </div>
        <ChangePasswordForm formId={FORM_ID} onChanged={changed} onBusy={setBusy} />
        <button
          type="submit"
          form={FORM_ID}
          disabled={busy}
          className="mt-6 flex w-full items-center justify-center gap-2 rounded-lg bg-blue-900 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
        >
          {busy && <Spinner className="h-4 w-4" />}
          {t('users.requiredPasswordChange.submit')}
        </button>
        <button type="button" onClick={() => void logout()} className="mt-4 min-h-11 w-full text-sm font-medium text-slate-600 hover:text-slate-900">
          {t('logout.action')}
        </button>
      </main>
    </div>
  );
}
