import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import type { NewVoterRow } from '../../src/db/schema';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { expectKeptCountsToMatchVoters } from './kept-counts';

let t: TestApp;
let headers: { authorization: string };
let counter = 0;

// Voters go straight into the table: these tests are about the counts, and the triggers
// must keep them exact whatever path writes a voter.
async function addVoter(overrides: Partial<NewVoterRow> = {}): Promise<number> {
  counter += 1;
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('voters')
    .values({
      voter_no: `B1-${counter}`,
      full_name: `Voter ${counter}`,
      voter_id: `ANA${String(counter).padStart(7, '0')}`,
      present_in_city: 1,
      is_dead: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signInAs(t, 'Admin')).headers;
  const digras = { taluka: 'Digras', village: 'Arambhi', booth: 'Booth-01' };
  const darwha = { taluka: 'Darwha', village: 'Ladkhed', booth: 'Booth-10' };
  await addVoter({ ...digras, gender: 'Male', age: 22, caste: 'Maratha', political_preference: 'BJP', ward_area: 'Ward 1' });
  await addVoter({ ...digras, gender: 'Male', age: 30, caste: 'Maratha', political_preference: 'Congress', ward_area: 'Ward 1' });
  await addVoter({ ...digras, gender: 'Female', age: 41, caste: 'Mali', political_preference: 'BJP', ward_area: 'Ward 2' });
  await addVoter({ ...digras, gender: 'Female', age: 70, caste: null, political_preference: null, ward_area: null, is_dead: 1 });
  await addVoter({ ...darwha, gender: 'Male', age: 50, caste: 'Banjara', political_preference: 'Congress', ward_area: 'Ward 1', present_in_city: 0 });
  await addVoter({ ...darwha, gender: 'Other', age: null, caste: 'Maratha', political_preference: 'Congress', ward_area: 'Market' });
  // A deleted voter never counts.
  await addVoter({ ...darwha, gender: 'Female', age: 35, caste: 'Mali', political_preference: 'BJP', ward_area: 'Market', deleted_at: new Date().toISOString() });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics/gender', () => {
  it('should count live voters by gender, largest first', async () => {
    expect(await get('/api/analytics/gender')).toEqual([
      { gender: 'Male', count: 3 },
      { gender: 'Female', count: 2 },
      { gender: 'Other', count: 1 },
    ]);
  });

  it('should apply each location filter and their combinations', async () => {
    expect(await get('/api/analytics/gender?taluka=Digras')).toEqual([
      { gender: 'Female', count: 2 },
      { gender: 'Male', count: 2 },
    ]);
    expect(await get('/api/analytics/gender?village=Ladkhed')).toEqual([
      { gender: 'Male', count: 1 },
      { gender: 'Other', count: 1 },
    ]);
    expect(await get('/api/analytics/gender?booth=Booth-10&taluka=Darwha')).toEqual([
      { gender: 'Male', count: 1 },
      { gender: 'Other', count: 1 },
    ]);
    expect(await get('/api/analytics/gender?booth=Booth-10&taluka=Digras')).toEqual([]);
  });

  it('should answer 400 for a filter value over 100 characters', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics/gender?taluka=${'x'.repeat(101)}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.taluka).toBe('Filter values are at most 100 characters');
  });
});

describe('GET /api/analytics/age-groups', () => {
  it('should group ages in the fixed order with Unknown for a missing age', async () => {
    expect(await get('/api/analytics/age-groups')).toEqual([
      { age_group: '18-25', count: 1 },
      { age_group: '26-35', count: 1 },
      { age_group: '36-45', count: 1 },
      { age_group: '46-55', count: 1 },
      { age_group: '66+', count: 1 },
      { age_group: 'Unknown', count: 1 },
    ]);
  });
});

describe('GET /api/analytics/areas', () => {
  it('should count voters per ward/area, largest first, with null for a missing area', async () => {
    expect(await get('/api/analytics/areas')).toEqual([
      { ward_area: 'Ward 1', voter_count: 3 },
      { ward_area: null, voter_count: 1 },
      { ward_area: 'Market', voter_count: 1 },
      { ward_area: 'Ward 2', voter_count: 1 },
    ]);
  });
});

describe('GET /api/analytics/caste and /political-preference', () => {
  it('should give counts and two-decimal percentages of the filtered total that add up to 100', async () => {
    const castes = await get<{ caste: string | null; count: number; percentage: number }[]>('/api/analytics/caste');
    expect(castes).toEqual([
      { caste: 'Maratha', count: 3, percentage: 50 },
      { caste: null, count: 1, percentage: 16.67 },
      { caste: 'Banjara', count: 1, percentage: 16.67 },
      { caste: 'Mali', count: 1, percentage: 16.66 },
    ]);
    expect(castes.reduce((sum, row) => sum + row.percentage, 0)).toBeCloseTo(100, 8);
    expect(await get('/api/analytics/political-preference?taluka=Digras')).toEqual([
      { political_preference: 'BJP', count: 2, percentage: 50 },
      { political_preference: null, count: 1, percentage: 25 },
      { political_preference: 'Congress', count: 1, percentage: 25 },
    ]);
  });
});

describe('GET /api/analytics/caste-political-cross', () => {
  it('should count each caste and preference pair', async () => {
    expect(await get('/api/analytics/caste-political-cross?booth=Booth-10')).toEqual([
      { caste: 'Banjara', political_preference: 'Congress', count: 1, percentage: 50 },
      { caste: 'Maratha', political_preference: 'Congress', count: 1, percentage: 50 },
    ]);
    const all = await get<{ count: number }[]>('/api/analytics/caste-political-cross');
    expect(all.reduce((sum, row) => sum + row.count, 0)).toBe(6);
  });
});

