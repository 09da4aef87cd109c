import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@shared/auth/auth-schemas';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import { userRecordName } from '../audit/record-names';
import { setLastLogin, toUserDto } from '../users/users-repository';
import { createDeviceCookieValue, deviceCookieHeader, readDeviceId } from './device-cookie';
import type { LimitKey } from './login-throttle';
import { createSession } from './sessions-repository';

// Who is signing in from where: there is no actor yet, only a client. The address is
// request.ip, which honours TRUST_PROXY (config.ts): the right-most X-Forwarded-For entry
// not added by a trusted proxy.
export interface SignInClient {
  ipAddress: string;
  userAgent: string | null;
  // The raw Cookie header, for a device cookie.
  cookieHeader: string | undefined;
  // Over HTTPS the device cookie is Secure.
  secure: boolean;
  setCookie: (header: string) => void;
}

export function requestClient(request: FastifyRequest, reply: FastifyReply): SignInClient {
  return {
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    cookieHeader: request.headers.cookie,
    secure: request.protocol === 'https',
    setCookie: (header) => void reply.header('set-cookie', header),
  };
}

export type SignInContext = Pick<AppContext, 'db' | 'tokens' | 'config' | 'loginThrottle'>;

// The limit counters of one sign-in attempt for a username: the device cookie's when the
// request brings a valid one for that username, else the username's (see login-throttle.ts).
export function signInLimitKeys(ctx: SignInContext, client: SignInClient, username: string): LimitKey[] {
  const deviceId = readDeviceId(ctx.config.jwtSecret, username, client.cookieHeader);
  return ctx.loginThrottle.keysFor({ ipAddress: client.ipAddress, username, deviceId });
}

// The end of every successful sign-in, with or without a second factor: a session,
// last_login and the LOGIN audit row in one transaction, then the token and a fresh
// device cookie for this username.
export async function completeSignIn(
  ctx: SignInContext,
  client: SignInClient,
  user: UserRow,
  signIn: { limitKeys: LimitKey[]; twoFactorPassed: boolean; details?: Record<string, unknown> },
): Promise<LoginResponse> {
  const now = new Date();
  const session = await ctx.db.transaction().execute(async (trx) => {
    const created = await createSession(trx, {
      userId: user.id,
      ttlHours: ctx.config.sessionTtlHours,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      twoFactorPassed: signIn.twoFactorPassed,
      now,
    });
    await setLastLogin(trx, user.id, now);
    await recordAudit(trx, { action: 'LOGIN', userId: user.id, userName: user.full_name, tableName: 'users', recordId: user.id, recordName: userRecordName(user), ipAddress: client.ipAddress, now, details: signIn.details });
    return created;
  });
  await ctx.loginThrottle.succeeded(ctx.db, signIn.limitKeys);
  client.setCookie(deviceCookieHeader(user.username, createDeviceCookieValue(ctx.config.jwtSecret, user.username), client.secure));
  const token = await ctx.tokens.sign({ sid: session.id, sub: String(user.id) }, new Date(session.expires_at));
  return { token, user: toUserDto({ ...user, last_login: now.toISOString() }) };
}
