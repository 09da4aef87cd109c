import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { recentAudits, recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { boothScopeFor } from './voter-access';
import { liveVoterByVoterId, voterIdExists } from './voters-repository';

// Issue 17: a Voter ID is unique across the constituency, so adding a voter whose ID is taken
// must be refused, and the refusal says the ID exists, even in a booth the user cannot see.
// The refusal cannot be avoided; what it tells is kept small:
// - a booth-scoped user gets the same answer whether the voter is inside or outside their
//   booths (no booth, no name, no record);
// - each such refusal leaves a VOTER_ID_CONFLICT audit row (the voter ID tried, and whether it
//   lay outside the user's booths), so the office sees who probes;
// - after VOTER_ID_CONFLICT_LIMIT of them in an hour the user can add no voter at all until
//   the hour has passed (429 whatever the ID, so the refusal itself tells nothing), and the
//   user's checks run one at a time, so a burst of parallel guesses cannot all be evaluated
//   before the limit is read. Enumerating IDs at 10 an hour is useless; a field worker who
//   meets a few voters already entered by a colleague is not stopped.
// Office roles see every voter anyway and are not limited.

export const VOTER_ID_EXISTS = 'Voter ID already exists';
export const VOTER_ID_CONFLICT_LIMIT = 10;
const VOTER_ID_CONFLICT_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_VOTER_ID_CONFLICTS = 'Too many of the Voter IDs you entered already exist. You can add voters again within the hour.';

export const voterIdTaken = () => new HttpError(409, VOTER_ID_EXISTS, { voter_id: VOTER_ID_EXISTS });

// Refuses a voter ID that a live voter holds (409), and a booth-scoped user over the limit (429).
export async function assertVoterIdFree(ctx: AppContext, actor: { user: UserRow; ipAddress: string }, voterId: string): Promise<void> {
  const scope = boothScopeFor(actor.user);
  if (scope.kind === 'all') {
    if (await voterIdExists(ctx.db, voterId)) throw voterIdTaken();
    return;
  }
  const now = Date.now();
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    await ctx.dialect.lockUser(trx, actor.user.id);
    const recent = await recentAudits(trx, { userId: actor.user.id, action: 'VOTER_ID_CONFLICT', since: new Date(now - VOTER_ID_CONFLICT_WINDOW_MS).toISOString() });
    if (recent.count >= VOTER_ID_CONFLICT_LIMIT) {
      const freeAt = (recent.oldest ? Date.parse(recent.oldest) : now) + VOTER_ID_CONFLICT_WINDOW_MS;
      return new HttpError(429, TOO_MANY_VOTER_ID_CONFLICTS, undefined, { 'retry-after': String(Math.max(1, Math.ceil((freeAt - now) / 1000))) });
    }
    const existing = await liveVoterByVoterId(trx, voterId);
    if (!existing) return undefined;
    await recordAudit(trx, {
      action: 'VOTER_ID_CONFLICT',
      userId: actor.user.id,
      userName: actor.user.full_name,
      tableName: 'voters',
      recordId: existing.id,
      // Only the office roles read the audit log, and they see every voter.
      recordName: voterRecordName(existing),
      ipAddress: actor.ipAddress,
      details: { voter_id: voterId, outside_scope: !existing.booth || !scope.booths.includes(existing.booth) },
    });
    return voterIdTaken();
  });
  if (refusal) throw refusal;
}
