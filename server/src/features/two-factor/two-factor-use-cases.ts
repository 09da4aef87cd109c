import type { Kysely, Transaction } from 'kysely';
import type { TwoFactorInput, TwoFactorLoginResponse } from '@shared/auth/two-factor-schemas';
import type { Database, UserRow, UserTwoFactorRow } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { userRecordName } from '../audit/record-names';
import { completeSignIn, type SignInClient, type SignInContext, signInLimitKeys } from '../auth/complete-sign-in';
import { signInThrottledMessage } from '../auth/login-throttle';
import { findUserById } from '../users/users-repository';
import { generateRecoveryCodes, hashRecoveryCode, MAX_CODE_ATTEMPTS_PER_CHALLENGE, sha256, verifyTotp } from './two-factor-challenge';
import {
  advanceTimeStep,
  confirmTwoFactor,
  consumeLoginChallenge,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findLoginChallenge,
  findTwoFactor,
  recordChallengeFailure,
  useRecoveryCode,
} from './two-factor-repository';

export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please sign in again.';
export const INVALID_CODE = 'Invalid authentication code';

type SignInMethod = 'authenticator' | 'recovery_code';

// A code from the authenticator (whose first right code confirms it and issues recovery
// codes) or an unused recovery code. Null when the code is wrong or was used already.
async function acceptCode(trx: Transaction<Database>, factor: UserTwoFactorRow, code: string, recoveryCodes: string[] | undefined): Promise<SignInMethod | null> {
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const timeStep = await verifyTotp(factor.secret, digits, factor.last_time_step);
    if (timeStep === null) return null;
    if (factor.confirmed_at === null) {
      await confirmTwoFactor(trx, factor.user_id, timeStep, (recoveryCodes ?? []).map(hashRecoveryCode));
      return 'authenticator';
    }
    return (await advanceTimeStep(trx, factor.user_id, timeStep)) ? 'authenticator' : null;
  }
  return factor.confirmed_at !== null && (await useRecoveryCode(trx, factor.user_id, hashRecoveryCode(code))) ? 'recovery_code' : null;
}

// The second sign-in step. Each code is counted against the username (or the device
// cookie) and the IP before it is checked, so the password step and this one share one
// limit. The code, the challenge and (on enrolment) the ENROL_TWO_FACTOR row are one
// transaction, the session another.
export async function signInWithCode(ctx: SignInContext, client: SignInClient, input: TwoFactorInput): Promise<TwoFactorLoginResponse> {
  const idHash = sha256(input.challengeToken);
  const challenge = await findLoginChallenge(ctx.db, idHash);
  const now = new Date();
  if (!challenge || challenge.used_at !== null || challenge.expires_at <= now.toISOString() || challenge.failed_attempts >= MAX_CODE_ATTEMPTS_PER_CHALLENGE) {
    throw new HttpError(401, CHALLENGE_EXPIRED);
  }
  const user = await findUserById(ctx.db, challenge.user_id);
  // Deactivated since the password step: the same answer as an expired sign-in.
  if (!user || user.is_active !== 1) throw new HttpError(401, CHALLENGE_EXPIRED);
  const limitKeys = signInLimitKeys(ctx, client, user.username);
  await ctx.loginThrottle.admit(ctx.db, limitKeys, signInThrottledMessage);

  const factor = await findTwoFactor(ctx.db, user.id);
  if (!factor) throw new HttpError(401, CHALLENGE_EXPIRED);
  const recoveryCodes = factor.confirmed_at === null ? generateRecoveryCodes() : undefined;
  const audit = { userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, recordName: userRecordName(user), ipAddress: client.ipAddress };
  const method = await ctx.db.transaction().execute(async (trx) => {
    const accepted = await acceptCode(trx, factor, input.code, recoveryCodes);
    if (accepted === null) {
      await recordChallengeFailure(trx, idHash);
      await recordAudit(trx, { action: 'LOGIN_FAILED', ...audit, details: { reason: 'two_factor_code' } });
      return null;
    }
    // Throwing here undoes the code's use too: another request took the challenge.
    if (!(await consumeLoginChallenge(trx, idHash))) throw new HttpError(401, CHALLENGE_EXPIRED);
    if (recoveryCodes) await recordAudit(trx, { action: 'ENROL_TWO_FACTOR', ...audit });
    return accepted;
  });
  if (method === null) throw new HttpError(401, INVALID_CODE);

  const signedIn = await completeSignIn(ctx, client, user, { limitKeys, twoFactorPassed: true, details: { two_factor: method } });
  return recoveryCodes ? { ...signedIn, recoveryCodes } : signedIn;
}

async function findTargetUser(db: Kysely<Database>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, 'User not found');
  return user;
}

export async function twoFactorStatus(db: Kysely<Database>, userId: number): Promise<{ enrolled: boolean; recoveryCodesLeft: number }> {
  const user = await findTargetUser(db, userId);
  const factor = await findTwoFactor(db, user.id);
  return { enrolled: Boolean(factor?.confirmed_at), recoveryCodesLeft: await countUnusedRecoveryCodes(db, user.id) };
}

// A lost phone: the user sets up an authenticator again at their next sign-in.
export async function resetTwoFactor(db: Kysely<Database>, actor: Actor, userId: number): Promise<void> {
  const user = await findTargetUser(db, userId);
  await db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await recordAudit(trx, { action: 'RESET_TWO_FACTOR', ...actor, tableName: 'users', recordId: user.id, recordName: userRecordName(user) });
  });
}
