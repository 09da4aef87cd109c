import { tmpdir } from 'node:os';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, createUser, type TestApp, TEST_PASSWORD } from '../support/test-app';

// Issue 17, findings 2 to 4: parallel guesses beat the limit, anyone could lock anyone out,
// and behind a proxy the client chose its own IP. Through HTTP, on both databases.

function attempt(app: TestApp, username: string, password: string, options: { remoteAddress?: string; cookie?: string; forwardedFor?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  return app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: options.remoteAddress ?? '127.0.0.1', headers });
}

// "name=value" of the device cookie a successful sign-in set.
function deviceCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error(`no device cookie in ${JSON.stringify(response.headers)}`);
  return value.split(';')[0] ?? '';
}

function evaluated(responses: LightMyRequestResponse[]): number {
  return responses.filter((response) => response.statusCode !== 429).length;
}

async function failedRows(app: TestApp, userId: number) {
  return app.ctx.db.selectFrom('audit_logs').select(['ip_address']).where('action', '=', 'LOGIN_FAILED').where('user_id', '=', userId).execute();
}

describe('POST /api/auth/login under parallel guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should evaluate at most 5 of 60 parallel wrong guesses plus the right password and answer the rest 429', async () => {
    const user = await createUser(t.ctx, { role: 'Super Admin' });
    const guesses = Array.from({ length: 60 }, (_, index) => `wrong-guess-${index}`);
    guesses.splice(37, 0, TEST_PASSWORD);
    const responses = await Promise.all(guesses.map((password) => attempt(t, user.username, password, { remoteAddress: '10.20.0.1' })));
    expect(evaluated(responses)).toBeLessThanOrEqual(5);
    expect(responses.filter((response) => response.statusCode === 429).length).toBeGreaterThanOrEqual(56);
    expect((await failedRows(t, user.id)).length).toBeLessThanOrEqual(5);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should still limit one username when the burst comes from many addresses', async () => {
    const user = await createUser(t.ctx, { role: 'Admin' });
    const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => attempt(t, user.username, `guess-${index}`, { remoteAddress: `10.30.${index}.7` })));
    expect(evaluated(responses)).toBeLessThanOrEqual(5);
    expect((await failedRows(t, user.id)).length).toBeLessThanOrEqual(5);
  });

  it('should count an inactive account with the right password as a failure', async () => {
    const user = await createUser(t.ctx, { is_active: false });
    for (let index = 0; index < 5; index += 1) expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.40.0.1' })).statusCode).toBe(401);
    expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.40.0.2' })).statusCode).toBe(429);
  });
});

