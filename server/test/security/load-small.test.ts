import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { seedVoter, voterForm } from '../voters/voter-test-helpers';
import { type Caller, signIn } from './security-fixtures';

// The load test of `npm run bench:load` at a size for the test run: many requests in flight at
// once with the same mix, on either database. No request may fail (no SQLITE_BUSY, no pool
// exhaustion), and the count afterwards is the seeded count plus the creates that answered 201.
let t: TestApp;
let admin: Caller;
const SEEDED = 40;
const CLIENTS = 25;
const ROUNDS = 6;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'Admin');
  for (let index = 0; index < SEEDED; index += 1) await seedVoter(t.ctx, { booth: 'Booth-01' });
});
afterAll(async () => t.close());

describe(`concurrent mixed load (${testDialect()})`, () => {
  it('should answer every request and lose or double no write when many clients work at once', async () => {
    const ids = (await t.ctx.db.selectFrom('voters').select('id').execute()).map((row) => Number(row.id));
    let created = 0;
    const failures: string[] = [];
    const client = async (clientIndex: number) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const pick = (clientIndex * 7 + round * 3) % 10;
        const request =
          pick < 7
            ? { method: 'GET' as const, url: `/api/voters?search=Voter&page=${1 + (round % 3)}` }
            : pick === 7
              ? { method: 'POST' as const, url: '/api/voters', payload: voterForm() }
              : pick === 8
                ? { method: 'PUT' as const, url: `/api/voters/${ids[(clientIndex + round) % ids.length]}`, payload: { mobile_number: '9876501234' } }
                : { method: 'GET' as const, url: '/api/analytics/dashboard' };
        const response = await t.app.inject({ ...request, headers: admin.headers });
        if (response.statusCode >= 400) failures.push(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`);
        if (request.method === 'POST' && response.statusCode === 201) created += 1;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    expect(failures).toEqual([]);
    expect(created).toBeGreaterThan(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/voters?limit=1', headers: admin.headers });
    expect(list.json<{ total: number }>().total).toBe(SEEDED + created);
  });
});
