import Dexie, { type EntityTable } from 'dexie';
import type { Voter } from '@shared/voters/voter-schema';
import type { StoredVoter } from './offline-search';

// The phone's own database (issue 21, decision 033), in IndexedDB through Dexie: the voters of
// the signed-in user's booths, the changes waiting to be sent (the outbox), and where the last
// sync stopped. Only for a signed-in field user; cleared on sign-out and when the server says
// the user's booths changed.

export type OutboxState = 'pending' | 'conflict' | 'failed';

export interface OutboxItem {
  seq?: number;
  // The Idempotency-Key it is sent with: the server applies it once however often it is sent.
  key: string;
  kind: string;
  // Who made the change: only they send it (another user signing in on the phone drops it).
  userId: number;
  // The voter the change is about (negative: a voter added offline, not on the server yet).
  voterId: number | null;
  payload: Record<string, unknown>;
  // The version the change was made on (edits), and the voter as it was then.
  baseVersion: number | null;
  base: Voter | null;
  created_at: string;
  state: OutboxState;
  // A conflict: the voter as the server has it now. A failure: the server's message.
  current?: Voter;
  error?: string;
}

export interface SyncState {
  userId: number;
  cursor: string | null;
  // The last time a sync reached the end, ISO; null until the first one did.
  syncedAt: string | null;
  // Days the copy may go without a sync before it is wiped (the Offline copy setting, issue 57).
  keepDays?: number;
}

interface MetaRow {
  key: string;
  value: unknown;
}

export class OfflineDatabase extends Dexie {
  voters!: EntityTable<StoredVoter, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'vms-offline') {
    super(name);
    this.version(1).stores({ voters: 'id, booth', outbox: '++seq, key, state, voterId', meta: 'key' });
  }
}

export const offlineDb = new OfflineDatabase();

export async function readSyncState(): Promise<SyncState | undefined> {
  return (await offlineDb.meta.get('sync'))?.value as SyncState | undefined;
}

export async function writeSyncState(state: SyncState): Promise<void> {
  await offlineDb.meta.put({ key: 'sync', value: state });
}