describe('POST /api/auth/login cannot be turned against the owner', () => {
  let now = Date.parse('2026-03-01T09:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 5, maxFailuresPerIp: 20, windowMs: 15 * 60_000, clock: () => now } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should give a signed-in browser an HttpOnly, SameSite=Strict device cookie for the sign-in path', async () => {
    const user = await createUser(t.ctx);
    const response = await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.50.0.1' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^vms_device_[0-9a-f]{16}=[\w-]+\.[\w-]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
  });

  it('should let the owner sign in with their device cookie while strangers guess the username', async () => {
    const owner = await createUser(t.ctx, { role: 'Super Admin' });
    const cookie = deviceCookie(await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.60.0.1' }));
    const attack = await Promise.all(Array.from({ length: 30 }, (_, index) => attempt(t, owner.username, `guess-${index}`, { remoteAddress: `10.61.${index}.9` })));
    expect(evaluated(attack)).toBeLessThanOrEqual(5);
    // A stranger with the right password is held back; the owner's device is not.
    expect((await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.62.0.1' })).statusCode).toBe(429);
    const signedIn = await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.60.0.1', cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(owner.id);
  });

  it('should lock only the device cookie that failed too often', async () => {
    const owner = await createUser(t.ctx);
    const first = deviceCookie(await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.70.0.1' }));
    const second = deviceCookie(await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.70.0.2' }));
    for (let index = 0; index < 5; index += 1) expect((await attempt(t, owner.username, 'wrong', { remoteAddress: '10.70.0.1', cookie: first })).statusCode).toBe(401);
    const locked = await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.70.0.1', cookie: first });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.70.0.2', cookie: second })).statusCode).toBe(200);
    // The username's counter for unknown devices was never touched by the cookie's failures.
    expect((await attempt(t, owner.username, TEST_PASSWORD, { remoteAddress: '10.70.0.3' })).statusCode).toBe(200);
  });

  it('should not accept a device cookie of another username or a forged one', async () => {
    const victim = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const otherCookie = deviceCookie(await attempt(t, other.username, TEST_PASSWORD, { remoteAddress: '10.80.0.1' }));
    const [, value] = otherCookie.split('=');
    const victimName = deviceCookie(await attempt(t, victim.username, TEST_PASSWORD, { remoteAddress: '10.80.0.2' })).split('=')[0];
    // Another user's valid cookie, renamed to the victim's cookie name, counts as an unknown device.
    for (let index = 0; index < 5; index += 1) await attempt(t, victim.username, 'wrong', { remoteAddress: '10.80.0.3', cookie: `${victimName}=${value}` });
    expect((await attempt(t, victim.username, TEST_PASSWORD, { remoteAddress: '10.80.0.4', cookie: `${victimName}=${value}` })).statusCode).toBe(429);
  });

  it('should slow an unknown device down, doubling the wait up to 5 minutes, rather than lock it for 15 minutes', async () => {
    const user = await createUser(t.ctx);
    for (let index = 0; index < 5; index += 1) expect((await attempt(t, user.username, 'wrong', { remoteAddress: `10.90.0.${index}` })).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const refused = await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.90.1.1' });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      now += wait * 1000;
      expect((await attempt(t, user.username, 'still-wrong', { remoteAddress: `10.90.2.${round}` })).statusCode).toBe(401);
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 300, 300]);
    const refused = await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.90.1.1' });
    expect(refused.json().message).toBe('Too many failed sign-in attempts. Please try again in 5 minutes.');
    // After the wait the owner's right password gets through, well before 15 minutes.
    now += 300_000;
    expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.90.1.1' })).statusCode).toBe(200);
  });

  it('should not give the IP its failures back when a right password follows them', async () => {
    const limited = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 100, maxFailuresPerIp: 3, windowMs: 60_000 } });
    try {
      const user = await createUser(limited.ctx);
      for (const name of ['b1', 'b2']) expect((await attempt(limited, name, 'wrong', { remoteAddress: '10.99.0.1' })).statusCode).toBe(401);
      expect((await attempt(limited, user.username, TEST_PASSWORD, { remoteAddress: '10.99.0.1' })).statusCode).toBe(200);
      expect((await attempt(limited, 'b3', 'wrong', { remoteAddress: '10.99.0.1' })).statusCode).toBe(401);
      expect((await attempt(limited, user.username, TEST_PASSWORD, { remoteAddress: '10.99.0.1' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('should refuse true at start, with what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() })).toThrow(/TRUST_PROXY=true is no longer accepted.*number of proxies/);
  });

  it('should read a hop count, addresses and ranges, and refuse anything else', () => {
    const read = (value: string | undefined) => loadConfig({ TRUST_PROXY: value, JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() }).trustProxy;
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.5, 10.1.0.0/16,::1')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.local', '1.2.3']) expect(() => read(bad)).toThrow(/TRUST_PROXY must be/);
  });

  for (const setting of ['1', '10.0.0.0/8']) {
    describe(`set to ${setting}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        const { trustProxy } = loadConfig({ TRUST_PROXY: setting, JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
        t = await createTestApp({ config: { trustProxy }, loginThrottle: { maxFailuresPerUsername: 100, maxFailuresPerIp: 3, windowMs: 60_000 } });
      });
      afterAll(async () => {
        await t.close();
      });

      it('should record the address the proxy saw, not a forged left-most X-Forwarded-For entry', async () => {
        const user = await createUser(t.ctx);
        const response = await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '10.0.0.2', forwardedFor: '1.2.3.4, 203.0.113.7' });
        expect(response.statusCode).toBe(200);
        const row = await t.ctx.db.selectFrom('audit_logs').select('ip_address').where('action', '=', 'LOGIN').where('user_id', '=', user.id).executeTakeFirstOrThrow();
        expect(row.ip_address).toBe('203.0.113.7');
        const session = await t.ctx.db.selectFrom('sessions').select('ip_address').where('user_id', '=', user.id).executeTakeFirstOrThrow();
        expect(session.ip_address).toBe('203.0.113.7');
      });

      it('should keep the per-IP limit when the client changes the left-most entry on every guess', async () => {
        const responses: number[] = [];
        for (let index = 0; index < 5; index += 1) {
          const response = await attempt(t, `nobody-${index}`, 'wrong', { remoteAddress: '10.0.0.2', forwardedFor: `198.18.0.${index}, 203.0.113.50` });
          responses.push(response.statusCode);
        }
        expect(responses).toEqual([401, 401, 401, 429, 429]);
        const rows = await t.ctx.db.selectFrom('audit_logs').select('ip_address').where('action', '=', 'LOGIN_FAILED').where('user_name', 'like', 'nobody-%').execute();
        expect(new Set(rows.map((row) => row.ip_address))).toEqual(new Set(['203.0.113.50']));
      });
    });
  }

  it('should ignore X-Forwarded-For from a client that is not a listed proxy', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
    const t = await createTestApp({ config: { trustProxy } });
    try {
      const user = await createUser(t.ctx);
      expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: '198.51.100.9', forwardedFor: '10.0.0.1' })).statusCode).toBe(200);
      const row = await t.ctx.db.selectFrom('audit_logs').select('ip_address').where('action', '=', 'LOGIN').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.ip_address).toBe('198.51.100.9');
    } finally {
      await t.close();
    }
  });
});
