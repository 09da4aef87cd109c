// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { copyIsStale, createLock, isValidPin, MAX_PIN_TRIES, openLock, PIN_ITERATIONS, seal, unseal, type VaultLock } from './offline-vault';

// Web Crypto is Node 20's globalThis.crypto.subtle, the same API a phone's browser has. A few
// rounds keep the tests quick; one test derives with the real count.
const FAST = 1_000;

const voter = { id: 7, full_name: 'सुनीता पवार', mobile: '9876543210', booth: 'Booth-01' };

describe('the offline copy lock', () => {
  it('should seal a record that a right PIN opens and whose bytes do not show the voter', async () => {
    const { lock, key } = await createLock('482915', FAST);
    const sealed = await seal(key, voter);
    const stored = new TextDecoder().decode(sealed.data);
    expect(stored).not.toContain('9876543210');
    expect(stored).not.toContain('Booth-01');
    const opened = await openLock(lock, '482915');
    expect(opened.status).toBe('open');
    if (opened.status !== 'open') return;
    expect(await unseal(opened.key, sealed)).toEqual(voter);
  });

  it('should give each record its own IV, so two seals of the same voter differ', async () => {
    const { key } = await createLock('482915', FAST);
    const [first, second] = [await seal(key, voter), await seal(key, voter)];
    expect(Buffer.from(first.iv).equals(Buffer.from(second.iv))).toBe(false);
    expect(Buffer.from(first.data).equals(Buffer.from(second.data))).toBe(false);
  });

  it('should refuse a record changed on the phone (the GCM tag)', async () => {
    const { key } = await createLock('482915', FAST);
    const sealed = await seal(key, voter);
    const bytes = new Uint8Array(sealed.data.slice(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(unseal(key, { iv: sealed.iv, data: bytes.buffer })).rejects.toThrow();
  });

  it(`should count wrong PINs, say how many tries are left, and ask to wipe at the ${MAX_PIN_TRIES}th`, async () => {
    let { lock } = await createLock('482915', FAST);
    const left: number[] = [];
    for (let attempt = 1; attempt < MAX_PIN_TRIES; attempt += 1) {
      const outcome = await openLock(lock, '000000');
      expect(outcome.status).toBe('wrong');
      if (outcome.status !== 'wrong') return;
      left.push(outcome.triesLeft);
      lock = outcome.lock;
    }
    expect(left).toEqual([4, 3, 2, 1]);
    expect((await openLock(lock, '000000')).status).toBe('wipe');
    // Past the limit even the right PIN opens nothing: the copy is to be wiped.
    expect((await openLock({ ...lock, failures: MAX_PIN_TRIES }, '482915')).status).toBe('wipe');
  });

  it('should start the count again after a right PIN', async () => {
    const { lock } = await createLock('482915', FAST);
    const wrong = await openLock(lock, '111111');
    if (wrong.status !== 'wrong') throw new Error('expected a wrong PIN');
    const right = await openLock(wrong.lock, '482915');
    expect(right.status === 'open' && right.lock.failures).toBe(0);
  });

  it('should not open with the same PIN under another salt (each phone its own key)', async () => {
    const { key } = await createLock('482915', FAST);
    const other: VaultLock = (await createLock('482915', FAST)).lock;
    const sealed = await seal(key, voter);
    const opened = await openLock(other, '482915');
    if (opened.status !== 'open') throw new Error('expected the other lock to open');
    await expect(unseal(opened.key, sealed)).rejects.toThrow();
  });

  it('should take only 6 to 8 digits as a PIN', async () => {
    expect(['123456', '12345678'].map(isValidPin)).toEqual([true, true]);
    expect(['12345', '123456789', '12a456', ''].map(isValidPin)).toEqual([false, false, false, false]);
    await expect(createLock('1234')).rejects.toThrow(RangeError);
  });

  it(`should derive with ${PIN_ITERATIONS.toLocaleString('en')} PBKDF2 rounds by default`, async () => {
    const { lock } = await createLock('482915');
    expect(lock.iterations).toBe(PIN_ITERATIONS);
    expect((await openLock(lock, '482915')).status).toBe('open');
  });
});

describe('copyIsStale', () => {
  const now = Date.parse('2027-01-10T12:00:00.000Z');
  it('should call a copy stale once more days than the setting have passed since its last sync', () => {
    expect(copyIsStale('2027-01-03T12:00:00.000Z', 7, now)).toBe(false);
    expect(copyIsStale('2027-01-03T11:59:59.000Z', 7, now)).toBe(true);
    expect(copyIsStale(null, 7, now)).toBe(false);
    expect(copyIsStale('not a date', 7, now)).toBe(true);
  });
});
