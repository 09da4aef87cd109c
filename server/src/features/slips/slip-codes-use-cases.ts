import { SLIP_GENERATION_MAX, type SlipCode } from '@shared/slips/slip-token';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import { EditConflictError, HttpError } from '../../plugins/error-handler';
import { type UserActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { voterRecordName } from '../audit/record-names';
import { boothScopeFor, VOTER_NOT_FOUND } from '../voters/voter-access';
import { findVoter } from '../voters/voters-repository';
import { nextSlipGeneration, slipCodeOf } from './slip-codes-repository';

// A voter's slip code (issue 61, decision 085): the office revokes it when a slip is lost or
// reprinted, and the codes on slips printed before are refused on poll day from then on. The
// generation is the record's version: a revocation names the one it saw, so two people revoking
// at once (each then printing a slip) do not void each other's new slip unseen.

export const SLIP_CODE_CHANGED = 'Someone else revoked this slip first. Reload and try again.';

async function codeOf(db: Executor, voterId: number): Promise<SlipCode> {
  const row = await slipCodeOf(db, voterId);
  return { voter_id: voterId, generation: row?.generation ?? 0, revoked_at: row?.revoked_at ?? null, revoked_by_name: row?.revoked_by_name ?? null };
}

async function listedVoter(db: Executor, actor: UserActor, voterId: number) {
  const voter = await findVoter(db, voterId, boothScopeFor(actor.user));
  if (!voter || voter.duplicate_of !== null) throw new HttpError(404, VOTER_NOT_FOUND);
  return voter;
}

export async function getSlipCode(ctx: AppContext, actor: UserActor, voterId: number): Promise<SlipCode> {
  await listedVoter(ctx.db, actor, voterId);
  return codeOf(ctx.db, voterId);
}

export async function revokeSlipCode(ctx: AppContext, actor: UserActor, voterId: number, seen: number): Promise<SlipCode> {
  return ctx.db.transaction().execute(async (trx) => {
    const voter = await listedVoter(trx, actor, voterId);
    const current = await codeOf(trx, voterId);
    if (current.generation !== seen) throw new EditConflictError(SLIP_CODE_CHANGED, current);
    // Two bytes of the token: a voter's slip is not revoked 65,535 times.
    if (current.generation >= SLIP_GENERATION_MAX) throw new HttpError(409, SLIP_CODE_CHANGED);
    const at = new Date().toISOString();
    if (!(await nextSlipGeneration(trx, { voterId, from: seen, at, userId: actor.user.id, userName: actor.user.full_name }))) {
      throw new EditConflictError(SLIP_CODE_CHANGED, await codeOf(trx, voterId));
    }
    await recordAudit(trx, {
      action: 'REVOKE_SLIP',
      userId: actor.user.id,
      userName: actor.user.full_name,
      ipAddress: actor.ipAddress,
      tableName: 'voters',
      recordId: voterId,
      recordName: voterRecordName(voter),
      details: { from_generation: seen, generation: seen + 1, booth: voter.booth },
    });
    return { voter_id: voterId, generation: seen + 1, revoked_at: at, revoked_by_name: actor.user.full_name };
  });
}
