import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_VOTER_ID_CONFLICTS, VOTER_ID_CONFLICT_LIMIT, VOTER_ID_EXISTS } from '../../src/features/voters/voter-id-conflicts';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedVoter, voterForm } from '../voters/voter-test-helpers';
import { type Caller, signIn } from './security-fixtures';

// Issue 17: adding a voter with another booth's Voter ID answered 409 and so confirmed the ID
// exists. The refusal stays (the ID is unique), but a booth-scoped user gets the same answer
// inside and outside their booths, each refusal is audited, and repeated refusals stop the
// user adding voters for the hour, whatever the ID, even when the guesses come in parallel.
let t: TestApp;
const outside: string[] = [];
let inside = '';

beforeAll(async () => {
  t = await createTestApp();
  inside = (await seedVoter(t.ctx, { booth: 'Booth-01' })).voter_id;
  for (let index = 0; index < VOTER_ID_CONFLICT_LIMIT + 20; index += 1) outside.push((await seedVoter(t.ctx, { booth: 'Booth-09' })).voter_id);
});
afterAll(async () => t.close());

const create = (caller: Caller, voterId: string) =>
  t.app.inject({ method: 'POST', url: '/api/voters', headers: caller.headers, payload: voterForm({ voter_id: voterId, booth: 'Booth-01' }) });

async function conflictRows(userId: number): Promise<{ record_id: string | null; details: Record<string, unknown> }[]> {
  const rows = await t.ctx.db.selectFrom('audit_logs').select(['record_id', 'details']).where('user_id', '=', userId).where('action', '=', 'VOTER_ID_CONFLICT').orderBy('id').execute();
  return rows.map((row) => ({ record_id: row.record_id, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }));
}

async function liveVotersWithId(voterId: string): Promise<number> {
  const rows = await t.ctx.db.selectFrom('voters').select('id').where('voter_id', '=', voterId).where('deleted_at', 'is', null).execute();
  return rows.length;
}

describe('POST /api/voters with a Voter ID that exists', () => {
  it('should answer a booth-scoped user the same inside and outside their booths and audit each refusal', async () => {
    const karyakarta = await signIn(t, 'Karyakarta', { booth_access: ['Booth-01'] });
    const mine = await create(karyakarta, inside);
    const theirs = await create(karyakarta, outside[0]!);
    expect(theirs.statusCode).toBe(409);
    expect(mine.statusCode).toBe(409);
    expect(theirs.json()).toEqual(mine.json());
    expect(theirs.json()).toEqual({ message: VOTER_ID_EXISTS, fields: { voter_id: VOTER_ID_EXISTS } });
    expect(await conflictRows(karyakarta.user.id)).toEqual([
      { record_id: expect.any(String), details: { voter_id: inside, outside_scope: false } },
      { record_id: expect.any(String), details: { voter_id: outside[0], outside_scope: true } },
    ]);
  });

  it('should refuse every new voter with 429, whether its ID exists or not, once a booth-scoped user has met the limit', async () => {
    const supervisor = await signIn(t, 'Supervisor', { booth_access: ['Booth-01'] });
    for (const voterId of outside.slice(0, VOTER_ID_CONFLICT_LIMIT)) expect((await create(supervisor, voterId)).statusCode).toBe(409);
    const existing = await create(supervisor, outside[VOTER_ID_CONFLICT_LIMIT]!);
    const fresh = await create(supervisor, 'FRESH0000001');
    for (const response of [existing, fresh]) {
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json()).toEqual({ message: TOO_MANY_VOTER_ID_CONFLICTS });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await liveVotersWithId('FRESH0000001')).toBe(0);
    expect(await conflictRows(supervisor.user.id)).toHaveLength(VOTER_ID_CONFLICT_LIMIT);
  });

  it('should evaluate no more guesses than the limit when they come in parallel', async () => {
    const karyakarta = await signIn(t, 'Karyakarta', { booth_access: ['Booth-01'] });
    const guesses = outside.slice(0, VOTER_ID_CONFLICT_LIMIT + 20);
    const answers = await Promise.all(guesses.map((voterId) => create(karyakarta, voterId)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(VOTER_ID_CONFLICT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(guesses.length - VOTER_ID_CONFLICT_LIMIT);
    expect(await conflictRows(karyakarta.user.id)).toHaveLength(VOTER_ID_CONFLICT_LIMIT);
  });

  it('should not limit an office role, who sees every voter anyway', async () => {
    const admin = await signIn(t, 'Admin');
    for (const voterId of outside.slice(0, VOTER_ID_CONFLICT_LIMIT + 2)) expect((await create(admin, voterId)).statusCode).toBe(409);
    expect((await create(admin, 'FRESH0000002')).statusCode).toBe(201);
  });
});
