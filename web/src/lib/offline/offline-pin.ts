import { setCopyOpened } from './copy-lock-flag';
import { offlineChanged } from './offline-changes';
import { offlineDb, writeSyncState } from './offline-db';
import { readLock, rememberPinLock, sealRecord, setVaultKey, writeLock } from './offline-lock';
import { clearOfflineData, dropStagedSync, forgetCopy, hasOfflineCopy, loadSearchIndex, stagedSyncState, stagedVoters, syncSettled } from './offline-voters';
import { createLock, MAX_PIN_TRIES, openLock, PIN_ITERATIONS } from './offline-vault';
import { storedOf } from './outbox';

// The PIN of the phone's copy (issue 57, decision 075): set once after the first sync, asked
// whenever the app opens with a copy, five wrong in a row wipe it. The screens are
// features/offline (pin-setup-dialog.tsx, pin-unlock-screen.tsx); they load this with import().

// A PIN is wanted: the first sync finished and nothing is stored yet (the voters wait in memory).
export function pinWanted(userId: number): boolean {
  const staged = stagedSyncState();
  return staged !== null && staged.userId === userId && staged.syncedAt !== null;
}

// The worker chose a PIN: the voters synced so far (and changes queued before issue 57, in
// clear) are sealed under its key and stored. `iterations` is lowered by tests only.
export async function choosePin(userId: number, pin: string, iterations = PIN_ITERATIONS): Promise<void> {
  // A sync running now would add voters after they were sealed: it finishes first.
  await syncSettled();
  const voters = await stagedVoters();
  const sync = stagedSyncState();
  const { lock, key } = await createLock(pin, iterations);
  setVaultKey(key);
  const rows = await Promise.all(voters.map(async (voter) => ({ id: voter.id, ...(await sealRecord(voter)) })));
  const clearItems = (await offlineDb.outbox.toArray()).filter((item) => !item.sealed);
  const sealedItems = await Promise.all(clearItems.map((item) => storedOf(item as Parameters<typeof storedOf>[0])));
  await offlineDb.transaction('rw', offlineDb.voters, offlineDb.outbox, offlineDb.meta, async () => {
    await offlineDb.voters.bulkPut(rows);
    if (sealedItems.length > 0) await offlineDb.outbox.bulkPut(sealedItems);
    if (sync) await writeSyncState(sync);
    await writeLock({ userId, lock });
  });
  dropStagedSync();
  rememberPinLock(userId);
  setCopyOpened(true);
  offlineChanged();
}

export interface LockState {
  triesLeft: number;
  // Changes of this user waiting to be sent: lost with the copy (the last try's warning).
  waiting: number;
}

// The lock the PIN screen opens; undefined when there is none for this user (wiped, stale, or
// another user's), and the screen lets the app through.
export async function lockState(userId: number): Promise<LockState | undefined> {
  // A copy too long without a sync is wiped before any PIN is asked.
  await hasOfflineCopy(userId);
  const stored = await readLock();
  if (!stored || stored.userId !== userId) {
    rememberPinLock(null);
    return undefined;
  }
  const waiting = await offlineDb.outbox.filter((item) => item.userId === userId).count();
  return { triesLeft: MAX_PIN_TRIES - stored.lock.failures, waiting };
}

export type UnlockOutcome = { status: 'open'; ms: number } | { status: 'wrong'; triesLeft: number } | { status: 'wiped' } | { status: 'none' };

// A PIN typed on the lock screen. A wrong one is counted in the phone's database before the
// answer (a reload does not reset the count); the fifth wipes the copy and the outbox.
export async function unlockCopy(userId: number, pin: string): Promise<UnlockOutcome> {
  const started = performance.now();
  const stored = await readLock();
  if (!stored || stored.userId !== userId) {
    rememberPinLock(null);
    return { status: 'none' };
  }
  const outcome = await openLock(stored.lock, pin);
  if (outcome.status === 'wipe') {
    await clearOfflineData();
    return { status: 'wiped' };
  }
  if (outcome.status === 'wrong') {
    await writeLock({ userId, lock: outcome.lock });
    return { status: 'wrong', triesLeft: outcome.triesLeft };
  }
  if (stored.lock.failures > 0) await writeLock({ userId, lock: outcome.lock });
  setVaultKey(outcome.key);
  forgetCopy();
  // Every voter opened now, once: the first search does not wait for it.
  await loadSearchIndex();
  setCopyOpened(true);
  return { status: 'open', ms: performance.now() - started };
}
