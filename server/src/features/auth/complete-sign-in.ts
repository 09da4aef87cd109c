import type { FastifyRequest } from 'fastify';
import type { LoginResponse } from '@shared/auth/auth-schemas';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { setLastLogin, toUserDto } from '../users/users-repository';
import { createSession } from './sessions-repository';

// The end of every successful sign-in, with or without a second factor: a session,
// last_login, the LOGIN audit row and the token.
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  details?: Record<string, unknown>,
): Promise<LoginResponse> {
  const ip = request.ip;
  const now = new Date();
  const session = await createSession(ctx.db, {
    userId: user.id,
    ttlHours: ctx.config.sessionTtlHours,
    ipAddress: ip,
    userAgent: request.headers['user-agent'] ?? null,
    now,
  });
  await setLastLogin(ctx.db, user.id, now);
  await recordAudit(ctx.db, { action: 'LOGIN', userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, ipAddress: ip, now, details });
  const token = await ctx.tokens.sign({ sid: session.id, sub: String(user.id) }, new Date(session.expires_at));
  return { token, user: toUserDto({ ...user, last_login: now.toISOString() }) };
}
