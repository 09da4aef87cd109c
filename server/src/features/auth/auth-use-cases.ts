import type { Kysely } from 'kysely';
import type { LoginInput, LoginResponse } from '@shared/auth/auth-schemas';
import type { TwoFactorChallenge } from '@shared/auth/two-factor-schemas';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { isTwoFactorRequired } from '../settings/settings-repository';
import { startTwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { findUserByUsername } from '../users/users-repository';
import { completeSignIn, type SignInClient, type SignInContext } from './complete-sign-in';
import { assertNotThrottled, signInThrottledMessage } from './login-throttle';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { revokeSession } from './sessions-repository';

// Never say which of the two was wrong: that would confirm a username exists.
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_INACTIVE = 'This account is inactive. Please contact your administrator.';

// The password step. A wrong password costs the same time whether the user exists or not
// (the decoy hash), counts towards the throttle and leaves a LOGIN_FAILED row.
export async function signIn(ctx: SignInContext, client: SignInClient, input: LoginInput): Promise<LoginResponse | TwoFactorChallenge> {
  const { username, password } = input;
  assertNotThrottled(ctx.loginThrottle, username, client.ipAddress, signInThrottledMessage);
  const user = await findUserByUsername(ctx.db, username);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
  if (!user || !passwordOk) {
    ctx.loginThrottle.recordFailure(username, client.ipAddress);
    await recordAudit(ctx.db, {
      action: 'LOGIN_FAILED',
      userId: user?.id ?? null,
      userName: user?.full_name ?? username.slice(0, 64),
      tableName: 'users',
      recordId: user?.id ?? null,
      ipAddress: client.ipAddress,
    });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (user.is_active !== 1) throw new HttpError(403, ACCOUNT_INACTIVE);

  // With two-factor sign-in on, a right password only earns a challenge; the username's
  // failure count is cleared once the code is right too (see two-factor-use-cases.ts).
  if (await isTwoFactorRequired(ctx.db)) return startTwoFactorChallenge(ctx.db, user);

  ctx.loginThrottle.recordSuccess(username);
  return completeSignIn(ctx, client, user);
}

// The token stops working at once: its session is revoked with the LOGOUT row.
export async function signOut(db: Kysely<Database>, actor: Actor & { userId: number }, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, sessionId);
    await recordAudit(trx, { action: 'LOGOUT', ...actor, tableName: 'users', recordId: actor.userId });
  });
}
