import { CloudOff } from 'lucide-react';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepsOfflineCopy } from '@web/lib/offline/offline-api';
import { useOnline } from '@web/lib/offline/use-online';
import { useSession } from '@web/lib/session';

// The outbox's count and the sync of the phone's copy: Dexie and the outbox, loaded only for a
// field user and only once the first screen is up (decision 037).
const OutboxStatus = lazy(() => import('./outbox-status').then((module) => ({ default: module.OutboxStatus })));

// How long the screen's data calls must have been quiet before the copy's sync starts: the sync
// and the loading of its code would otherwise compete with the first screen on a slow phone.
const SETTLED_MS = 1000;

// True once the page has loaded and no data call has run for SETTLED_MS (stays true).
function useFirstScreenSettled(enabled: boolean): boolean {
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!enabled || settled || fetching > 0) return;
    let timer: number | undefined;
    const wait = () => {
      timer = window.setTimeout(() => setSettled(true), SETTLED_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      window.clearTimeout(timer);
    };
  }, [enabled, settled, fetching]);
  return settled;
}

// The header's word on the connection (issue 21): "Offline" without one, and (OutboxStatus)
// "waiting to send (n)" while changes made on the phone wait in the outbox.
export function OfflineStatus() {
  const { t } = useTranslation();
  const { user } = useSession();
  const online = useOnline();
  const fieldUser = keepsOfflineCopy(user);
  const settled = useFirstScreenSettled(fieldUser);
  return (
    <>
      {!online && (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-800 px-2.5 py-1 text-xs font-medium text-white" role="status">
          <CloudOff aria-hidden="true" className="h-4 w-4" />
          {t('offline.offline')}
        </span>
      )}
      {fieldUser && settled && (
        <Suspense fallback={null}>
          <OutboxStatus />
        </Suspense>
      )}
    </>
  );
}
