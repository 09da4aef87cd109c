import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema';

export async function createSession(
  db: Kysely<Database>,
  input: { userId: number; ttlHours: number; ipAddress: string | null; userAgent: string | null; twoFactorPassed?: boolean; now?: Date },
): Promise<SessionRow> {
  const now = input.now ?? new Date();
  const session: SessionRow = {
    id: randomBytes(24).toString('base64url'),
    user_id: input.userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.ttlHours * 3_600_000).toISOString(),
    revoked_at: null,
    ip_address: input.ipAddress,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
    two_factor_passed: input.twoFactorPassed ? 1 : 0,
  };
  await db.insertInto('sessions').values(session).execute();
  return session;
}

// The session and its user in one read: every request asks this (plugins/access-control.ts),
// so revocation and deactivation count from the next request on.
export async function findSessionWithUser(
  db: Kysely<Database>,
  id: string,
): Promise<{ session: Pick<SessionRow, 'id' | 'user_id' | 'expires_at' | 'revoked_at'>; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.user_id as session_user_id', 'sessions.expires_at as session_expires_at', 'sessions.revoked_at as session_revoked_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_user_id, session_expires_at, session_revoked_at, ...user } = row;
  return { session: { id: session_id, user_id: session_user_id, expires_at: session_expires_at, revoked_at: session_revoked_at }, user };
}

export async function revokeSession(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

// Ends every open session of a user, optionally keeping the one making the change.
export async function revokeUserSessions(db: Kysely<Database>, userId: number, exceptSessionId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

// Switching two-factor on for roles ends their sessions that did not pass it (issue 17).
export async function revokeSessionsWithoutTwoFactor(db: Kysely<Database>, roles: readonly string[], now: Date = new Date()): Promise<number> {
  if (roles.length === 0) return 0;
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('revoked_at', 'is', null)
    .where('two_factor_passed', '=', 0)
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.role', 'in', [...roles]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
