import type { FastifyRequest } from 'fastify';
import type { LoginResponse } from '@shared/auth/auth-schemas';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { setLastLogin, toUserDto } from '../users/users-repository';
import { createSession } from './sessions-repository';

// Who is signing in from where: there is no actor yet, only a client.
export interface SignInClient {
  ipAddress: string;
  userAgent: string | null;
}

export function requestClient(request: FastifyRequest): SignInClient {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export type SignInContext = Pick<AppContext, 'db' | 'tokens' | 'config' | 'loginThrottle'>;

// The end of every successful sign-in, with or without a second factor: a session,
// last_login and the LOGIN audit row in one transaction, then the token.
export async function completeSignIn(ctx: SignInContext, client: SignInClient, user: UserRow, details?: Record<string, unknown>): Promise<LoginResponse> {
  const now = new Date();
  const session = await ctx.db.transaction().execute(async (trx) => {
    const created = await createSession(trx, { userId: user.id, ttlHours: ctx.config.sessionTtlHours, ipAddress: client.ipAddress, userAgent: client.userAgent, now });
    await setLastLogin(trx, user.id, now);
    await recordAudit(trx, { action: 'LOGIN', userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, ipAddress: client.ipAddress, now, details });
    return created;
  });
  const token = await ctx.tokens.sign({ sid: session.id, sub: String(user.id) }, new Date(session.expires_at));
  return { token, user: toUserDto({ ...user, last_login: now.toISOString() }) };
}
