import { useEffect } from 'react';
import type { User } from '@shared/users/user-schema';
import { ApiError } from '../api-client';
import { keepsOfflineCopy, loadOfflineCopy, setOfflineUser } from './offline-api';
import { clearOfflineData, hasOfflineCopy, syncVoterCopy } from './offline-voters';
import { flushOutbox } from './outbox';

// When the phone's copy is brought up to date (issue 21): at sign-in, when the connection comes
// back, and every few minutes; waiting changes go first, so the copy then shows them saved.
export const SYNC_EVERY_MS = 5 * 60 * 1000;

export function useOfflineSync(user: User | null): void {
  const userId = user && keepsOfflineCopy(user) ? user.id : null;
  useEffect(() => {
    if (userId === null) {
      setOfflineUser(null);
      return;
    }
    let stopped = false;
    // What reads the copy and queues changes, fetched now: without a connection it could not be.
    void loadOfflineCopy().catch(() => undefined);
    const run = async () => {
      if (stopped || navigator.onLine === false) return;
      try {
        await flushOutbox(userId);
        await syncVoterCopy(userId);
        // Answers from the copy only once it is stored under the worker's PIN (issue 57).
        if (!stopped && (await hasOfflineCopy(userId))) setOfflineUser(userId);
        await flushOutbox(userId);
      } catch (error) {
        // The server no longer gives this user a copy (their access now reaches every booth).
        if (error instanceof ApiError && error.status === 403) {
          await clearOfflineData();
          setOfflineUser(null);
        }
      }
    };
    void hasOfflineCopy(userId).then((has) => {
      if (has && !stopped) setOfflineUser(userId);
    });
    void run();
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(onOnline, SYNC_EVERY_MS);
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [userId]);
}
