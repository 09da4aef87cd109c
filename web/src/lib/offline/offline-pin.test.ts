// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../api-client';
import { copyLockedFor, setCopyOpened } from './copy-lock-flag';
import { keepMyVoters, myVotersFromCopy } from './offline-copy';
import { offlineDb, readSyncState } from './offline-db';
import { setVaultKey } from './offline-lock';
import { choosePin, lockState, pinWanted, unlockCopy } from './offline-pin';
import { cachedVoter, cachedVoterList, clearOfflineCopy, clearOfflineData, forgetCopy, hasOfflineCopy, syncVoterCopy } from './offline-voters';
import { MAX_PIN_TRIES } from './offline-vault';
import { enqueue, flushOutbox, outboxItems } from './outbox';

// Issue 57: a field worker's phone kept its booths' voters in clear in browser storage. Now each
// record is sealed under the key of a PIN set on the phone, the PIN is asked when the app opens,
// and five wrong PINs wipe the copy and the changes waiting to be sent.

const sent: string[] = [];
let page: Record<string, unknown> = {};
vi.mock('../api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api-client')>();
  return {
    ...original,
    apiRequest: vi.fn(async (path: string, _options: RequestOptions = {}) => {
      sent.push(path);
      return path === '/sync/voters' ? page : { voter: { id: 11, support_level: null, last_contact_at: '2026-11-05T00:00:00.000Z' } };
    }),
  };
});

const USER = 12;
const PIN = '482915';
// Few rounds keep the tests quick (offline-vault.test.ts derives with the real count).
const ROUNDS = 1_000;
const COLUMNS = ['id', 'full_name', 'voter_id', 'mobile_number', 'booth', 'version', 'created_at', 'created_by', 'updated_by'];
const syncPage = (rows: unknown[][]) => ({ reset: true, columns: COLUMNS, rows, removed: [], cursor: 'c1', more: false, keep_days: 14 });
const SUNITA = [11, 'सुनीता पवार', 'MHX1234567', '9876543210', 'Booth-07', 1, '2026-11-01T00:00:00.000Z', 3, 4];
const RAHUL = [12, 'Rahul Chavan', 'MHX7654321', '9822100001', 'Booth-07', 1, '2026-11-02T00:00:00.000Z', 3, 4];

// What the phone's database holds, as bytes an attacker with the phone would read.
async function storedText(): Promise<string> {
  const rows = [...(await offlineDb.voters.toArray()), ...(await offlineDb.outbox.toArray()), ...(await offlineDb.meta.toArray())];
  const decoder = new TextDecoder();
  return JSON.stringify(rows, (_key, value: unknown) => (value instanceof ArrayBuffer ? decoder.decode(value) : value));
}

// A new page: the key and the opened voters were only in memory.
function reopenApp(): void {
  setVaultKey(null);
  setCopyOpened(false);
  forgetCopy();
}

beforeEach(async () => {
  sent.length = 0;
  await clearOfflineData();
  page = syncPage([SUNITA, RAHUL]);
});

