import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { purgeAuditLogsBefore, recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { purgeSoftDeletedVotersBefore } from '../voters/voter-retention';
import type { PhotoStore } from '../voters/voter-photos';

// data_retention_days: how long audit rows and deleted records are kept. Each step
// removes one kind of old row; a new kind is one more line in PURGE_STEPS.
export interface PurgeStep {
  name: string;
  // photos lets a step remove the photos that belong to the rows it deletes.
  purge: (db: Kysely<Database>, cutoff: string, photos: PhotoStore | undefined) => Promise<number>;
}

export const PURGE_STEPS: readonly PurgeStep[] = [
  { name: 'audit_logs', purge: purgeAuditLogsBefore },
  { name: 'voters', purge: purgeSoftDeletedVotersBefore },
];

export interface RetentionResult {
  cutoff: string;
  purged: Record<string, number>;
}

const DAY_MS = 24 * 60 * 60_000;

export async function runRetention(db: Kysely<Database>, options: { now?: Date; steps?: readonly PurgeStep[]; photos?: PhotoStore } = {}): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const days = Number((await readSettings(db)).data_retention_days);
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const purged: Record<string, number> = {};
  for (const step of options.steps ?? PURGE_STEPS) purged[step.name] = await step.purge(db, cutoff, options.photos);
  const total = Object.values(purged).reduce((sum, count) => sum + count, 0);
  // Leave a trace that history was removed, and by which rule (user "System").
  if (total > 0) {
    await recordAudit(db, { action: 'PURGE_AUDIT_LOGS', userId: null, userName: null, tableName: null, recordId: null, details: { cutoff, days, purged }, now });
  }
  return { cutoff, purged };
}
