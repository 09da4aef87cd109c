import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Voter } from '@shared/voters/voter-schema';
import type { RequestOptions } from '../api-client';
import { offlineDb, readSyncState, writeSyncState } from './offline-db';
import { clearOfflineData, hasOfflineCopy, keepVoters, syncVoterCopy } from './offline-voters';
import { enqueue } from './outbox';
import { choosePin } from './offline-pin';

// Issue 57: a phone lost or left in a drawer kept its booths' voters until its next sync. A copy
// not synced for more days than the Offline copy setting is wiped before anything reads it.

let page: Record<string, unknown> = {};
vi.mock('../api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api-client')>();
  return { ...original, apiRequest: vi.fn(async (_path: string, _options: RequestOptions = {}) => page) };
});

const USER = 9;
const DAY = 24 * 3_600_000;
const now = Date.parse('2027-02-01T10:00:00.000Z');
const voter = (id: number) => ({ _id: id, id, full_name: `Voter ${id}`, voter_id: `ABC${id}`, booth: 'Booth-01', version: 1, created_at: '2027-01-01T00:00:00.000Z' }) as Voter;

beforeEach(async () => {
  await clearOfflineData();
  // Sealed storage (issue 57) needs the PIN's key; few rounds keep the tests quick.
  await choosePin(USER, '123456', 1_000);
});

describe('hasOfflineCopy', () => {
  it('should keep a copy synced within the setting and wipe one synced longer ago, keeping waiting changes', async () => {
    await keepVoters([voter(1), voter(2)]);
    await writeSyncState({ userId: USER, cursor: 'c1', syncedAt: new Date(now - 6 * DAY).toISOString(), keepDays: 7 });
    expect(await hasOfflineCopy(USER, now)).toBe(true);
    expect(await offlineDb.voters.count()).toBe(2);

    await enqueue({ kind: 'contact.create', userId: USER, voterId: 1, payload: { contact: { channel: 'call' } } });
    expect(await hasOfflineCopy(USER, now + 2 * DAY)).toBe(false);
    expect(await offlineDb.voters.count()).toBe(0);
    expect(await readSyncState()).toBeUndefined();
    // The worker's own unsent change is theirs to send at the next sign-in.
    expect(await offlineDb.outbox.count()).toBe(1);
  });

  it('should use 14 days for a copy kept before the server sent the setting', async () => {
    await keepVoters([voter(3)]);
    await writeSyncState({ userId: USER, cursor: 'c1', syncedAt: new Date(now - 13 * DAY).toISOString() });
    expect(await hasOfflineCopy(USER, now)).toBe(true);
    expect(await hasOfflineCopy(USER, now + 2 * DAY)).toBe(false);
    expect(await offlineDb.voters.count()).toBe(0);
  });

  it('should keep the number of days the server sends with the sync', async () => {
    page = { reset: true, columns: ['id', 'full_name', 'booth', 'version'], rows: [[5, 'Voter 5', 'Booth-01', 1]], removed: [], cursor: 'c2', more: false, keep_days: 3 };
    await syncVoterCopy(USER);
    const state = await readSyncState();
    expect(state?.keepDays).toBe(3);
    const syncedAt = Date.parse(state?.syncedAt ?? '');
    expect(await hasOfflineCopy(USER, syncedAt + 2 * DAY)).toBe(true);
    expect(await hasOfflineCopy(USER, syncedAt + 4 * DAY)).toBe(false);
  });
});
