import type { SyncPage } from '@shared/sync/sync-schema';
import { voterOfSyncRow } from '@shared/sync/sync-schema';
import type { Voter, VoterList } from '@shared/voters/voter-schema';
import { apiRequest } from '../api-client';
import { offlineChanged } from './offline-changes';
import { offlineDb, readSyncState, writeSyncState } from './offline-db';
import { copyIsStale } from './offline-vault';
import { type CachedSearch, type Entry, entryOf, newestFirst, searchEntries, stripTerms, withTerms } from './offline-search';

export type { CachedSearch };

// The phone's copy of its booths' voters (issue 21, decision 033): kept up to date from
// GET /api/sync/voters, searched in memory when there is no connection.

// --- Search (offline-search.ts) ----------------------------------------------------------
let index: Entry[] | null = null;

export async function loadSearchIndex(): Promise<Entry[]> {
  if (index) return index;
  const voters = await offlineDb.voters.toArray();
  index = voters.map(entryOf).sort(newestFirst);
  return index;
}

function forgetIndex(): void {
  index = null;
}

// The voter list from the phone's copy: the search and booth filters (others need the server).
export async function cachedVoterList(query: CachedSearch): Promise<VoterList> {
  return searchEntries(await loadSearchIndex(), query);
}

export async function cachedVoter(id: number): Promise<Voter | undefined> {
  const voter = await offlineDb.voters.get(id);
  return voter ? stripTerms(voter) : undefined;
}

export async function cachedVoters(): Promise<Voter[]> {
  return (await loadSearchIndex()).map((entry) => stripTerms(entry.voter));
}

export async function keepVoters(voters: readonly Voter[], removed: readonly number[] = []): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.voters, async () => {
    if (removed.length > 0) await offlineDb.voters.bulkDelete([...removed]);
    if (voters.length > 0) await offlineDb.voters.bulkPut(voters.map(withTerms));
  });
  forgetIndex();
  offlineChanged();
}

// --- The copy -------------------------------------------------------------------------------

// Without the setting from the server (a copy kept before it was sent): the setting's default.
const DEFAULT_KEEP_DAYS = 14;

// Whether the phone holds a finished copy for this user. A copy not brought up to date for more
// days than the Offline copy setting is wiped here, before anything reads it (issue 57: a phone
// lost or left in a drawer keeps its voters no longer than that); waiting changes stay.
export async function hasOfflineCopy(userId: number, now = Date.now()): Promise<boolean> {
  const state = await readSyncState();
  if (state?.userId !== userId || state.syncedAt === null) return false;
  if (copyIsStale(state.syncedAt, state.keepDays ?? DEFAULT_KEEP_DAYS, now)) {
    await clearOfflineCopy();
    return false;
  }
  return true;
}

// Everything on the phone goes: sign-out, another user, or booths taken away.
export async function clearOfflineData(): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.voters, offlineDb.outbox, offlineDb.meta, async () => {
    await offlineDb.voters.clear();
    await offlineDb.outbox.clear();
    await offlineDb.meta.clear();
  });
  forgetIndex();
  offlineChanged();
}

// The copy only (the session ended): changes waiting in the outbox stay for their user.
export async function clearOfflineCopy(): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.voters, offlineDb.meta, async () => {
    await offlineDb.voters.clear();
    await offlineDb.meta.clear();
  });
  forgetIndex();
  offlineChanged();
}

export interface SyncOutcome {
  rows: number;
  removed: number;
  pages: number;
  reset: boolean;
}

let running: Promise<SyncOutcome> | null = null;

// Pages through the sync until the server says the copy is up to date. One at a time.
export function syncVoterCopy(userId: number): Promise<SyncOutcome> {
  running ??= runSync(userId).finally(() => {
    running = null;
  });
  return running;
}

async function runSync(userId: number): Promise<SyncOutcome> {
  let state = await readSyncState();
  // Another user's copy never stays on the phone.
  if (state && state.userId !== userId) {
    await clearOfflineData();
    state = undefined;
  }
  let cursor = state?.cursor ?? null;
  const outcome: SyncOutcome = { rows: 0, removed: 0, pages: 0, reset: false };
  for (;;) {
    const page = await apiRequest<SyncPage>('/sync/voters', { query: { cursor } });
    outcome.pages += 1;
    const voters = page.rows.map((row) => voterOfSyncRow(page.columns, row));
    await offlineDb.transaction('rw', offlineDb.voters, offlineDb.meta, async () => {
      // The server starts over (first sync, booths changed): what the phone held goes first.
      if (page.reset) await offlineDb.voters.where('id').above(0).delete();
      if (page.removed.length > 0) await offlineDb.voters.bulkDelete(page.removed);
      if (voters.length > 0) await offlineDb.voters.bulkPut(voters.map(withTerms));
      await writeSyncState({ userId, cursor: page.cursor, syncedAt: page.more ? (state?.syncedAt ?? null) : new Date().toISOString(), keepDays: page.keep_days });
    });
    outcome.reset ||= page.reset;
    outcome.rows += voters.length;
    outcome.removed += page.removed.length;
    cursor = page.cursor;
    if (!page.more) break;
  }
  forgetIndex();
  offlineChanged();
  // Ready before the connection goes: the first offline search does not wait for it.
  await loadSearchIndex();
  return outcome;
}
