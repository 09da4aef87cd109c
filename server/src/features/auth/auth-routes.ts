import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@shared/auth/roles';
import { errorSchema, loginInputSchema, messageSchema } from '@shared/auth/auth-schemas';
import { loginOrChallengeSchema } from '@shared/auth/two-factor-schemas';
import { userSchema } from '@shared/users/user-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { isTwoFactorRequired } from '../settings/settings-repository';
import { startTwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { findUserByUsername, toUserDto } from '../users/users-repository';
import { completeSignIn } from './complete-sign-in';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { revokeSession } from './sessions-repository';

// Never say which of the two was wrong: that would confirm a username exists.
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_INACTIVE = 'This account is inactive. Please contact your administrator.';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a username and password',
      body: loginInputSchema,
      response: { 200: loginOrChallengeSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const ip = request.ip;
      const waitMs = ctx.loginThrottle.retryAfterMs(username, ip);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new HttpError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }

      const user = await findUserByUsername(ctx.db, username);
      const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
      if (!user || !passwordOk) {
        ctx.loginThrottle.recordFailure(username, ip);
        await recordAudit(ctx.db, {
          action: 'LOGIN_FAILED',
          userId: user?.id ?? null,
          userName: user?.full_name ?? username.slice(0, 64),
          tableName: 'users',
          recordId: user?.id ?? null,
          ipAddress: ip,
        });
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      if (user.is_active !== 1) throw new HttpError(403, ACCOUNT_INACTIVE);

      // With two-factor sign-in on, a right password only earns a challenge; the username's
      // failure count is cleared once the code is right too (see two-factor-routes.ts).
      if (await isTwoFactorRequired(ctx.db)) return startTwoFactorChallenge(ctx, user);

      ctx.loginThrottle.recordSuccess(username);
      return completeSignIn(ctx, request, user);
    },
  });

  routes.get('/me', {
    config: { access: ALL_ROLES },
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema, 401: errorSchema } },
    handler: async (request) => toUserDto(signedInUser(request).user),
  });

  routes.post('/logout', {
    config: { access: ALL_ROLES },
    schema: { tags: ['auth'], summary: 'Sign out: the token stops working at once', response: { 200: messageSchema, 401: errorSchema } },
    handler: async (request) => {
      const { user, sessionId } = signedInUser(request);
      await revokeSession(ctx.db, sessionId);
      await recordAudit(ctx.db, { action: 'LOGOUT', userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, ipAddress: request.ip });
      return { message: 'Logged out successfully' };
    },
  });
}
