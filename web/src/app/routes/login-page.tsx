import { Eye, EyeOff, Vote } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { LoginInput } from '@shared/auth/auth-schemas';
import { checkLoginInput } from '@shared/auth/login-input';
import type { TwoFactorChallenge } from '@shared/auth/two-factor-schemas';
import { BlockSubmitButton } from '@web/components/ui/block-submit-button';
import { LanguageSelect } from '@web/components/ui/language-select';
import { useSignInLanguage } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';

// The two-factor steps load only for a user who has them (most Karyakartas do not).
const TwoFactorStep = lazy(() => import('@web/features/two-factor/components/two-factor-step').then((module) => ({ default: module.TwoFactorStep })));
const RecoveryCodes = lazy(() => import('@web/features/two-factor/components/recovery-codes').then((module) => ({ default: module.RecoveryCodes })));

type Step = { kind: 'password' } | { kind: 'code'; challenge: TwoFactorChallenge } | { kind: 'recovery-codes'; codes: string[]; finish: () => void };

export function LoginPage() {
  const { t } = useTranslation();
  const { user, loading, login, verifyTwoFactor, chooseLanguage } = useSession();
  useSignInLanguage();
  const [showPassword, setShowPassword] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // A plain form checked by the shared rules (login-input.ts, the server's schema's limits without
  // zod): react-hook-form and zod are not worth their 11 and 22 KB to the first screen a phone
  // downloads (issue 21). After a first attempt, each change re-checks.
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, true>>>({});
  const [attempted, setAttempted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const check = (input: LoginInput) => {
    const result = checkLoginInput(input);
    setErrors(result.ok ? {} : Object.fromEntries(result.fields.map((field) => [field, true])));
    return result.ok ? result.value : null;
  };
  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (attempted) check(next);
    },
  });

  // Spec section 2: a signed-in user goes to their home screen by role ("/" knows which).
  if (!loading && user) return <Navigate to="/" replace />;

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const input = check(values);
    if (!input || isSubmitting) return;
    setSubmitting(true);
    try {
      const outcome = await login(input.username, input.password);
      if (outcome.status === 'two-factor') setStep({ kind: 'code', challenge: outcome.challenge });
    } finally {
      setSubmitting(false);
    }
  };

  const onVerify = async (challenge: TwoFactorChallenge, code: string) => {
    const outcome = await verifyTwoFactor(challenge.challengeToken, code);
    if (outcome.status === 'recovery-codes') setStep({ kind: 'recovery-codes', codes: outcome.codes, finish: outcome.finish });
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-950 via-blue-900 to-indigo-800 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        {/* Before signing in: whoever signs in next keeps this choice (lib/session.tsx). */}
        <LanguageSelect className="mb-6 justify-end text-slate-600" onChange={(language) => void chooseLanguage(language)} />
        <div className="mb-8 text-center">
          <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-blue-100 text-blue-900">
            <Vote aria-hidden="true" className="h-7 w-7" />
          </div>
          <h1 className="text-2xl font-bold text-slate-900">{t('login.title')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('login.subtitle')}</p>
        </div>
        <Suspense fallback={null}>
          {step.kind === 'code' && (
            <TwoFactorStep challenge={step.challenge} onVerify={(code) => onVerify(step.challenge, code)} onBack={() => setStep({ kind: 'password' })} />
          )}
          {step.kind === 'recovery-codes' && <RecoveryCodes codes={step.codes} onContinue={step.finish} />}
        </Suspense>
        {step.kind === 'password' && (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
            <div>
              <label htmlFor="username" className="mb-1 block text-sm font-medium text-slate-700">
                {t('login.username')}
              </label>
              <input
                id="username"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                placeholder={t('login.usernamePlaceholder')}
                className="w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
                aria-invalid={errors.username ? 'true' : undefined}
                {...field('username')}
              />
              {errors.username && <p className="mt-1 text-sm text-red-600">{t('login.usernameRequired')}</p>}
            </div>
            <div>
              <label htmlFor="password" className="mb-1 block text-sm font-medium text-slate-700">
                {t('login.password')}
              </label>
              <div className="relative">
                <input
                  id="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  placeholder={t('login.passwordPlaceholder')}
                  className="w-full rounded-lg border border-slate-300 py-2.5 pl-3 pr-11 text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
                  aria-invalid={errors.password ? 'true' : undefined}
                  {...field('password')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((value) => !value)}
                  className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-800"
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                >
                  {showPassword ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
                </button>
              </div>
              {errors.password && <p className="mt-1 text-sm text-red-600">{t('login.passwordRequired')}</p>}
            </div>
            <BlockSubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.signingIn')} />
          </form>
        )}
      </div>
    </div>
  );
}
