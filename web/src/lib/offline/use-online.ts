import { useSyncExternalStore } from 'react';
import { offlineRevision, subscribeOffline } from './offline-changes';

// The browser's own idea of the connection, kept current.
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
  );
}

// A number that changes whenever the copy or the outbox does (to read them again).
export function useOfflineRevision(): number {
  return useSyncExternalStore(subscribeOffline, offlineRevision);
}
