import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { createTestApp, type TestApp } from '../support/test-app';
import { voterForm } from '../voters/voter-test-helpers';
import { type Caller, databaseChecksum, newUserBody, signIn, SPENDS_THE_SESSION, VALID_REQUESTS } from './security-fixtures';

// Generated hostile input on every route, sent by a Super Admin (who passes every door, so the
// input reaches the validation and the handlers). Each answer is either a success or a 4xx JSON
// error with a message — never a 5xx, never a hang — and a refused request changes nothing.
// Two test files share this (hostile-bodies-and-path-ids, hostile-query-strings) so they run side by side.
let t: TestApp;
let superAdmin: Caller;

// Registers the app every test of the calling file sends to.
export function useHostileInputApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await signIn(t, 'Super Admin');
  });
  afterAll(async () => t.close());
}

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const HANG_MS = 5000;
// A print or export with a valid id does its real work (fonts loaded, a slip printer started on
// first use): on a loaded machine that outlasts 5 s without hanging (a CI run at load 10 did).
const HEAVY_HANG_MS = 20_000;
const isHeavy = (url: string) => /^\/api\/(slips\/|voters\/export|service-requests\/export|appointments\/sheet)/.test(url);

const SQL = ["' OR '1'='1", "1; DROP TABLE voters; --", "' UNION SELECT password_hash FROM users --", '%', '_', '\\', "'; PRAGMA writable_schema=1; --", '$1', '?'];
const SCRIPT = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '"><svg onload=alert(1)>', '{{constructor.constructor("alert(1)")()}}'];
const UNICODE = ['\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '𝕍𝕠𝕥𝕖𝕣', 'é', 'ﷺ', '\u0301'.repeat(50), '👩‍👩‍👧‍👦'.repeat(20), 'İ', 'ß'];
const POLLUTION = ['__proto__', 'constructor', 'prototype'];

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

const hostileString = fc.oneof(
  fc.constantFrom(...SQL, ...SCRIPT, ...UNICODE),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.constantFrom('x'.repeat(5000), 'é'.repeat(70_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, [], {}, deep(60), deep(600)),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...POLLUTION, 'a'), hostileString, { maxKeys: 3 }),
);
const hostileKey = fc.oneof(fc.constantFrom(...POLLUTION), fc.string({ maxLength: 12 }));
const hostileId = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e309', '99999999999999999999999', 'NaN', 'null', '%00', '..%2F..%2Fetc%2Fpasswd', '1%20OR%201%3D1', '%3Cscript%3E', '0x10', ' 1'),
  fc.string({ minLength: 1, maxLength: 30 }).map(encode),
);

// The valid body each route starts from; fields are then replaced by hostile values,
// unknown and prototype-polluting keys added, or the whole body swapped for something odd.
async function baseBody(route: string): Promise<Record<string, unknown>> {
  if (route === 'POST /api/voters') return voterForm();
  if (route === 'PUT /api/voters/:id') return { mobile_number: '9876501234' };
  if (route === 'POST /api/users') return newUserBody();
  const build = VALID_REQUESTS[route];
  const request = build ? await build(t, superAdmin) : { payload: undefined };
  const payload = request.payload;
  return payload && typeof payload === 'object' && !Buffer.isBuffer(payload) ? { ...(payload as Record<string, unknown>) } : {};
}

function hostileBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const mutated = fc
    .tuple(
      fc.array(fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : hostileKey, hostileValue), { minLength: 1, maxLength: 3 }),
      fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 2 }),
    )
    .map(([changes, extras]) => {
      const body: Record<string, unknown> = { ...base };
      for (const [key, value] of changes) body[key] = value;
      // Written as raw JSON so "__proto__" travels as a real key, as an attacker would send it.
      const extraText = extras.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',');
      const text = JSON.stringify(body);
      return extraText ? `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${extraText}}` : text;
    });
  const odd = fc.oneof(
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"role":"Super Admin"}}}', '{', '[1,2', '"\\ud800"', 'null'),
  );
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: odd });
}

