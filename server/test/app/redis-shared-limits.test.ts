import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { openDatabase } from '../../src/db/connection';
import { attemptSchedule, type LimitRule } from '../../src/features/auth/login-throttle';
import { databaseSignInLimits, redisSignInLimits } from '../../src/features/auth/sign-in-limits-store';
import { createUser, login, testConfig } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 23, decision 043: with REDIS_URL two app nodes share sign-in limits and rate limits
// through Redis rather than the database. Redis answers at TEST_REDIS_URL (default
// 127.0.0.1:6379; scripts/check-test-prerequisites.mjs stops `npm test` when it does not). Each
// run writes under a key prefix of its own, so runs never share a counter.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('sign-in limits and rate limits in Redis across two nodes', () => {
  let database: TestDatabase;
  let nodes: { app: FastifyInstance; ctx: AppContext }[];
  let redis: Redis;
  const prefix = `vms-test-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    database = await createTestDatabase();
    const jwtSecret = randomBytes(32).toString('hex');
    const config = testConfig(database, { jwtSecret, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
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

  const node = (index: number) => nodes[index % 2]!.app;

  it('should slow a username down after 5 wrong passwords spread over both nodes, counting in Redis', async () => {
    const user = await createUser(nodes[0]!.ctx, { role: 'Karyakarta' });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await login(node(index), user.username, `wrong-${index}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await redis.hget(`${prefix}sign-in:user:${user.username.toLowerCase()}`, 'attempts')).toBe('5');
    // Nothing in the database's table: Redis holds the counts.
    expect(await nodes[0]!.ctx.db.selectFrom('sign_in_limits').select('key').execute()).toEqual([]);
  });

  it('should let the owner in on the other node after a wrong password and start their count again', async () => {
    const user = await createUser(nodes[0]!.ctx, { role: 'Karyakarta' });
    expect((await login(node(0), user.username, 'wrong-1')).statusCode).toBe(401);
    expect((await login(node(1), user.username, user.password)).statusCode).toBe(200);
    expect(await redis.exists(`${prefix}sign-in:user:${user.username.toLowerCase()}`)).toBe(0);
  });

  it('should refuse the 11th message in a minute when the sends are spread over both nodes', async () => {
    const sender = await createUser(nodes[0]!.ctx, { role: 'Admin', booth_access: ['Admin'] });
    const recipient = await createUser(nodes[0]!.ctx, { role: 'Karyakarta' });
    const token = (await login(node(0), sender.username, sender.password)).json<{ token: string }>().token;
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const sent = await node(index).inject({ method: 'POST', url: '/api/notifications/send', headers: { authorization: `Bearer ${token}` }, payload: { message: `Message ${index}`, recipients: [recipient.id] } });
      statuses.push(sent.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toEqual([]);
    expect(await nodes[0]!.ctx.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });

  it('should admit and refuse exactly as the database does for the same attempts', async () => {
    const rule: LimitRule = { hardMax: 4, freeAttempts: 2, firstDelayMs: 1000, maxDelayMs: 4000, windowMs: 60_000, slidingWindow: true };
    const store = redisSignInLimits(nodes[0]!.ctx.redis!);
    const key = `compare:${randomBytes(4).toString('hex')}`;
    const start = Date.parse('2027-01-01T00:00:00.000Z');
    // Attempts at these moments (ms after start): within the slow-downs, after them, past the
    // hard limit, after the window.
    const moments = [0, 10, 20, 1100, 1200, 3200, 3300, 9000, 70_000, 70_010];
    const answers: { redis: boolean[]; database: boolean[] } = { redis: [], database: [] };
    for (const moment of moments) {
      const now = start + moment;
      const input = { key, now: new Date(now).toISOString(), expiresAt: new Date(now + rule.windowMs).toISOString(), hardMax: rule.hardMax, slidingWindow: rule.slidingWindow, schedule: attemptSchedule(rule, now) };
      answers.redis.push(await store.admit(nodes[0]!.ctx.db, input));
      answers.database.push(await databaseSignInLimits.admit(nodes[0]!.ctx.db, input));
    }
    expect(answers.redis).toEqual(answers.database);
    // Both refused some and admitted some, so the comparison says something.
    expect(answers.database).toContain(true);
    expect(answers.database).toContain(false);
    const [inRedis, inDatabase] = [await store.find(nodes[0]!.ctx.db, key), await databaseSignInLimits.find(nodes[0]!.ctx.db, key)];
    expect(inRedis).toEqual(inDatabase);
  });
});
