// The lock of the phone's offline copy (issue 57): the voters a field worker keeps
// on their phone are encrypted with AES-GCM under a key derived from a short PIN they set on that
// phone (PBKDF2-SHA-256), so a lost phone's browser storage holds no readable voter. Only the
// salt, the iteration count, a sealed check value and the count of wrong tries are stored beside
// the copy; the key lives in memory while the app is open and is never stored.
//
// This is the lock only; what it guards decides when to wipe (too many wrong PINs, a stale copy).

// PBKDF2 rounds: 310,000 (OWASP's figure for PBKDF2-HMAC-SHA-256 when it was written into
// their cheat sheet in 2021). About 0.35 s in Node 20 on one shared server core; a cheap
// Android phone's Chrome is 3–5 times slower, so about 1–2 s to open the copy: slow for a
// guesser, tolerable once a day for the worker.
export const PIN_ITERATIONS = 310_000;
// Wrong PINs in a row before the copy is wiped.
export const MAX_PIN_TRIES = 5;
// A short PIN: digits only, typed on a phone's number pad.
export const PIN_PATTERN = /^\d{6,8}$/;

export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

export interface VaultLock {
  salt: Uint8Array;
  iterations: number;
  // A known text sealed with the key: a PIN that opens it is the right one.
  check: Sealed;
  // Wrong PINs since the last right one.
  failures: number;
}

const CHECK_TEXT = 'vms-offline-copy';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  if (!globalThis.crypto?.subtle) throw new Error('Web Crypto is not available (the app needs HTTPS or localhost)');
  return globalThis.crypto.subtle;
}

export function isValidPin(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

// The AES-GCM key of a PIN; not extractable, so script on the page cannot read it out either.
export async function deriveKey(pin: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', salt: salt as BufferSource, iterations, hash: 'SHA-256' }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

// A fresh 96-bit IV per record: AES-GCM must never see one twice under a key.
export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle().encrypt({ name: 'AES-GCM', iv: iv as BufferSource }, key, encoder.encode(JSON.stringify(value)));
  return { iv, data };
}

// Throws when the key is wrong or the record was changed (GCM's tag).
export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: sealed.iv as BufferSource }, key, sealed.data);
  return JSON.parse(decoder.decode(plain)) as T;
}

// A new lock for a PIN the worker has just chosen.
export async function createLock(pin: string, iterations = PIN_ITERATIONS): Promise<{ lock: VaultLock; key: CryptoKey }> {
  if (!isValidPin(pin)) throw new RangeError('The PIN must be 6 to 8 digits');
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const key = await deriveKey(pin, salt, iterations);
  return { lock: { salt, iterations, check: await seal(key, CHECK_TEXT), failures: 0 }, key };
}

export type OpenOutcome = { status: 'open'; key: CryptoKey; lock: VaultLock } | { status: 'wrong'; triesLeft: number; lock: VaultLock } | { status: 'wipe' };

// Tries a PIN. The caller stores the lock it gets back (the count of wrong tries) BEFORE telling
// the user, and wipes the copy on 'wipe': reloading the page does not reset the count.
export async function openLock(lock: VaultLock, pin: string): Promise<OpenOutcome> {
  if (lock.failures >= MAX_PIN_TRIES) return { status: 'wipe' };
  const key = await deriveKey(pin, lock.salt, lock.iterations);
  try {
    if ((await unseal<string>(key, lock.check)) === CHECK_TEXT) return { status: 'open', key, lock: { ...lock, failures: 0 } };
  } catch {
    // A wrong key fails GCM's tag check.
  }
  const failures = lock.failures + 1;
  if (failures >= MAX_PIN_TRIES) return { status: 'wipe' };
  return { status: 'wrong', triesLeft: MAX_PIN_TRIES - failures, lock: { ...lock, failures } };
}

// A copy not brought up to date for this many days is wiped (a phone lost or left in a drawer
// keeps voters no longer than that); null syncedAt: never finished a sync.
export function copyIsStale(syncedAt: string | null, maxDays: number, now = Date.now()): boolean {
  if (syncedAt === null) return false;
  const at = Date.parse(syncedAt);
  return !Number.isFinite(at) || now - at > maxDays * 24 * 3_600_000;
}
