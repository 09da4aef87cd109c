import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { twoFactorInputSchema, twoFactorLoginResponseSchema } from '@shared/auth/two-factor-schemas';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { ACCOUNT_INACTIVE } from '../auth/auth-routes';
import { completeSignIn } from '../auth/complete-sign-in';
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

const userIdParams = z.object({ id: z.coerce.number().int().positive('User not found') });
const twoFactorStatusSchema = z.object({ enrolled: z.boolean(), recoveryCodesLeft: z.number().int() });

// Registered under /api: the second sign-in step and the Super Admin's reset.
export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/login/two-factor', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Second sign-in step: a code from the authenticator app, or a recovery code',
      description:
        'challengeToken comes from POST /api/auth/login when it answers twoFactorRequired. The first right code after enrolment also returns recoveryCodes, shown once.',
      body: twoFactorInputSchema,
      response: { 200: twoFactorLoginResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const { challengeToken, code } = request.body;
      const ip = request.ip;
      const idHash = sha256(challengeToken);
      const challenge = await findLoginChallenge(ctx.db, idHash);
      const now = new Date();
      if (!challenge || challenge.used_at !== null || challenge.expires_at <= now.toISOString() || challenge.failed_attempts >= MAX_CODE_ATTEMPTS_PER_CHALLENGE) {
        throw new HttpError(401, CHALLENGE_EXPIRED);
      }
      const user = await findUserById(ctx.db, challenge.user_id);
      if (!user) throw new HttpError(401, CHALLENGE_EXPIRED);
      if (user.is_active !== 1) throw new HttpError(403, ACCOUNT_INACTIVE);

      // Wrong codes count as failed sign-ins of the username and the IP, so the password
      // step and this one share one limit.
      const waitMs = ctx.loginThrottle.retryAfterMs(user.username, ip);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new HttpError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }

      const factor = await findTwoFactor(ctx.db, user.id);
      if (!factor) throw new HttpError(401, CHALLENGE_EXPIRED);
      let method: 'authenticator' | 'recovery_code' | null = null;
      let recoveryCodes: string[] | undefined;
      const digits = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(digits)) {
        const timeStep = await verifyTotp(factor.secret, digits, factor.last_time_step);
        if (timeStep !== null) {
          if (factor.confirmed_at === null) {
            recoveryCodes = generateRecoveryCodes();
            await confirmTwoFactor(ctx.db, user.id, timeStep, recoveryCodes.map(hashRecoveryCode));
            method = 'authenticator';
          } else if (await advanceTimeStep(ctx.db, user.id, timeStep)) {
            method = 'authenticator';
          }
        }
      } else if (factor.confirmed_at !== null && (await useRecoveryCode(ctx.db, user.id, hashRecoveryCode(code)))) {
        method = 'recovery_code';
      }

      if (method === null) {
        await recordChallengeFailure(ctx.db, idHash);
        ctx.loginThrottle.recordFailure(user.username, ip);
        await recordAudit(ctx.db, {
          action: 'LOGIN_FAILED',
          userId: user.id,
          userName: user.full_name,
          tableName: 'users',
          recordId: user.id,
          ipAddress: ip,
          details: { reason: 'two_factor_code' },
        });
        throw new HttpError(401, INVALID_CODE);
      }
      if (!(await consumeLoginChallenge(ctx.db, idHash))) throw new HttpError(401, CHALLENGE_EXPIRED);

      ctx.loginThrottle.recordSuccess(user.username);
      if (recoveryCodes) {
        await recordAudit(ctx.db, { action: 'ENROL_TWO_FACTOR', userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, ipAddress: ip });
      }
      const signedIn = await completeSignIn(ctx, request, user, { two_factor: method });
      return recoveryCodes ? { ...signedIn, recoveryCodes } : signedIn;
    },
  });

  routes.get('/two-factor/users/:id', {
    config: { access: ['Super Admin'] },
    schema: {
      tags: ['two-factor'],
      summary: "Whether a user has set up an authenticator, and how many recovery codes are left",
      params: userIdParams,
      response: { 200: twoFactorStatusSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const user = await findUserById(ctx.db, request.params.id);
      if (!user) throw new HttpError(404, 'User not found');
      const factor = await findTwoFactor(ctx.db, user.id);
      return { enrolled: Boolean(factor?.confirmed_at), recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, user.id) };
    },
  });

  routes.delete('/two-factor/users/:id', {
    config: { access: ['Super Admin'] },
    schema: {
      tags: ['two-factor'],
      summary: "Reset a user's second factor (a lost phone): they set it up again at their next sign-in",
      params: userIdParams,
      response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = signedInUser(request).user;
      const user = await findUserById(ctx.db, request.params.id);
      if (!user) throw new HttpError(404, 'User not found');
      await deleteTwoFactor(ctx.db, user.id);
      await recordAudit(ctx.db, { action: 'RESET_TWO_FACTOR', userId: actor.id, userName: actor.full_name, tableName: 'users', recordId: user.id, ipAddress: request.ip });
      return { message: 'Two-factor authentication reset. The user will set it up again at their next sign-in.' };
    },
  });
}
