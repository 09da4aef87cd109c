import type { SyncPage } from '@shared/sync/sync-schema';
import { voterOfSyncRow } from '@shared/sync/sync-schema';
import type { Voter, VoterList } from '@shared/voters/voter-schema';
import { apiRequest } from '../api-client';
import { offlineChanged } from './offline-changes';
import { setCopyOpened } from './copy-lock-flag';
import { offlineDb, readSyncState, type SyncState, writeSyncState } from './offline-db';
import { readLock, rememberPinLock, setVaultKey, sealRecord, unsealRecord, vaultKey } from './offline-lock';
import { copyIsStale } from './offline-vault';
import { type CachedSearch, type Entry, entryOf, newestFirst, searchEntries, type StoredVoter, stripTerms, withTerms } from './offline-search';

export type { CachedSearch };

// The phone's copy of its booths' voters (issue 21, decision 033): kept up to date from
// GET /api/sync/voters, searched in memory when there is no connection.

// --- The copy in memory ----------------------------------------------------------------------

// Issue 57 (decision 075): the phone's database holds each voter sealed under the key of the
// worker's PIN, with only its id in clear. The voters are opened (decrypted) once, after the right
// PIN, and kept in memory: search runs over them as before (a field worker's few thousand voters;
// bench figures in the decision). Before a PIN was ever set on the phone, the first sync's voters
// are held here only, and stored once the worker sets one: nothing of theirs is written in clear.
let copy: Map<number, KeptVoter> | null = null;
let opening: Promise<Map<number, KeptVoter>> | null = null;
let generation = 0;
let index: Entry[] | null = null;
// The first sync's place while no PIN is set: stored with the sealed voters when one is.
let stagedSync: SyncState | null = null;

// What the phone keeps of a voter: what its screens show and its edit form fills (every voter
// field, the version, contact state, photo name), not who entered or last changed the record.
export type KeptVoter = Omit<StoredVoter, 'created_by' | 'updated_by'>;

export function keptOf(voter: StoredVoter): KeptVoter {
  const { created_by: _createdBy, updated_by: _updatedBy, ...kept } = voter;
  return kept;
}

function shownOf(kept: KeptVoter): StoredVoter {
  return { ...kept, created_by: null, updated_by: null };
}

async function openCopy(): Promise<Map<number, KeptVoter>> {
  if (copy) return copy;
  if (!opening) {
    const started = generation;
    opening = readCopy()
      .then((read) => {
        if (started === generation) copy = read;
        return read;
      })
      .finally(() => {
        opening = null;
      });
  }
  return opening;
}

async function readCopy(): Promise<Map<number, KeptVoter>> {
  if (!vaultKey()) return new Map();
  const rows = await offlineDb.voters.toArray();
  const voters = await Promise.all(rows.map((row) => unsealRecord<KeptVoter>(row)));
  return new Map(voters.map((voter) => [voter.id, voter]));
}

// The memory copy goes (wiped, or a PIN opened the stored one): the next read opens it again.
export function forgetCopy(): void {
  generation += 1;
  copy = null;
  opening = null;
  index = null;
}

export function stagedSyncState(): SyncState | null {
  return stagedSync;
}

export async function stagedVoters(): Promise<KeptVoter[]> {
  return [...(await openCopy()).values()];
}

export function dropStagedSync(): void {
  stagedSync = null;
}

interface CopyChange {
  reset?: boolean;
  removed?: readonly number[];
  voters?: readonly Voter[];
  sync?: SyncState;
}

// One change of the copy, in memory and (with the PIN's key) sealed in the database.
async function applyToCopy({ reset = false, removed = [], voters = [], sync }: CopyChange): Promise<void> {
  const held = await openCopy();
  const kept = voters.map((voter) => keptOf(withTerms(voter)));
  if (vaultKey()) {
    const rows = await Promise.all(kept.map(async (voter) => ({ id: voter.id, ...(await sealRecord(voter)) })));
    await offlineDb.transaction('rw', offlineDb.voters, offlineDb.meta, async () => {
      // The server starts over (first sync, booths changed): what the phone held goes first.
      if (reset) await offlineDb.voters.where('id').above(0).delete();
      if (removed.length > 0) await offlineDb.voters.bulkDelete([...removed]);
      if (rows.length > 0) await offlineDb.voters.bulkPut(rows);
      if (sync) await writeSyncState(sync);
    });
  } else if (await readLock()) {
    throw new Error('The offline copy is locked');
  } else if (sync) {
    stagedSync = sync;
  }
  if (reset) for (const id of [...held.keys()]) if (id > 0) held.delete(id);
  for (const id of removed) held.delete(id);
  for (const voter of kept) held.set(voter.id, voter);
  index = null;
}

// --- Search (offline-search.ts) ----------------------------------------------------------