describe('the phone copy sealed under a PIN', () => {
  it('should store nothing until a PIN is set after the first sync, then each voter sealed with only its id in clear', async () => {
    await syncVoterCopy(USER);
    expect(pinWanted(USER)).toBe(true);
    expect(await offlineDb.voters.count()).toBe(0);
    expect(await hasOfflineCopy(USER)).toBe(false);

    await choosePin(USER, PIN, ROUNDS);
    expect(pinWanted(USER)).toBe(false);
    expect(copyLockedFor(USER)).toBe(false);
    const rows = await offlineDb.voters.toArray();
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([
      ['data', 'id', 'iv'],
      ['data', 'id', 'iv'],
    ]);
    const stored = await storedText();
    for (const secret of ['सुनीता', 'Rahul', 'MHX1234567', '9876543210', 'Booth-07']) expect(stored).not.toContain(secret);
    expect((await readSyncState())?.syncedAt).not.toBeNull();

    // Searched over the opened copy: a Latin search finds the Devanagari name.
    const found = await cachedVoterList({ search: 'sunita' });
    expect(found.voters.map((voter) => voter.id)).toEqual([11]);
    // Only what a field worker uses is kept: not who entered or changed the record.
    expect(await cachedVoter(11)).toMatchObject({ full_name: 'सुनीता पवार', mobile_number: '9876543210', booth: 'Booth-07', created_by: null, updated_by: null });
  });

  it('should ask for the PIN when the app opens again and open the voters with the right one', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    reopenApp();
    localStorage.setItem('vms-offline-pin', String(USER));
    expect(await hasOfflineCopy(USER)).toBe(false);
    expect(await cachedVoter(11)).toBeUndefined();
    expect(await lockState(USER)).toEqual({ triesLeft: MAX_PIN_TRIES, waiting: 0 });

    expect((await unlockCopy(USER, PIN)).status).toBe('open');
    expect(await hasOfflineCopy(USER)).toBe(true);
    expect((await cachedVoterList({ search: 'chavan' })).voters.map((voter) => voter.full_name)).toEqual(['Rahul Chavan']);
    // Later syncs store what they bring sealed too.
    page = { ...syncPage([[13, 'Meena Gavande', 'MHX5550001', null, 'Booth-07', 1, '2026-11-03T00:00:00.000Z', 3, 3]]), reset: false };
    await syncVoterCopy(USER);
    expect(await offlineDb.voters.count()).toBe(3);
    expect(await storedText()).not.toContain('Meena');
  });

  it('should count wrong PINs across a reload, warn of unsent changes, and wipe the copy and the outbox at the fifth', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    await enqueue({ kind: 'contact.create', userId: USER, voterId: 11, payload: { contact: { channel: 'call', note: 'Sunita will vote' } } });
    expect(await storedText()).not.toContain('Sunita will vote');
    reopenApp();

    expect(await unlockCopy(USER, '111111')).toEqual({ status: 'wrong', triesLeft: 4 });
    expect(await unlockCopy(USER, '222222')).toEqual({ status: 'wrong', triesLeft: 3 });
    reopenApp();
    // The count was stored before the answer: a reload does not give the tries back.
    expect(await lockState(USER)).toEqual({ triesLeft: 3, waiting: 1 });
    expect(await unlockCopy(USER, '333333')).toEqual({ status: 'wrong', triesLeft: 2 });
    expect(await unlockCopy(USER, '444444')).toEqual({ status: 'wrong', triesLeft: 1 });
    expect(await unlockCopy(USER, '555555')).toEqual({ status: 'wiped' });

    expect(await offlineDb.voters.count()).toBe(0);
    expect(await offlineDb.outbox.count()).toBe(0);
    expect(await offlineDb.meta.count()).toBe(0);
    expect(copyLockedFor(USER)).toBe(false);
    // The right PIN opens nothing any more.
    expect((await unlockCopy(USER, PIN)).status).toBe('none');
  });

  it('should give the tries back after the right PIN', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    reopenApp();
    await unlockCopy(USER, '000000');
    await unlockCopy(USER, '000001');
    expect((await unlockCopy(USER, PIN)).status).toBe('open');
    reopenApp();
    expect((await lockState(USER))?.triesLeft).toBe(MAX_PIN_TRIES);
  });

  it('should wipe the copy when the session ends (401) and keep only sealed changes and their lock', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    await enqueue({ kind: 'contact.create', userId: USER, voterId: 11, payload: { contact: { channel: 'visit' } } });
    await clearOfflineCopy();
    expect(await offlineDb.voters.count()).toBe(0);
    expect(await readSyncState()).toBeUndefined();
    // The same worker signs in again: their PIN opens the waiting change, which is then sent.
    expect(copyLockedFor(USER)).toBe(true);
    expect((await unlockCopy(USER, PIN)).status).toBe('open');
    expect((await outboxItems())[0]?.payload).toEqual({ contact: { channel: 'visit' } });
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });

    // Nothing waiting: the lock goes with the copy.
    await clearOfflineCopy();
    expect(await offlineDb.meta.count()).toBe(0);
    expect(copyLockedFor(USER)).toBe(false);
  });

  it('should seal the My voters answer kept for offline use', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    await keepMyVoters({ households: [{ voters: [{ id: 11, full_name: 'सुनीता पवार' }] }] });
    expect(await storedText()).not.toContain('सुनीता');
    reopenApp();
    expect(await myVotersFromCopy()).toBeUndefined();
    await unlockCopy(USER, PIN);
    expect((await myVotersFromCopy<{ households: { voters: { id: number; full_name: string }[] }[] }>())?.households[0]?.voters[0]?.full_name).toBe('सुनीता पवार');
  });

  it('should seal changes queued in clear before the PIN existed when it is set', async () => {
    await offlineDb.outbox.add({ key: 'k-old', kind: 'contact.create', userId: USER, voterId: 11, payload: { contact: { channel: 'call', note: 'Queued before issue 57' } }, baseVersion: null, base: null, created_at: '2026-11-01T00:00:00.000Z', state: 'pending' });
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    expect(await storedText()).not.toContain('Queued before issue 57');
    expect((await outboxItems())[0]?.payload).toEqual({ contact: { channel: 'call', note: 'Queued before issue 57' } });
  });

  it('should refuse to sync into a locked copy until the PIN is given', async () => {
    await syncVoterCopy(USER);
    await choosePin(USER, PIN, ROUNDS);
    reopenApp();
    sent.length = 0;
    localStorage.clear();
    await expect(syncVoterCopy(USER)).rejects.toThrow('locked');
    expect(sent).toEqual([]);
    // The app's gate is told to ask for the PIN even when its note of the lock was lost.
    expect(copyLockedFor(USER)).toBe(true);
  });
});
