import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { MAX_STORED_INTEGER } from '@shared/records/record-id';
import { createTestApp, type TestApp } from '../support/test-app';
import { signIn, SPENDS_THE_SESSION, VALID_REQUESTS } from './security-fixtures';

// A whole number just past what PostgreSQL's integer columns hold, wherever an id, page,
// version or serial goes. PostgreSQL does not answer "no such record" for it but fails the
// query, so without a bound at the door each of these was a 500 there (and fine on SQLite).
// CI found it on a slip page; this walks every route so the next such door is found here.
const PAST = String(MAX_STORED_INTEGER + 1);
const FAR_PAST = '3000000000';
const NUMERIC_QUERY_KEYS = ['page', 'limit', 'user_id', 'booth_id', 'assigned_to', 'version', 'n'];

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = (await signIn(t, 'Super Admin')).headers.authorization;
});
afterAll(async () => t.close());

async function send(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const route = `${method} ${url.split('?')[0]}`;
  const auth = SPENDS_THE_SESSION.has(route) ? (await signIn(t, 'Super Admin')).headers.authorization : authorization;
  return t.app.inject({ method: method as HTTPMethods, url, payload: payload as string | undefined, headers: { authorization: auth } });
}

function expectRefusedCleanly(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.statusCode, `${what} was not signed in`).not.toBe(401);
  if (response.statusCode >= 400) expect(response.json<{ message?: unknown }>().message, what).toEqual(expect.any(String));
}

// Every way of putting the number into a JSON body: each whole-number field (also inside
// lists and objects) in turn, and a version the body did not have.
function bodiesWithNumber(payload: unknown, number: number): unknown[] {
  if (Array.isArray(payload)) return payload.flatMap((item, index) => bodiesWithNumber(item, number).map((changed) => payload.map((other, at) => (at === index ? changed : other))));
  if (payload === null || typeof payload !== 'object') return Number.isInteger(payload) ? [number] : [];
  const record = payload as Record<string, unknown>;
  const changedFields = Object.keys(record).flatMap((key) => bodiesWithNumber(record[key], number).map((changed) => ({ ...record, [key]: changed })));
  return [...changedFields, { ...record, version: number }];
}

const routes = Object.keys(ROUTE_ACCESS);

describe.each(routes.filter((route) => route.includes(':')))('a number past the integer range in the path of %s', (route) => {
  it('should be refused with a 4xx message, not fail in the database', async () => {
    const [method, path] = route.split(' ') as [string, string];
    for (const number of [PAST, FAR_PAST]) {
      const url = path.replace(/:\w+/g, number);
      expectRefusedCleanly(await send(method, url, method === 'POST' || method === 'PUT' ? {} : undefined), `${method} ${url}`);
    }
  });
});

describe.each(routes.filter((route) => route.startsWith('GET ')))('a number past the integer range in the query of %s', (route) => {
  it('should answer without failing in the database', async () => {
    const path = route.slice('GET '.length).replace(/:\w+/g, '1');
    for (const key of NUMERIC_QUERY_KEYS) expectRefusedCleanly(await send('GET', `${path}?${key}=${FAR_PAST}`), `GET ${path}?${key}=${FAR_PAST}`);
  });
});

const jsonBodyRoutes = routes.filter((route) => (route.startsWith('POST ') || route.startsWith('PUT ')) && VALID_REQUESTS[route] !== undefined);

describe('a number past the integer range in a JSON body', () => {
  it('should be refused with a 4xx message on every route that takes one, not fail in the database', async () => {
    const reached: string[] = [];
    for (const route of jsonBodyRoutes) {
      const [method] = route.split(' ') as [string, string];
      const valid = await VALID_REQUESTS[route]!(t, await signIn(t, 'Super Admin'));
      // Multipart forms are text, checked by the same schemas as the query strings above.
      if (valid.payload === undefined || typeof valid.payload !== 'object' || Buffer.isBuffer(valid.payload) || valid.headers?.['content-type']) continue;
      const url = typeof valid.url === 'string' ? valid.url : '';
      for (const body of bodiesWithNumber(valid.payload, Number(FAR_PAST))) {
        expectRefusedCleanly(await send(method, url, body), `${method} ${url} ${JSON.stringify(body).slice(0, 200)}`);
      }
      reached.push(route);
    }
    // The routes with ids in their bodies, among others: if the fixtures stop sending JSON, this says so.
    expect(reached).toEqual(expect.arrayContaining(['POST /api/tasks', 'POST /api/notifications/send', 'PUT /api/booths/:id/assignments']));
  }, 120_000);
});
