import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { passwordPolicyProblem } from '@shared/auth/password-policy';
import { ADMIN_ROLES, ALL_ROLES, type Role } from '@shared/auth/roles';
import {
  changeOwnPasswordInputSchema,
  createUserInputSchema,
  roleUserSchema,
  setPasswordInputSchema,
  updateUserInputSchema,
  userIdParamsSchema,
  usersByRoleQuerySchema,
} from '@shared/users/user-input-schemas';
import { canManageRole } from '@shared/users/user-permissions';
import { type User, userSchema } from '@shared/users/user-schema';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions-repository';
import { readSettings } from '../settings/settings-repository';
import {
  deleteUser,
  findUserById,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  listActiveUsersByRole,
  listUsers,
  setPasswordHash,
  toUserDto,
  updateUser,
} from './users-repository';

// Texts of spec section 8 (the screen shows them as they come).
export const USERNAME_EXISTS = 'Username already exists';
export const CANNOT_DELETE_SELF = 'You cannot delete yourself.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate yourself.';
export const USE_CHANGE_PASSWORD = 'Use "Change password" to change your own password.';
export const ESCALATION_REFUSED = 'Only a Super Admin can manage Super Admin and Admin accounts.';
export const USER_NOT_FOUND = 'User not found';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const SAME_PASSWORD = 'The new password must be different from the current one';

const adminResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;
const usernameTaken = () => new HttpError(409, USERNAME_EXISTS, { username: USERNAME_EXISTS });

// The password_policy setting, checked wherever a password is set; the message names
// what is missing and sits beside the field that holds the password.
async function assertPasswordPolicy(ctx: AppContext, password: string, field: string): Promise<void> {
  const { password_policy } = await readSettings(ctx.db);
  const problem = passwordPolicyProblem(password, password_policy);
  if (problem) throw new HttpError(400, problem, { [field]: problem });
}

async function findTarget(ctx: AppContext, id: number): Promise<UserRow> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw new HttpError(404, USER_NOT_FOUND);
  return target;
}

function assertCanManage(actor: UserRow, role: string): void {
  if (!canManageRole(actor.role as Role, role as Role)) throw new HttpError(403, ESCALATION_REFUSED);
}

