import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorChallenge } from '@shared/auth/two-factor-schemas';
import { BlockSubmitButton } from '@web/components/ui/block-submit-button';

interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onVerify: (code: string) => Promise<void>;
  onBack: () => void;
}

// The second sign-in step: on first sign-in the QR code to scan, then the code field
// (or a recovery code, for a lost phone).
export function TwoFactorStep({ challenge, onVerify, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const enrolment = challenge.enrolment;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onVerify(code.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="text-center">
        <h2 className="text-lg font-semibold text-slate-900">{enrolment ? t('twoFactor.enrolTitle') : t('twoFactor.title')}</h2>
        <p className="mt-1 text-sm text-slate-500">{enrolment ? t('twoFactor.enrolIntro') : t('twoFactor.enterCode')}</p>
      </div>
      {enrolment && (
        <div className="flex flex-col items-center gap-2">
          <img src={enrolment.qrCodeDataUrl} alt={t('twoFactor.qrAlt')} width={200} height={200} className="h-48 w-48 rounded-lg border border-slate-200" />
          <p className="text-xs text-slate-500">{t('twoFactor.manualKey')}</p>
          <code data-testid="two-factor-secret" className="max-w-full rounded bg-slate-100 px-2 py-1 text-center font-mono text-xs break-all text-slate-800 select-all">
            {enrolment.secret}
          </code>
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="two-factor-code" className="mb-1 block text-sm font-medium text-slate-700">
            {useRecovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
          </label>
          <input
            id="two-factor-code"
            type="text"
            autoFocus
            autoComplete="one-time-code"
            autoCapitalize="none"
            inputMode={useRecovery ? 'text' : 'numeric'}
            maxLength={useRecovery ? 20 : 6}
            placeholder={useRecovery ? 'xxxxx-xxxxx' : '123456'}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(false);
            }}
            aria-invalid={missing ? 'true' : undefined}
            className="w-full rounded-lg border border-slate-300 px-3 py-2.5 text-center font-mono text-lg tracking-widest text-slate-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
          />
          {missing && <p className="mt-1 text-sm text-red-600">{t('twoFactor.codeRequired')}</p>}
        </div>
        <BlockSubmitButton busy={busy} label={t('twoFactor.verify')} busyLabel={t('twoFactor.verifying')} />
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        {!enrolment && (
          <button
            type="button"
            className="text-blue-800 hover:underline"
            onClick={() => {
              setUseRecovery((value) => !value);
              setCode('');
            }}
          >
            {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
          </button>
        )}
        <button type="button" className="text-slate-500 hover:underline" onClick={onBack}>
          {t('twoFactor.back')}
        </button>
      </div>
    </div>
  );
}
