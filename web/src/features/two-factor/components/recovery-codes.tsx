import { ShieldCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

// Shown once, right after enrolment: the codes exist nowhere else in readable form.
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('twoFactor.copied'));
    } catch {
      // Clipboard refused (an insecure origin, say): the codes are still on screen.
    }
  };
  return (
    <div className="space-y-5">
      <div className="text-center">
        <ShieldCheck aria-hidden="true" className="mx-auto mb-2 h-8 w-8 text-green-700" />
        <h2 className="text-lg font-semibold text-slate-900">{t('twoFactor.recoveryTitle')}</h2>
        <p className="mt-1 text-sm text-slate-500">{t('twoFactor.recoveryIntro')}</p>
      </div>
      <ul aria-label={t('twoFactor.recoveryTitle')} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <button type="button" onClick={onContinue} className="rounded-lg bg-blue-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-blue-800">
          {t('twoFactor.continue')}
        </button>
        <button type="button" onClick={() => void copy()} className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {t('twoFactor.copy')}
        </button>
      </div>
    </div>
  );
}
