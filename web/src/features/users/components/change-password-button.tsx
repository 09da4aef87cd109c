import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDialog } from './change-password-dialog';

// Every signed-in user can change their own password from the sidebar footer.
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 flex items-center gap-1.5 text-xs font-medium text-blue-200 hover:text-white"
      >
        <KeyRound aria-hidden="true" className="h-3.5 w-3.5" />
        {t('users.changePassword.action')}
      </button>
      {open && <ChangePasswordDialog onClose={() => setOpen(false)} />}
    </>
  );
}
