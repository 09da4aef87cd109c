import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES, isAdminRole, type Role } from '@shared/auth/roles';
import { conflictSchema } from '@shared/records/record-version';
import {
  changeOwnPasswordInputSchema,
  createUserInputSchema,
  roleUserSchema,
  setPasswordInputSchema,
  updateUserInputSchema,
  userIdParamsSchema,
  usersByRoleQuerySchema,
} from '@shared/users/user-input-schemas';
import { userLanguageInputSchema } from '@shared/i18n/user-language-schema';
import { userSchema } from '@shared/users/user-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { requestActor } from '../audit/actor';
import { listActiveUsersByRole, listUsers, toUserDto } from './users-repository';
import { changeOwnPassword, createUser, editUser, removeUser, resetPassword, setOwnLanguage } from './users-use-cases';

const adminResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['users'], summary: 'Every staff user, newest first (never a password hash)', response: { 200: z.array(userSchema), 401: errorSchema, 403: errorSchema } },
    handler: async () => (await listUsers(ctx.db)).map(toUserDto),
  });

  routes.get('/by-role', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['users'],
      summary: 'The active users of one role, for notification recipients and task assignment',
      description: 'Usernames only to the office roles (who see them in the user list anyway): a username is half of a sign-in, and field roles choose people by name.',
      querystring: usersByRoleQuerySchema,
      response: { 200: z.array(roleUserSchema), ...adminResponses },
    },
    handler: async (request) => {
      const rows = await listActiveUsersByRole(ctx.db, request.query.role);
      // Issue 17: a field role could list the office's usernames and aim guesses at them.
      const showUsernames = isAdminRole(signedInUser(request).user.role as Role);
      return rows.map((row) => ({ _id: row.id, id: row.id, full_name: row.full_name, role: row.role as Role, ...(showUsernames ? { username: row.username } : {}) }));
    },
  });

  routes.post('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Create a staff user (an Admin may create Supervisors and Karyakartas only)',
      body: createUserInputSchema,
      response: { 201: userSchema, ...adminResponses, 409: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createUser(ctx, requestActor(request), request.body)),
  });

  // Declared before /:id routes for readability; the router prefers the static "me" anyway.
  routes.put('/me/password', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Change my own password (current password required); my other sessions end',
      body: changeOwnPasswordInputSchema,
      response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
    handler: async (request) => {
      const { sessionId } = signedInUser(request);
      await changeOwnPassword(ctx, requestActor(request), { sessionId, ...request.body }, ctx.loginThrottle);
      return { message: 'Password changed successfully' };
    },
  });

  // Issue 18: the language follows the user to any device; every role chooses their own.
  routes.put('/me/language', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Choose my own interface language (en, mr, hi or gu); null follows the Language setting',
      body: userLanguageInputSchema,
      response: { 200: userSchema, 400: errorSchema, 401: errorSchema },
    },
    handler: async (request) => setOwnLanguage(ctx, requestActor(request), request.body.language),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Update a staff user (without password; fields left out keep their value; version = the version edited); deactivating or changing the role ends their sessions',
      params: userIdParamsSchema,
      body: updateUserInputSchema,
      response: { 200: userSchema, ...adminResponses, 404: errorSchema, 409: conflictSchema(userSchema) },
    },
    handler: async (request) => editUser(ctx, requestActor(request), request.params.id, request.body),
  });

  routes.put('/:id/password', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['users'],
      summary: "Set a new password for a user; all of that user's sessions end",
      params: userIdParamsSchema,
      body: setPasswordInputSchema,
      response: { 200: messageSchema, ...adminResponses, 404: errorSchema },
    },
    handler: async (request) => {
      await resetPassword(ctx, requestActor(request), request.params.id, request.body.password);
      return { message: 'Password updated successfully' };
    },
  });

  routes.delete('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Delete a user; their sessions end, audit rows keep their name',
      params: userIdParamsSchema,
      response: { 200: messageSchema, ...adminResponses, 404: errorSchema },
    },
    handler: async (request) => {
      await removeUser(ctx, requestActor(request), request.params.id);
      return { message: 'User deleted successfully' };
    },
  });
}