// Percent-encodes any string, lone surrogates included (as the bytes a client would put on the wire).
function encode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function hostileQuery(): fc.Arbitrary<string> {
  const knownKeys = ['search', 'booth', 'page', 'limit', 'sort', 'order', 'role', 'status', 'gender', 'from', 'to', 'action', 'user_id', 'age_min', 'age_max', 'village', 'ward_area'];
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...knownKeys), hostileKey, fc.constant('search[]')), fc.oneof(hostileString, hostileValue.map((value) => JSON.stringify(value) ?? ''))), {
      minLength: 1,
      maxLength: 4,
    })
    .chain((pairs) =>
      // Sometimes a broken escape or a bare overlong UTF-8 sequence, straight onto the wire.
      fc.constantFrom('', '&search=%E0%A4%A', '&search=%', '&booth=%C0%AF', '&page=%00').map((raw) => pairs.map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 3000))}`).join('&') + raw),
    );
}

async function send(method: HTTPMethods, url: string, payload: string | undefined, authorization: string): Promise<LightMyRequestResponse> {
  const request = t.app.inject({ method, url, payload, headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) } });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    const limit = isHeavy(url) ? HEAVY_HANG_MS : HANG_MS;
    timer = setTimeout(() => reject(new Error(`${method} ${url} did not answer within ${limit} ms`)), limit);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectCleanAnswer(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
    const body = response.json<{ message?: unknown }>();
    expect(typeof body.message, what).toBe('string');
    expect(String(body.message).length, what).toBeGreaterThan(0);
  }
}

// Refused sign-ins are meant to leave a trace (throttle and audit), so the checksum does not apply.
const RECORDS_REFUSALS = new Set(['POST /api/auth/login', 'POST /api/auth/login/two-factor']);
// The exports write their audit row once the streamed file has ended, which can be after inject
// resolves (often on PostgreSQL under load): wait for it, or the next refused request is blamed.
const AUDITS_AFTER_STREAM = new Set(['GET /api/voters/export/excel', 'GET /api/voters/exp/excel', 'GET /api/service-requests/export/excel']);

async function auditCount(): Promise<number> {
  const row = await t.ctx.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function waitForAudits(count: number): Promise<void> {
  for (let attempt = 0; attempt < 100 && (await auditCount()) < count; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

const routes = Object.keys(ROUTE_ACCESS);
const takesBody = (route: string) => route.startsWith('POST ') || route.startsWith('PUT ');

type HostileKind = 'body' | 'query' | 'id';

// Per route: a hostile JSON body (POST and PUT), query string, or id in the path, as asked.
export function describeHostileRoutes(kinds: HostileKind[]): void {
  const tested = routes.filter((route) => kinds.includes('query') || (kinds.includes('body') && takesBody(route)) || (kinds.includes('id') && route.includes(':id')));
  describe.each(tested)('hostile input to %s', (route) => {
    const [method, path] = route.split(' ') as [HTTPMethods, string];
    const hasBody = takesBody(route);
    const withId = (id: string) => path.replace(':id', id);

    async function authorization(): Promise<string> {
      return SPENDS_THE_SESSION.has(route) ? (await signIn(t, 'Super Admin')).headers.authorization : superAdmin.headers.authorization;
    }

    async function check(url: string, payload: string | undefined): Promise<void> {
      const auth = await authorization();
      const checksumBefore = RECORDS_REFUSALS.has(route) ? '' : await databaseChecksum(t);
      const auditsBefore = AUDITS_AFTER_STREAM.has(route) ? await auditCount() : 0;
      const response = await send(method, url, payload, auth);
      const what = `${method} ${url} ${payload?.slice(0, 200) ?? ''}`;
      expectCleanAnswer(response, what);
      if (AUDITS_AFTER_STREAM.has(route) && response.statusCode < 300) await waitForAudits(auditsBefore + 1);
      // Past the daily export limit (reached only with many runs) the refusal is audited on purpose.
      const auditedRefusal = AUDITS_AFTER_STREAM.has(route) && response.statusCode === 429;
      if (response.statusCode >= 400 && checksumBefore && !auditedRefusal) expect(await databaseChecksum(t), `refused but changed the database: ${what}`).toBe(checksumBefore);
    }

    if (hasBody && kinds.includes('body')) {
      it('should answer a clean 4xx and leave the database alone when the body is hostile', async () => {
        const base = await baseBody(route);
        const idRequest = VALID_REQUESTS[route] ? await VALID_REQUESTS[route](t, superAdmin) : { url: path };
        const url = typeof idRequest.url === 'string' ? idRequest.url : path;
        await fc.assert(fc.asyncProperty(hostileBody(base), async (body) => check(url, body)), { numRuns: RUNS });
      });
    }

    if (kinds.includes('query')) {
      it('should never fail on the server when the query string is hostile', async () => {
        const url = withId('1');
        await fc.assert(fc.asyncProperty(hostileQuery(), async (query) => check(`${url}?${query}`, undefined)), { numRuns: RUNS });
      });
    }

    if (path.includes(':id') && kinds.includes('id')) {
      it('should answer a clean 4xx when the id in the path is hostile', async () => {
        await fc.assert(fc.asyncProperty(hostileId, async (id) => check(withId(id), hasBody ? JSON.stringify(await baseBody(route)) : undefined)), { numRuns: RUNS });
      }, isHeavy(path) ? 120_000 : undefined);
    }
  });
}

// POST and PUT routes sent a content type they do not take.
export function describeHostileContentTypes(): void {
  describe('hostile content types', () => {
    // Logout, mark-as-read, starting a duplicate scan, dismissing or reopening a pair, and cancelling
    // a roll import take no body and ignore whatever comes; every other POST and PUT reads one.
    const NO_BODY = new Set([
      'POST /api/auth/logout',
      'POST /api/notifications/read/:id',
      'POST /api/duplicates/scan',
      'POST /api/duplicates/:id/dismiss',
      'POST /api/duplicates/:id/reopen',
      'POST /api/rolls/imports/:id/cancel',
    ]);
    const bodyRoutes = routes.filter((route) => takesBody(route) && !NO_BODY.has(route));
    const CONTENT_TYPES = [
      ['text/plain', 'username=admin'],
      ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
      ['application/x-www-form-urlencoded', 'username=admin&password=x'],
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nunterminated'],
    ] as const;

    it.each(bodyRoutes)('should answer a clean 4xx and change nothing when %s gets a body it does not take', async (route) => {
      const [method, path] = route.split(' ') as [HTTPMethods, string];
      const auth = SPENDS_THE_SESSION.has(route) ? (await signIn(t, 'Super Admin')).headers.authorization : superAdmin.headers.authorization;
      for (const [contentType, payload] of CONTENT_TYPES) {
        const before = RECORDS_REFUSALS.has(route) ? '' : await databaseChecksum(t);
        const response = await t.app.inject({ method, url: path.replace(':id', '1'), payload, headers: { authorization: auth, 'content-type': contentType } });
        const what = `${route} as ${contentType}`;
        expectCleanAnswer(response, what);
        expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
        if (before) expect(await databaseChecksum(t), what).toBe(before);
      }
    });
  });
}

export function describeNulCharacter(): void {
  describe('the NUL character', () => {
    it('should never answer 5xx when a text field holds a NUL character', async () => {
      const response = await send('POST', '/api/users', JSON.stringify({ ...newUserBody(), full_name: '\u0000' }), superAdmin.headers.authorization);
      expectCleanAnswer(response, 'POST /api/users with full_name NUL');
      const voter = await send('POST', '/api/voters', JSON.stringify(voterForm({ full_name: 'a\u0000b' })), superAdmin.headers.authorization);
      expectCleanAnswer(voter, 'POST /api/voters with full_name NUL');
    });
  });
}
