import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase } from '../../src/db/connection';
import { createTestApp, createUser, type TestApp, TEST_PASSWORD, testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 57, decision 062: 20 wrong passwords for made-up usernames from one address locked
// the Super Admin out of the same address (an office behind one NAT). Through HTTP, with the
// default limits, on both databases, and on two nodes sharing Redis.

function attempt(app: FastifyInstance, username: string, password: string, remoteAddress: string, cookie?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress, headers: cookie ? { cookie } : {} });
}

function deviceCookie(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(200);
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no device cookie');
  return value.split(';')[0] ?? '';
}

async function typos(app: FastifyInstance, count: number, remoteAddress: string, from = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = from; index < from + count; index += 1) statuses.push((await attempt(app, `made-up-${index}`, 'wrong-password', remoteAddress)).statusCode);
  return statuses;
}

describe('POST /api/auth/login behind one office address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No loginThrottle override: the limits a deployment gets.
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should let the Super Admin in from a known device after 20 wrong passwords for made-up usernames from the same address', async () => {
    const admin = await createUser(t.ctx, { role: 'Super Admin' });
    const cookie = deviceCookie(await attempt(t.app, admin.username, TEST_PASSWORD, '10.1.0.1'));
    expect(await typos(t.app, 20, '10.1.0.1')).toEqual(Array(20).fill(401));
    const signedIn = await attempt(t.app, admin.username, TEST_PASSWORD, '10.1.0.1', cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(admin.id);
    // 20 is well under the address's limit, so a colleague on a new device gets in too.
    const colleague = await createUser(t.ctx, { role: 'Karyakarta' });
    expect((await attempt(t.app, colleague.username, TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('should stop unknown devices after 100 failures from one address while known devices still sign in', async () => {
    const admin = await createUser(t.ctx, { role: 'Super Admin' });
    const cookie = deviceCookie(await attempt(t.app, admin.username, TEST_PASSWORD, '10.2.0.1'));
    const newcomer = await createUser(t.ctx, { role: 'Karyakarta' });
    expect(await typos(t.app, 100, '10.2.0.1')).toEqual(Array(100).fill(401));
    const refused = await attempt(t.app, newcomer.username, TEST_PASSWORD, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await attempt(t.app, admin.username, TEST_PASSWORD, '10.2.0.1', cookie)).statusCode).toBe(200);
    // Another address is not held back by this one.
    expect((await attempt(t.app, newcomer.username, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('should still slow down guessing one account from one address after 5 wrong passwords', async () => {
    const admin = await createUser(t.ctx, { role: 'Super Admin' });
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) statuses.push((await attempt(t.app, admin.username, `guess-${index}`, '10.3.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password from an unknown device waits too; so do parallel guesses from other addresses.
    expect((await attempt(t.app, admin.username, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, index) => attempt(t.app, admin.username, `burst-${index}`, `10.3.1.${index}`)));
    expect(burst.every((response) => response.statusCode === 429)).toBe(true);
  });

  it('should not let wrong passwords from a known device count against colleagues on the same address', async () => {
    const clumsy = await createUser(t.ctx, { role: 'Supervisor' });
    const cookie = deviceCookie(await attempt(t.app, clumsy.username, TEST_PASSWORD, '10.4.0.1'));
    expect(await typos(t.app, 99, '10.4.0.1')).toEqual(Array(99).fill(401));
    for (let index = 0; index < 5; index += 1) expect((await attempt(t.app, clumsy.username, 'wrong', '10.4.0.1', cookie)).statusCode).toBe(401);
    // The address has 99 failures, not 104: the 100th attempt is still evaluated.
    const colleague = await createUser(t.ctx, { role: 'Karyakarta' });
    expect((await attempt(t.app, colleague.username, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('should take the address limit from SIGN_IN_FAILURES_PER_ADDRESS', async () => {
    const small = await createTestApp({ config: { signInFailuresPerAddress: 3 } });
    try {
      expect(await typos(small.app, 4, '10.5.0.1')).toEqual([401, 401, 401, 429]);
    } finally {
      await small.close();
    }
  });
});

// Decision 043: with REDIS_URL the counts live in Redis, shared by the nodes; the same rules hold.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('POST /api/auth/login behind one office address, on two nodes sharing Redis', () => {
  let database: TestDatabase;
  let nodes: { app: FastifyInstance; ctx: AppContext }[];
  let redis: Redis;
  const prefix = `vms-test-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database, { jwtSecret: randomBytes(32).toString('hex'), redisUrl: REDIS_URL, redisKeyPrefix: prefix, signInFailuresPerAddress: 20 });
    const second = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    nodes = [await buildApp({ config, database: database.handle, logger: false }), await buildApp({ config, database: second, logger: false })];
    await Promise.all(nodes.map((node) => node.app.ready()));
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    for (const node of [...nodes].reverse()) await node.app.close();
    await database.drop();
  });

  it('should let a known device in on either node once the address is at its limit, counting in Redis', async () => {
    const [first, other] = [nodes[0]!.app, nodes[1]!.app];
    const admin = await createUser(nodes[0]!.ctx, { role: 'Super Admin' });
    const cookie = deviceCookie(await attempt(first, admin.username, TEST_PASSWORD, '10.6.0.1'));
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) statuses.push((await attempt(index % 2 ? other : first, `made-up-${index}`, 'wrong', '10.6.0.1')).statusCode);
    expect(statuses).toEqual(Array(20).fill(401));
    expect(await redis.hget(`${prefix}sign-in:ip:10.6.0.1`, 'attempts')).toBe('20');
    expect((await attempt(other, admin.username, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    expect((await attempt(other, admin.username, TEST_PASSWORD, '10.6.0.1', cookie)).statusCode).toBe(200);
    expect(await nodes[0]!.ctx.db.selectFrom('sign_in_limits').select('key').execute()).toEqual([]);
  });
});
