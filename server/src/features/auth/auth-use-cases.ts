import type { Kysely } from 'kysely';
import type { LoginInput, LoginResponse } from '@shared/auth/auth-schemas';
import type { TwoFactorChallenge } from '@shared/auth/two-factor-schemas';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { userRecordName } from '../audit/record-names';
import { isTwoFactorRequiredFor } from '../settings/settings-repository';
import { startTwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { findUserByUsername } from '../users/users-repository';
import { completeSignIn, type SignInClient, type SignInContext, signInLimitKeys } from './complete-sign-in';
import { signInThrottledMessage } from './login-throttle';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { revokeSession } from './sessions-repository';

// Never say which of the two was wrong: that would confirm a username exists.
export const INVALID_CREDENTIALS = 'Invalid username or password';

// The password step. The attempt is counted before the password is checked (so parallel
// guesses cannot outrun the limit). A wrong password costs the same time whether the user
// exists or not (the decoy hash) and leaves a LOGIN_FAILED row. A deactivated account
// answers exactly like a wrong password, whatever the password: a different answer would
// confirm the password (issue 17).
export async function signIn(ctx: SignInContext, client: SignInClient, input: LoginInput): Promise<LoginResponse | TwoFactorChallenge> {
  const { username, password } = input;
  const limitKeys = signInLimitKeys(ctx, client, username);
  await ctx.loginThrottle.admit(ctx.db, limitKeys, signInThrottledMessage);
  const user = await findUserByUsername(ctx.db, username);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
  if (!user || !passwordOk || user.is_active !== 1) {
    await recordAudit(ctx.db, {
      action: 'LOGIN_FAILED',
      userId: user?.id ?? null,
      userName: user?.full_name ?? username.slice(0, 64),
      tableName: 'users',
      recordId: user?.id ?? null,
      // Only an account that exists is a record; a mistyped username names none.
      recordName: user ? userRecordName(user) : null,
      ipAddress: client.ipAddress,
      details: user && user.is_active !== 1 ? { reason: 'inactive_account' } : undefined,
    });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }

  // When the user's role needs two-factor, a right password only earns a challenge; the
  // counts are cleared once the code is right too (see two-factor-use-cases.ts).
  if (await isTwoFactorRequiredFor(ctx.db, user.role)) {
    await ctx.loginThrottle.passwordAccepted(ctx.db, limitKeys);
    return startTwoFactorChallenge(ctx.db, user);
  }
  return completeSignIn(ctx, client, user, { limitKeys, twoFactorPassed: false });
}

// The token stops working at once: its session is revoked with the LOGOUT row.
export async function signOut(db: Kysely<Database>, actor: Actor & { userId: number }, session: { sessionId: string; user: { full_name: string; username: string } }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.sessionId);
    await recordAudit(trx, { action: 'LOGOUT', ...actor, tableName: 'users', recordId: actor.userId, recordName: userRecordName(session.user) });
  });
}
