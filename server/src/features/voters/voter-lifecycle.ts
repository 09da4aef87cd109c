import type { Executor } from '../../db/dialects/database-dialect';
import { type UserActor, userAudit } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { dropOpenPairsOf } from '../duplicates/duplicates-repository';
import { leaveHousehold } from '../households/households-use-cases';
import { softDeleteVoter } from './voters-repository';

// What happens to a voter leaving the list, in one place for the features that take one out:
// the voters' delete, the roll import's deletions (voters/, rolls/) and a duplicate mark
// (duplicates/). Each runs inside the caller's transaction.

// Deleted (kept until the retention period ends), with its audit row (the import's details
// beside it), and the duplicate pairs still to review dropped (issue 20). False when someone
// deleted the voter first.
export async function removeVoter(trx: Executor, actor: UserActor, voter: { id: number; full_name: string; voter_id: string | null }, details?: Record<string, unknown>): Promise<boolean> {
  if (!(await softDeleteVoter(trx, voter.id, { userId: actor.user.id }))) return false;
  await recordAudit(trx, { ...userAudit(actor, 'voters'), action: 'DELETE_VOTER', recordId: voter.id, recordName: voterRecordName(voter), ...(details ? { details } : {}) });
  await dropOpenPairsOf(trx, voter.id);
  return true;
}

// A second roll entry of a person kept elsewhere: its other pairs go with it (a later scan finds
// them again should the mark be undone) and it leaves its household. Gives the household it left.
export async function retireDuplicate(trx: Executor, voterId: number): Promise<number | null> {
  await dropOpenPairsOf(trx, voterId);
  const voter = await trx.selectFrom('voters').select(['id', 'household_id']).where('id', '=', voterId).executeTakeFirstOrThrow();
  await leaveHousehold(trx, voter);
  return voter.household_id;
}
