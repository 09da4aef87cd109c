import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormFooter } from '@web/components/ui/dialog-form-footer';
import { Modal } from '@web/components/ui/modal';
import { ChangePasswordForm } from './change-password-form';

const FORM_ID = 'change-password-form';

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      size="sm"
      title={t('users.changePassword.title')}
      onClose={onClose}
      footer={
        <DialogFormFooter formId={FORM_ID} busy={busy} onCancel={onClose}>
          {t('users.changePassword.submit')}
        </DialogFormFooter>
      }
    >
      <ChangePasswordForm formId={FORM_ID} onChanged={onClose} onBusy={setBusy} />
    </Modal>
  );
}
