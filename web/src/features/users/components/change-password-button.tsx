import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Every screen shows this button; its form loads only when opened (issue 21: a small first load).
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })));

// Every signed-in user can change their own password from the sidebar footer.
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 flex min-h-11 items-center gap-1.5 text-xs font-medium text-blue-200 hover:text-white lg:min-h-0"
      >
        <KeyRound aria-hidden="true" className="h-3.5 w-3.5" />
        {t('users.changePassword.action')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
