import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@shared/auth/roles';
import { errorSchema, loginInputSchema, messageSchema } from '@shared/auth/auth-schemas';
import { loginOrChallengeSchema } from '@shared/auth/two-factor-schemas';
import { userSchema } from '@shared/users/user-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { requestActor } from '../audit/actor';
import { toUserDto } from '../users/users-repository';
import { signIn, signOut } from './auth-use-cases';
import { requestClient } from './complete-sign-in';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a username and password',
      body: loginInputSchema,
      response: { 200: loginOrChallengeSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => signIn(ctx, requestClient(request, reply), request.body),
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
      await signOut(ctx.db, requestActor(request), { sessionId, user });
      return { message: 'Logged out successfully' };
    },
  });
}