describe('GET /api/analytics/filter-options', () => {
  it('should list the talukas, villages and booths present among live voters', async () => {
    expect(await get('/api/analytics/filter-options')).toEqual({ talukas: ['Darwha', 'Digras'], villages: ['Arambhi', 'Ladkhed'], booths: ['Booth-01', 'Booth-10'] });
  });
});

describe('GET /api/analytics/dashboard and /recent-activity', () => {
  it('should count voters, living voters present in the city, active users, tasks and SMS sent', async () => {
    const stats = await get<Record<string, number>>('/api/analytics/dashboard');
    const activeUsers = await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('c')).where('is_active', '=', 1).executeTakeFirstOrThrow();
    expect(stats).toEqual({ totalVoters: 6, activeVoters: 4, activeUsers: Number(activeUsers.c), totalTasks: 0, completedTasks: 0, inProgressTasks: 0, totalSmsSent: 0 });

    const worker = await createUser(t.ctx, { role: 'Karyakarta' });
    for (const title of ['a', 'b', 'c']) {
      await t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: { title, assigned_to: worker.id } });
    }
    const tasks = await t.ctx.db.selectFrom('tasks').select('id').execute();
    await t.ctx.db.updateTable('tasks').set({ status: 'Completed' }).where('id', '=', tasks[0]?.id ?? 0).execute();
    await t.ctx.db.updateTable('tasks').set({ status: 'In Progress' }).where('id', '=', tasks[1]?.id ?? 0).execute();
    await t.app.inject({ method: 'POST', url: '/api/notifications/send', headers, payload: { message: 'Hi', recipients: [worker.id] } });
    await t.ctx.sms.runOnce();
    expect(await get('/api/analytics/dashboard')).toMatchObject({ totalTasks: 3, completedTasks: 1, inProgressTasks: 1, totalSmsSent: 1 });
  });

  it('should list the latest audit entries, newest first', async () => {
    const activity = await get<{ id: number; action: string; user_name: string | null; created_at: string }[]>('/api/analytics/recent-activity');
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.length).toBeLessThanOrEqual(10);
    expect(activity[0]?.action).toBe('SEND_SMS');
    expect(activity.map((item) => item.id)).toEqual([...activity.map((item) => item.id)].sort((a, b) => b - a));
    expect(Object.keys(activity[0] ?? {}).sort()).toEqual(['action', 'created_at', 'id', 'record_id', 'record_link', 'record_name', 'table_name', 'user_name']);
  });
});

describe('access', () => {
  const urls = ['dashboard', 'recent-activity', 'filter-options', 'gender', 'age-groups', 'areas', 'caste', 'political-preference', 'caste-political-cross'].map((path) => `/api/analytics/${path}`);
  for (const role of ALL_ROLES) {
    const expected = (['Super Admin', 'Admin'] as Role[]).includes(role) ? 200 : 403;
    it(`should answer ${expected} to a ${role} on every analytics route`, async () => {
      const session = await signInAs(t, role);
      for (const url of urls) expect((await t.app.inject({ method: 'GET', url, headers: session.headers })).statusCode, url).toBe(expected);
    });
  }
  it('should answer 401 on every analytics route when signed out', async () => {
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('kept counts', () => {
  // A small deterministic generator, so a failure can be replayed.
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  it('should equal a fresh GROUP BY after hundreds of random inserts, updates, soft deletes, restores and purges', async () => {
    const next = random(20_261_121);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const genders = ['Male', 'Female', 'Other', null];
    const castes = ['Maratha', 'Mali', 'Banjara', 'Teli', null];
    const parties = ['BJP', 'Congress', 'Prahar', null];
    const places = [
      { taluka: 'Digras', village: 'Arambhi', booth: 'Booth-01' },
      { taluka: 'Digras', village: 'Belora', booth: 'Booth-02' },
      { taluka: 'Ner', village: 'Udapur', booth: 'Booth-300' },
      { taluka: null, village: null, booth: null },
    ];
    const attributes = () => ({
      ...pick(places),
      gender: pick(genders),
      age: next() < 0.1 ? null : 18 + Math.floor(next() * 80),
      caste: pick(castes),
      political_preference: pick(parties),
      ward_area: pick(['Ward 1', 'Ward 2', 'Market', null]),
      is_dead: next() < 0.1 ? 1 : 0,
      present_in_city: next() < 0.8 ? 1 : 0,
    });
    const ids: number[] = [];
    for (let step = 0; step < 400; step += 1) {
      const roll = next();
      if (roll < 0.4 || ids.length === 0) ids.push(await addVoter(attributes()));
      else if (roll < 0.7) await t.ctx.db.updateTable('voters').set(attributes()).where('id', '=', pick(ids)).execute();
      else if (roll < 0.8) await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', pick(ids)).execute();
      else if (roll < 0.85) await t.ctx.db.updateTable('voters').set({ deleted_at: null }).where('id', '=', pick(ids)).execute();
      else if (roll < 0.9) await t.ctx.db.updateTable('voters').set({ comment: `note ${step}` }).where('id', '=', pick(ids)).execute();
      else await t.ctx.db.deleteFrom('voters').where('id', '=', pick(ids)).execute();
    }

    await expectKeptCountsToMatchVoters(t.ctx.db);
  });
});
