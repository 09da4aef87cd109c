import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { twoFactorInputSchema, twoFactorLoginResponseSchema } from '@shared/auth/two-factor-schemas';
import type { AppContext } from '../../context';
import { requestActor } from '../audit/actor';
import { requestClient } from '../auth/complete-sign-in';
import { resetTwoFactor, signInWithCode, twoFactorStatus } from './two-factor-use-cases';
import { recordIdSchema } from '@shared/records/record-id';

const userIdParams = z.object({ id: recordIdSchema('User not found') });
const twoFactorStatusSchema = z.object({ enrolled: z.boolean(), recoveryCodesLeft: z.number().int() });
// The Super Admin's routes about one user's second factor refuse alike.
const userRouteErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

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
      response: { 200: twoFactorLoginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => signInWithCode(ctx, requestClient(request, reply), request.body),
  });

  routes.get('/two-factor/users/:id', {
    config: { access: ['Super Admin'] },
    schema: {
      tags: ['two-factor'],
      summary: "Whether a user has set up an authenticator, and how many recovery codes are left",
      params: userIdParams,
      response: { 200: twoFactorStatusSchema, ...userRouteErrors },
    },
    handler: async (request) => twoFactorStatus(ctx.db, request.params.id),
  });

  routes.delete('/two-factor/users/:id', {
    config: { access: ['Super Admin'] },
    schema: {
      tags: ['two-factor'],
      summary: "Reset a user's second factor (a lost phone): they set it up again at their next sign-in",
      params: userIdParams,
      response: { 200: messageSchema, ...userRouteErrors },
    },
    handler: async (request) => {
      await resetTwoFactor(ctx.db, requestActor(request), request.params.id);
      return { message: 'Two-factor authentication reset. The user will set it up again at their next sign-in.' };
    },
  });
}
