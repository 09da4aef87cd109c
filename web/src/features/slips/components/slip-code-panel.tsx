import { QrCode } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useSlipQrTranslation } from '@web/lib/slip-qr-texts';
import { useDateFormat } from '@web/lib/use-date-format';
import { useRevokeSlipCode, useSlipCode } from '../api/slip-codes';

// The office's view of a voter's slip QR code (issue 61, decision 085), in the voter dialog's
// slips section: when it was last revoked, and "Revoke slip QR code" for a lost or reprinted slip,
// after which slips printed before no longer mark the voter on poll day.
export function SlipCodePanel({ voter }: { voter: { id: number; full_name: string } }) {
  const { t } = useSlipQrTranslation();
  const { dateTime } = useDateFormat();
  const code = useSlipCode(voter.id);
  const revoke = useRevokeSlipCode(voter.id);
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    if (!code.data) return;
    try {
      await revoke.mutateAsync(code.data.generation);
      toast.success(t('code.done'));
    } catch (error) {
      toast.error(errorMessage(error, t('code.failed')));
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="w-full space-y-2 rounded-lg border border-slate-200 p-3" data-testid="slip-code">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <QrCode aria-hidden="true" className="h-4 w-4" />
        {t('code.title')}
      </p>
      {code.isError && <p className="text-sm text-red-700">{errorMessage(code.error, t('code.loadFailed'))}</p>}
      {code.data && (
        <p className="text-sm text-slate-600">
          {code.data.revoked_at ? t('code.revoked', { date: dateTime(code.data.revoked_at), name: code.data.revoked_by_name ?? '—' }) : t('code.first')}
        </p>
      )}
      <Button variant="secondary" className="min-h-10" disabled={!code.data} onClick={() => setAsking(true)}>
        {t('code.revoke')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('code.confirmTitle')}
        message={t('code.confirm', { name: voter.full_name })}
        confirmLabel={t('code.revoke')}
        busy={revoke.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
