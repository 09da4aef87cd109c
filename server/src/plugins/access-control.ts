import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Role } from '@shared/auth/roles';
import { accessFor, type RouteAccess, sameAccess } from '@shared/auth/route-access';
import type { Database, UserRow } from '../db/schema';
import type { TokenSigner } from '../features/auth/tokens';
import { findSessionWithUser } from '../features/auth/sessions-repository';

// Every /api route is listed in shared/auth/route-access.ts with who may call it:
// 'public' or a list of roles. A route missing from that table, or whose own
// `config.access` disagrees with it, is refused at start-up; should one slip through,
// it is denied at run time.
export type { RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    // Every /api route the server answers, as "METHOD /path" (HEAD twins left out).
    apiRoutes: string[];
  }
  interface FastifyRequest {
    auth: { user: UserRow; sessionId: string } | null;
  }
}

export interface AccessControlOptions {
  db: Kysely<Database>;
  tokens: TokenSigner;
}

const NOT_SIGNED_IN = 'Please sign in to continue';
const FORBIDDEN = 'You do not have permission to do this';
export const PASSWORD_CHANGE_REQUIRED = 'Please change your password before you continue: it was generated or reset by someone else.';

// Issue 57: what a user whose password was generated or reset may still do (see who they
// are, sign out, set their own password, and choose the language that screen speaks);
// every other call answers 403 until then.
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['GET /api/auth/me', 'HEAD /api/auth/me', 'POST /api/auth/logout', 'PUT /api/users/me/password', 'PUT /api/users/me/language']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function accessControl(app: FastifyInstance, options: AccessControlOptions): Promise<void> {
  app.decorateRequest('auth', null);
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI document and its viewer are public: the contract is not secret,
    // every data call still needs a token.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      return;
    }
    // Fastify adds a HEAD twin for each GET; it answers to the same people.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((method) => (method === 'HEAD' ? 'GET' : String(method)));
    const [first, ...rest] = methods.map((method) => ({ method, access: accessFor(method, route.url) }));
    for (const entry of [first, ...rest]) {
      if (!entry?.access) {
        throw new Error(`Route ${entry?.method ?? String(route.method)} ${route.url} is missing from the access table (shared/auth/route-access.ts)`);
      }
      if (!sameAccess(entry.access, first?.access ?? entry.access)) {
        throw new Error(`Route ${String(route.method)} ${route.url} has different access per method; declare one route per method`);
      }
    }
    const tableAccess = first?.access as RouteAccess;
    const declared = route.config?.access;
    if (declared !== undefined && !sameAccess(declared, tableAccess)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares access ${JSON.stringify(declared)} but the access table says ${JSON.stringify(tableAccess)}`);
    }
    route.config = { ...(route.config ?? {}), access: tableAccess };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') apiRoutes.push(`${String(method)} ${route.url}`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api') || request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;

    const token = bearerToken(request);
    const claims = token ? await options.tokens.verify(token) : null;
    // Read on every request, never cached: a sign-out, a revoked session or a deactivated user
    // is refused from the next request on, by every server process alike.
    const found = claims ? await findSessionWithUser(options.db, claims.sid) : undefined;
    const valid =
      found !== undefined &&
      String(found.session.user_id) === claims?.sub &&
      found.session.revoked_at === null &&
      found.session.expires_at > new Date().toISOString() &&
      found.user.is_active === 1;
    if (!valid) {
      return reply.code(401).send({ message: NOT_SIGNED_IN });
    }
    const { user, session } = found;
    request.auth = { user, sessionId: session.id };

    if (!access || !access.includes(user.role as Role)) {
      return reply.code(403).send({ message: FORBIDDEN });
    }
    if (user.must_change_password === 1 && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      return reply.code(403).send({ message: PASSWORD_CHANGE_REQUIRED });
    }
  });
}

export const accessControlPlugin = fp(accessControl, { name: 'access-control' });

// For handlers of non-public routes: the hook has already refused anyone signed out.
export function signedInUser(request: FastifyRequest): { user: UserRow; sessionId: string } {
  if (!request.auth) throw new Error('signedInUser called on a route without authentication');
  return request.auth;
}