export async function loadSearchIndex(): Promise<Entry[]> {
  if (index) return index;
  const voters = await openCopy();
  index = [...voters.values()].map((voter) => entryOf(shownOf(voter))).sort(newestFirst);
  return index;
}

// The voter list from the phone's copy: the search and booth filters (others need the server).
export async function cachedVoterList(query: CachedSearch): Promise<VoterList> {
  return searchEntries(await loadSearchIndex(), query);
}

export async function cachedVoter(id: number): Promise<Voter | undefined> {
  const voter = (await openCopy()).get(id);
  return voter ? stripTerms(shownOf(voter)) : undefined;
}

export async function cachedVoters(): Promise<Voter[]> {
  return (await loadSearchIndex()).map((entry) => stripTerms(entry.voter));
}

export async function keepVoters(voters: readonly Voter[], removed: readonly number[] = []): Promise<void> {
  await applyToCopy({ voters, removed });
  offlineChanged();
}

// --- The copy -------------------------------------------------------------------------------

// Without the setting from the server (a copy kept before it was sent): the setting's default.
const DEFAULT_KEEP_DAYS = 14;

// Whether the phone holds a finished copy for this user, opened with its PIN. A copy not brought
// up to date for more days than the Offline copy setting is wiped here, before anything reads it
// and before the PIN is asked (issue 57: a phone lost or left in a drawer keeps its voters no
// longer than that); waiting changes stay.
export async function hasOfflineCopy(userId: number, now = Date.now()): Promise<boolean> {
  const state = await readSyncState();
  if (state?.userId !== userId || state.syncedAt === null) return false;
  if (copyIsStale(state.syncedAt, state.keepDays ?? DEFAULT_KEEP_DAYS, now)) {
    await clearOfflineCopy();
    return false;
  }
  return vaultKey() !== null;
}

// The key and the memory copy go with what they open.
function forgetKey(): void {
  setVaultKey(null);
  setCopyOpened(false);
  forgetCopy();
  stagedSync = null;
}

// Everything on the phone goes, the PIN's lock with it: sign-out, another user, booths taken
// away, too many wrong PINs, a forgotten PIN.
export async function clearOfflineData(): Promise<void> {
  await offlineDb.transaction('rw', offlineDb.voters, offlineDb.outbox, offlineDb.meta, async () => {
    await offlineDb.voters.clear();
    await offlineDb.outbox.clear();
    await offlineDb.meta.clear();
  });
  forgetKey();
  rememberPinLock(null);
  offlineChanged();
}

// The copy only (the session ended: expired, revoked, the account deactivated; or too long
// without a sync): changes waiting in the outbox stay, sealed, for their user's next sign-in,
// and so does the lock that opens them; with none waiting the lock goes too.
export async function clearOfflineCopy(): Promise<void> {
  const lockStays = await offlineDb.transaction('rw', offlineDb.voters, offlineDb.outbox, offlineDb.meta, async () => {
    await offlineDb.voters.clear();
    await offlineDb.meta.bulkDelete(['sync', 'my-voters', 'my-surveys']);
    if ((await offlineDb.outbox.count()) > 0) return true;
    await offlineDb.meta.delete('lock');
    return false;
  });
  forgetKey();
  if (!lockStays) rememberPinLock(null);
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

// The sync running now, if one is, settled (the PIN's sealing waits for it).
export async function syncSettled(): Promise<void> {
  await running?.catch(() => undefined);
}

async function runSync(userId: number): Promise<SyncOutcome> {
  const lock = await readLock();
  let state = vaultKey() ? await readSyncState() : (stagedSync ?? undefined);
  // Another user's copy (or sealed changes) never stays on the phone.
  if ((lock && lock.userId !== userId) || (state && state.userId !== userId)) {
    await clearOfflineData();
    state = undefined;
  } else if (lock && !vaultKey()) {
    // Locked: the PIN comes first (copy-lock-gate.tsx; told again in case the page's own note of
    // the lock was lost with the browser's localStorage).
    rememberPinLock(userId);
    throw new Error('The offline copy is locked');
  }
  let cursor = state?.cursor ?? null;
  const outcome: SyncOutcome = { rows: 0, removed: 0, pages: 0, reset: false };
  for (;;) {
    const page = await apiRequest<SyncPage>('/sync/voters', { query: { cursor } });
    outcome.pages += 1;
    const voters = page.rows.map((row) => voterOfSyncRow(page.columns, row));
    await applyToCopy({ reset: page.reset, removed: page.removed, voters, sync: { userId, cursor: page.cursor, syncedAt: page.more ? (state?.syncedAt ?? null) : new Date().toISOString(), keepDays: page.keep_days } });
    outcome.reset ||= page.reset;
    outcome.rows += voters.length;
    outcome.removed += page.removed.length;
    cursor = page.cursor;
    if (!page.more) break;
  }
  offlineChanged();
  // Ready before the connection goes: the first offline search does not wait for it.
  await loadSearchIndex();
  return outcome;
}
