import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { setOfflineUser } from '@web/lib/offline/offline-api';
import { choosePin } from '@web/lib/offline/offline-pin';
import { isValidPin } from '@web/lib/offline/offline-vault';
import { usePinTranslation } from '../pin-texts-loader';

const pinInput = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-center text-xl tracking-[0.3em] text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200';

// Issue 57 (decision 075): after the first sync the voters wait in memory; nothing is stored on
// the phone until the field worker sets a PIN here (the header's "Set PIN"). The PIN locks the
// stored copy, and the app asks for it each time it opens (copy-lock-gate.tsx).
export function PinSetup({ userId }: { userId: number }) {
  const { t } = usePinTranslation();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPin(pin)) return setErrors({ pin: t('setup.invalid') });
    if (repeat !== pin) return setErrors({ repeat: t('setup.differ') });
    setErrors({});
    setBusy(true);
    try {
      await choosePin(userId, pin);
      setOfflineUser(userId);
      setOpen(false);
      toast.success(t('setup.saved'));
    } catch (error) {
      console.error('Keeping the offline copy failed', error);
      toast.error(t('setup.failed'));
    } finally {
      setBusy(false);
    }
  };

  const digits = (value: string) => value.replace(/\D/g, '');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-amber-100 px-3 text-xs font-medium text-amber-900 sm:text-sm">
        <LockKeyhole aria-hidden="true" className="h-4 w-4" />
        {t('setup.open')}
      </button>
      <Modal open={open} title={t('setup.title')} onClose={() => setOpen(false)} size="sm">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">{t('setup.intro')}</p>
          <p className="text-sm font-medium text-amber-900">{t('setup.warning')}</p>
          <FormField label={t('setup.pin')} error={errors.pin}>
            <input type="password" inputMode="numeric" autoComplete="new-password" maxLength={8} value={pin} onChange={(event) => setPin(digits(event.target.value))} className={pinInput} />
          </FormField>
          <FormField label={t('setup.repeat')} error={errors.repeat}>
            <input type="password" inputMode="numeric" autoComplete="new-password" maxLength={8} value={repeat} onChange={(event) => setRepeat(digits(event.target.value))} className={pinInput} />
          </FormField>
          <Button type="submit" className="w-full" busy={busy}>
            {t('setup.save')}
          </Button>
        </form>
      </Modal>
    </>
  );
}
