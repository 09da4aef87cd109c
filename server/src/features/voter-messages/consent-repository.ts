import type { Kysely, Transaction } from 'kysely';
import type { ConsentSource, MessagingState, VoterConsent } from '@shared/voter-messages/consent-schema';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

// A live voter's mobile and consent, as the consent screen shows it: no consent row reads as
// unknown at version 1; a number that replied STOP shows as opted out whatever the row says.
export async function findVoterConsent(db: Executor, voterId: number): Promise<(VoterConsent & { mobile: string | null; full_name: string }) | undefined> {
  const voter = await db
    .selectFrom('voters')
    .leftJoin('voter_message_consent as consent', 'consent.voter_id', 'voters.id')
    .select([
      'voters.id',
      'voters.full_name',
      'voters.mobile_number',
      'consent.state',
      'consent.changed_at',
      'consent.source',
      'consent.changed_by_name',
      'consent.note',
      'consent.version',
    ])
    .where('voters.id', '=', voterId)
    .where('voters.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!voter) return undefined;
  const blocked = voter.mobile_number ? await findOptOutNumber(db, voter.mobile_number) : undefined;
  const own = {
    state: (voter.state ?? 'unknown') as MessagingState,
    changed_at: voter.changed_at ?? null,
    source: (voter.source ?? null) as ConsentSource | null,
    changed_by_name: voter.changed_by_name ?? null,
  };
  // The number's opt-out is the later word unless an office user changed the voter since.
  const numberWins = blocked && (own.changed_at === null || blocked.opted_out_at >= own.changed_at);
  return {
    voter_id: voter.id,
    full_name: voter.full_name,
    mobile: voter.mobile_number,
    ...(numberWins ? { state: 'opted_out' as const, changed_at: blocked.opted_out_at, source: blocked.source as ConsentSource, changed_by_name: null } : own),
    note: voter.note ?? null,
    number_opted_out: blocked !== undefined,
    version: voter.version ?? 1,
  };
}

export function findOptOutNumber(db: Executor, mobile: string) {
  return db.selectFrom('message_opt_out_numbers').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

// Writes the voter's consent on condition that its version is still the one read (no row:
// version 1, so two first answers at once cannot both insert); false when someone got in between.
export async function writeVoterConsent(
  db: Executor,
  input: { voterId: number; readVersion: number; state: MessagingState; source: ConsentSource; changedBy: number | null; changedByName: string | null; note: string | null; now: Date },
): Promise<boolean> {
  const values = { state: input.state, source: input.source, changed_at: input.now.toISOString(), changed_by: input.changedBy, changed_by_name: input.changedByName, note: input.note };
  if (input.readVersion === 1) {
    const inserted = await db
      .insertInto('voter_message_consent')
      .values({ voter_id: input.voterId, ...values, version: 2 })
      .onConflict((oc) => oc.column('voter_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('voter_message_consent')
    .set({ ...values, version: input.readVersion + 1 })
    .where('voter_id', '=', input.voterId)
    .where('version', '=', input.readVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function optOutNumber(db: Executor, mobile: string, source: ConsentSource, reply: string | null, now: Date): Promise<void> {
  await db
    .insertInto('message_opt_out_numbers')
    .values({ mobile, opted_out_at: now.toISOString(), source, reply })
    .onConflict((oc) => oc.column('mobile').doUpdateSet({ opted_out_at: now.toISOString(), source, reply }))
    .execute();
}

// Returns whether the number was opted out.
export async function clearOptOutNumber(db: Executor, mobile: string): Promise<boolean> {
  const result = await db.deleteFrom('message_opt_out_numbers').where('mobile', '=', mobile).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
