import type { Selectable } from 'kysely';
import type { Executor } from '../../db/dialects/database-dialect';
import type { VoterSlipCodesTable } from '../../db/schema';

// The generation of voters' slip codes (migration 062): a voter without a row is at 0.

export type SlipCodeRow = Selectable<VoterSlipCodesTable>;

export function slipCodeOf(db: Executor, voterId: number): Promise<SlipCodeRow | undefined> {
  return db.selectFrom('voter_slip_codes').selectAll().where('voter_id', '=', voterId).executeTakeFirst();
}

// Moves the voter's slip code from `from` to the next generation; false when it was no longer at
// `from` (someone revoked it meanwhile). The compare is in the statement, so of two revocations
// sent at once from the same generation only one moves it.
export async function nextSlipGeneration(db: Executor, entry: { voterId: number; from: number; at: string; userId: number; userName: string }): Promise<boolean> {
  const values = { generation: entry.from + 1, revoked_at: entry.at, revoked_by: entry.userId, revoked_by_name: entry.userName };
  if (entry.from === 0) {
    const inserted = await db
      .insertInto('voter_slip_codes')
      .values({ voter_id: entry.voterId, ...values })
      .onConflict((oc) => oc.column('voter_id').doNothing())
      .returning('voter_id')
      .execute();
    return inserted.length === 1;
  }
  const updated = await db.updateTable('voter_slip_codes').set(values).where('voter_id', '=', entry.voterId).where('generation', '=', entry.from).returning('voter_id').execute();
  return updated.length === 1;
}
