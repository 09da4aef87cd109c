import Dexie, { type EntityTable } from 'dexie';
import type { SavedResponses } from '@shared/surveys/survey-schema';
import type { Voter } from '@shared/voters/voter-schema';
import type { Sealed } from './offline-vault';

// The phone's own database (issue 21, decision 033), in IndexedDB through Dexie: the voters of
// the signed-in user's booths, the changes waiting to be sent (the outbox), and where the last
// sync stopped. Only for a signed-in field user; cleared on sign-out and when the server says
// the user's booths changed.
// Issue 57 (decision 075): what holds voter data is sealed under the key of the worker's PIN
// (offline-lock.ts): a voter row keeps only its id in clear, an outbox row only what sending in
// order needs (its key, kind, state, user, voter id, version); names, numbers and the changes
// themselves are in `sealed`.

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
  // A conflict: the voter (survey answers: the voters' answers) as the server has it now. A
  // failure: the server's message.
  current?: Voter | SavedResponses;
  error?: string;
}

// A voter as stored: its id (the key the sync deletes and replaces by) and the sealed record.
export interface SealedVoterRow extends Sealed {
  id: number;
}

// The parts of an outbox item that hold voter data, sealed together.
export type OutboxSecret = Pick<OutboxItem, 'payload' | 'base' | 'current' | 'error'>;
export type StoredOutboxItem = Omit<OutboxItem, keyof OutboxSecret> & { sealed?: Sealed } & Partial<OutboxSecret>;

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
  voters!: EntityTable<SealedVoterRow, 'id'>;
  outbox!: EntityTable<StoredOutboxItem, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'vms-offline') {
    super(name);
    this.version(1).stores({ voters: 'id, booth', outbox: '++seq, key, state, voterId', meta: 'key' });
    // Sealed voters (issue 57): the booth is no longer kept in clear. A copy kept in clear before
    // goes (the next sync brings it back sealed); changes waiting in clear are sealed once a PIN is set.
    this.version(2)
      .stores({ voters: 'id', outbox: '++seq, key, state, voterId', meta: 'key' })
      .upgrade(async (tx) => {
        await tx.table('voters').clear();
        await tx.table('meta').bulkDelete(['sync', 'my-voters']);
      });
  }
}

export const offlineDb = new OfflineDatabase();

export async function readSyncState(): Promise<SyncState | undefined> {
  return (await offlineDb.meta.get('sync'))?.value as SyncState | undefined;
}

export async function writeSyncState(state: SyncState): Promise<void> {
  await offlineDb.meta.put({ key: 'sync', value: state });
}