// The fields whose value changed, for the audit row (names only: values may be personal data).
function changedFields(before: User, after: User): string[] {
  const keys = ['username', 'full_name', 'email', 'mobile', 'age', 'address', 'id_number', 'dob', 'designation', 'organisation', 'role', 'booth_access', 'is_active'] as const;
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

function auditBase(request: FastifyRequest, actor: UserRow, recordId: number) {
  return { userId: actor.id, userName: actor.full_name, tableName: 'users', recordId, ipAddress: request.ip };
}

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
      querystring: usersByRoleQuerySchema,
      response: { 200: z.array(roleUserSchema), ...adminResponses },
    },
    handler: async (request) => {
      const rows = await listActiveUsersByRole(ctx.db, request.query.role);
      return rows.map((row) => ({ _id: row.id, id: row.id, username: row.username, full_name: row.full_name, role: row.role as Role }));
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
    handler: async (request, reply) => {
      const { user: actor } = signedInUser(request);
      const { password, ...profile } = request.body;
      assertCanManage(actor, profile.role);
      await assertPasswordPolicy(ctx, password, 'password');
      if (await findUserByUsername(ctx.db, profile.username)) throw usernameTaken();
      // Hash before the transaction: argon2 is slow and must not hold the write lock.
      const passwordHash = await hashPassword(password);
      try {
        const created = await ctx.db.transaction().execute(async (trx) => {
          const row = await insertUser(trx, { ...profile, passwordHash });
          await recordAudit(trx, { action: 'CREATE_USER', ...auditBase(request, actor, row.id), details: { username: row.username, role: row.role } });
          return row;
        });
        return reply.code(201).send(toUserDto(created));
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },
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
    handler: async (request, reply) => {
      const { user, sessionId } = signedInUser(request);
      const { current_password, new_password } = request.body;
      // Guessing the current password here counts like guessing it at sign-in.
      const waitMs = ctx.loginThrottle.retryAfterMs(user.username, request.ip);
      if (waitMs > 0) {
        reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new HttpError(429, 'Too many wrong passwords. Please try again later.');
      }
      // 400, not 401: the session is fine, and a 401 would sign the user out.
      if (!(await verifyPassword(user.password_hash, current_password))) {
        ctx.loginThrottle.recordFailure(user.username, request.ip);
        throw new HttpError(400, CURRENT_PASSWORD_WRONG, { current_password: CURRENT_PASSWORD_WRONG });
      }
      if (current_password === new_password) throw new HttpError(400, SAME_PASSWORD, { new_password: SAME_PASSWORD });
      await assertPasswordPolicy(ctx, new_password, 'new_password');
      const passwordHash = await hashPassword(new_password);
      await ctx.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        // Whoever else holds a session of this account is signed out; this device stays in.
        await revokeUserSessions(trx, user.id, sessionId);
        await recordAudit(trx, { action: 'CHANGE_PASSWORD', ...auditBase(request, user, user.id) });
      });
      return { message: 'Password changed successfully' };
    },
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['users'],
      summary: 'Update a staff user (without password); deactivating or changing the role ends their sessions',
      params: userIdParamsSchema,
      body: updateUserInputSchema,
      response: { 200: userSchema, ...adminResponses, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request) => {
      const { user: actor } = signedInUser(request);
      const { id } = request.params;
      const { is_active, ...profile } = request.body;
      const target = await findTarget(ctx, id);
      const active = is_active ?? target.is_active === 1;
      if (target.id === actor.id) {
        // Nobody can lock themselves out or promote themselves.
        if (profile.role !== target.role) throw new HttpError(400, CANNOT_CHANGE_OWN_ROLE, { role: CANNOT_CHANGE_OWN_ROLE });
        if (!active) throw new HttpError(400, CANNOT_DEACTIVATE_SELF, { is_active: CANNOT_DEACTIVATE_SELF });
      } else {
        assertCanManage(actor, target.role);
        assertCanManage(actor, profile.role);
      }
      const sameName = await findUserByUsername(ctx.db, profile.username);
      if (sameName && sameName.id !== id) throw usernameTaken();

      try {
        const updated = await ctx.db.transaction().execute(async (trx) => {
          const row = await updateUser(trx, id, { ...profile, is_active: active });
          if (!row) throw new HttpError(404, USER_NOT_FOUND);
          // A deactivated user or one whose role changed must sign in again (or not at all).
          if ((target.is_active === 1 && !active) || target.role !== row.role) await revokeUserSessions(trx, id);
          const changed = changedFields(toUserDto(target), toUserDto(row));
          await recordAudit(trx, { action: 'UPDATE_USER', ...auditBase(request, actor, id), details: { changed } });
          return row;
        });
        return toUserDto(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },
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
      const { user: actor } = signedInUser(request);
      const { id } = request.params;
      // Setting one's own password without the current one would let a borrowed session take the account.
      if (id === actor.id) throw new HttpError(400, USE_CHANGE_PASSWORD);
      const target = await findTarget(ctx, id);
      assertCanManage(actor, target.role);
      await assertPasswordPolicy(ctx, request.body.password, 'password');
      const passwordHash = await hashPassword(request.body.password);
      await ctx.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, id, passwordHash);
        await revokeUserSessions(trx, id);
        await recordAudit(trx, { action: 'RESET_PASSWORD', ...auditBase(request, actor, id) });
      });
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
      const { user: actor } = signedInUser(request);
      const { id } = request.params;
      if (id === actor.id) throw new HttpError(400, CANNOT_DELETE_SELF);
      const target = await findTarget(ctx, id);
      assertCanManage(actor, target.role);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await deleteUser(trx, id))) throw new HttpError(404, USER_NOT_FOUND);
        await recordAudit(trx, {
          action: 'DELETE_USER',
          ...auditBase(request, actor, id),
          details: { username: target.username, full_name: target.full_name, role: target.role },
        });
      });
      return { message: 'User deleted successfully' };
    },
  });
}
