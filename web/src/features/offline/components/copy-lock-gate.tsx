import { lazy, type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { copyLockedFor } from '@web/lib/offline/copy-lock-flag';
import { useOfflineRevision } from '@web/lib/offline/use-online';
import { useSession } from '@web/lib/session';

// Issue 57 (decision 075): a phone whose copy of voters is locked with a PIN shows nothing of the
// app until the PIN is given, with a connection or without: a lost phone still signed in is not
// an open door to its booths' voters. The screen and the lock's code load only here.
const PinUnlockScreen = lazy(() => import('./pin-unlock-screen').then((module) => ({ default: module.PinUnlockScreen })));

export function CopyLockGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  useOfflineRevision();
  if (!user || !copyLockedFor(user.id)) return <>{children}</>;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <PinUnlockScreen userId={user.id} />
    </Suspense>
  );
}
