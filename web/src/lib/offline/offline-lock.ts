import { PIN_USER } from './copy-lock-flag';
import { offlineChanged } from './offline-changes';
import { offlineDb } from './offline-db';
import { type Sealed, seal, unseal, type VaultLock } from './offline-vault';

// The key of the phone's copy while the app is open (issue 57, decision 075). The lock (salt,
// rounds, sealed check value, wrong tries) is kept in the phone's database beside the copy; the
// key derived from the worker's PIN lives only in this module's memory, from the right PIN until
// the page is closed or the copy is wiped.

export interface StoredLock {
  userId: number;
  lock: VaultLock;
}

let key: CryptoKey | null = null;

export function vaultKey(): CryptoKey | null {
  return key;
}

export function setVaultKey(next: CryptoKey | null): void {
  key = next;
}

export async function readLock(): Promise<StoredLock | undefined> {
  return (await offlineDb.meta.get('lock'))?.value as StoredLock | undefined;
}

export async function writeLock(stored: StoredLock): Promise<void> {
  await offlineDb.meta.put({ key: 'lock', value: stored });
}

function openKey(): CryptoKey {
  if (!key) throw new Error('The offline copy is locked');
  return key;
}

// Sealing is done before a Dexie transaction starts: a transaction that waits on Web Crypto
// commits early.
export function sealRecord(value: unknown): Promise<Sealed> {
  return seal(openKey(), value);
}

export function unsealRecord<T>(sealed: Sealed): Promise<T> {
  return unseal<T>(openKey(), { iv: sealed.iv, data: sealed.data });
}

// Notes for the app's first download whose copy on this phone is locked (copy-lock-flag.ts).
export function rememberPinLock(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(PIN_USER);
    else localStorage.setItem(PIN_USER, String(userId));
  } catch {
    // Private mode without storage: the copy is in memory only and goes with the page.
  }
  offlineChanged();
}
