import { lazy, type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/session';

// Its form loads only for the few who need it (issue 21: a small first load).
const RequiredPasswordChange = lazy(() => import('./required-password-change').then((module) => ({ default: module.RequiredPasswordChange })));

// Issue 57: while the signed-in user's password must be replaced, nothing else is shown (and the
// app shell's own calls, which the server would refuse, never start).
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.must_change_password) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <RequiredPasswordChange />
      </Suspense>
    );
  }
  return <>{children}</>;
}
