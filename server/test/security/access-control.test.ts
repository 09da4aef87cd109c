import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { ROLES, type Role } from '@shared/auth/roles';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { createTestApp, type TestApp } from '../support/test-app';
import { type Caller, IDENTITIES, signIn, SPENDS_THE_SESSION, VALID_REQUESTS } from './security-fixtures';

// Every real /api route, called with a valid request as each role and as nobody:
// allowed → past the door (never 401/403), denied → 403, signed out → 401.
let t: TestApp;
const callers = new Map<Role, Caller>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) callers.set(role, await signIn(t, role));
});
afterAll(async () => t.close());

describe('the access table', () => {
  it('should list exactly the routes the server answers when the app is built', () => {
    const served = [...t.app.apiRoutes].filter((route) => !route.includes(' /api/docs')).sort();
    const tabled = Object.keys(ROUTE_ACCESS).sort();
    // A route added without a table entry stops the server at start-up; this catches the reverse.
    expect(served.filter((route) => !tabled.includes(route))).toEqual([]);
    expect(tabled.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('should have a valid request for every route in the table when this test walks them', () => {
    expect(Object.keys(ROUTE_ACCESS).filter((route) => !(route in VALID_REQUESTS))).toEqual([]);
  });
});

describe.each(Object.entries(ROUTE_ACCESS))('%s', (route, access) => {
  const [method] = route.split(' ') as [HTTPMethods];
  it.each(IDENTITIES)(`should let in exactly the roles of the table when called as %s`, async (identity) => {
    const build = VALID_REQUESTS[route];
    if (!build) throw new Error(`No valid request for ${route}`);
    let caller: Caller | null = null;
    if (identity !== 'signed out') caller = SPENDS_THE_SESSION.has(route) ? await signIn(t, identity) : (callers.get(identity) ?? null);
    const request = await build(t, caller);
    const response = await t.app.inject({ ...request, method, headers: { ...(request.headers ?? {}), ...(caller?.headers ?? {}) } });
    const body = response.body;

    if (access === 'public') {
      expect([401, 403], `${route} as ${identity}: ${body}`).not.toContain(response.statusCode);
    } else if (identity === 'signed out') {
      expect(response.statusCode, body).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    } else if ((access as readonly Role[]).includes(identity)) {
      expect([401, 403], `${route} as ${identity}: ${body}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${route} as ${identity}: ${body}`).toBeLessThan(500);
    } else {
      expect(response.statusCode, `${route} as ${identity}: ${body}`).toBe(403);
    }
  });
});
