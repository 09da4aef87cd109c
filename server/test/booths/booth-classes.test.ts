import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import type { BoothAnalytics, WorkerCoverage } from '@shared/booths/booth-class';
import type { BoothClassResult, BoothDetail, BoothList, MyVoters } from '@shared/booths/booth-schema';
import type { SupportLevel } from '@shared/contacts/contact-schema';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Booth classes and coverage (issue 20, decision 028) on both databases: the class from the
// thresholds, the office's override (audited, versioned), exact coverage and support, coverage
// by worker, and who may read what.
let t: TestApp;
let admin: { authorization: string };

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers: Headers) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

const BOOTH = { id: 231, label: 'Booth-231' };
const OTHER = { id: 232, label: 'Booth-232' };
let k1: number;
let k2: number;

async function contacted(id: number, level: SupportLevel | null) {
  await t.ctx.db.updateTable('voters').set({ support_level: level, last_contact_at: new Date().toISOString() }).where('id', '=', id).execute();
}

// Booth-231: 10 live voters on page 1 (serials 1-10) and one deleted; 5 contacted: 2 strong,
// 1 leaning, 1 opposed, 1 not at home (no level). Supporters 3 of 5 = 60 %.
// Booth-232: 4 voters, 1 contacted (opposed): 0 % (class C).
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
  const ids: number[] = [];
  for (let serial = 1; serial <= 10; serial += 1) {
    ids.push((await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, house_no: serial <= 2 ? 'H-1' : `H-${serial}`, taluka: 'Ner', village: 'Udapur' } as never)).id);
  }
  const levels: (SupportLevel | null)[] = ['strong_supporter', 'strong_supporter', 'leaning_supporter', 'opposed', null];
  for (const [index, level] of levels.entries()) await contacted(ids[index + 1] ?? 0, level);
  const gone = await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: 11 } as never);
  await contacted(gone.id, 'strong_supporter');
  await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
  const other: number[] = [];
  for (let serial = 1; serial <= 4; serial += 1) other.push((await seedVoter(t.ctx, { booth: OTHER.label, part_serial: serial } as never)).id);
  await contacted(other[0] ?? 0, 'opposed');

  k1 = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [BOOTH.label], full_name: 'Kavita Pages' })).id;
  k2 = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [BOOTH.label], full_name: 'Kiran House' })).id;
  expect((await put(`/api/booths/${BOOTH.id}/assignments`, { user_id: k1, pages: { from: 1, to: 1 } }, admin)).statusCode).toBe(200);
  expect((await put(`/api/booths/${BOOTH.id}/assignments`, { user_id: k2, house_numbers: ['H-1'] }, admin)).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('GET /api/booths/:id coverage, support and class', () => {
  it('should count live voters, contacted voters and support levels exactly when contacts exist', async () => {
    const response = await get(`/api/booths/${BOOTH.id}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = response.json<BoothDetail>();
    expect(detail.coverage).toEqual({ voters: 10, contacted: 5, percent: 50, deceased: 0, shifted: 0 });
    expect(detail.support).toEqual({ levels: { strong_supporter: 2, leaning_supporter: 1, undecided: 0, leaning_away: 0, opposed: 1 }, supporters: 3, share: 60 });
    expect(detail.class).toMatchObject({ class: 'A', computed: 'A', override: null });
    expect(detail.can_set_class).toBe(true);
  });

  it('should follow the threshold settings when they change', async () => {
    const settings = await get('/api/settings', admin);
    const version = settings.json<{ version: number }>().version;
    expect((await put('/api/settings', { booth_class_a_min: '61', version }, admin)).statusCode).toBe(200);
    expect((await get(`/api/booths/${BOOTH.id}`, admin)).json<BoothDetail>().class.computed).toBe('B');
    const next = (await get('/api/settings', admin)).json<{ version: number }>().version;
    expect((await put('/api/settings', { booth_class_a_min: '60', booth_class_b_min: '0', version: next }, admin)).statusCode).toBe(200);
    expect((await get(`/api/booths/${OTHER.id}`, admin)).json<BoothDetail>().class.computed).toBe('B');
    const last = (await get('/api/settings', admin)).json<{ version: number }>().version;
    expect((await put('/api/settings', { booth_class_b_min: '40', version: last }, admin)).statusCode).toBe(200);
    expect((await get(`/api/booths/${OTHER.id}`, admin)).json<BoothDetail>().class.computed).toBe('C');
  });

  it('should have no class when no voter of the booth is contacted', async () => {
    const detail = (await get('/api/booths/233', admin)).json<BoothDetail>();
    expect(detail.coverage).toEqual({ voters: 0, contacted: 0, percent: 0, deceased: 0, shifted: 0 });
    expect(detail.class.class).toBeNull();
  });

  it('should show the class in the booths list', async () => {
    const { booths } = (await get('/api/booths', admin)).json<BoothList>();
    expect(booths.find((booth) => booth.id === OTHER.id)?.class).toBe('C');
  });
});

describe('PUT /api/booths/:id/class', () => {
  it('should set the class with its reason, audit it and answer 409 on a stale version when an office role sets it', async () => {
    const before = (await get(`/api/booths/${OTHER.id}`, admin)).json<BoothDetail>();
    const response = await put(`/api/booths/${OTHER.id}/class`, { class_override: 'A', reason: 'New colony, our families', version: before.booth.version }, admin);
    expect(response.statusCode).toBe(200);
    const result = response.json<BoothClassResult>();
    expect(result.class).toMatchObject({ class: 'A', computed: 'C', override: 'A', override_reason: 'New colony, our families' });
    expect(result.booth.version).toBe(before.booth.version + 1);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SET_BOOTH_CLASS').where('record_id', '=', String(OTHER.id)).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ class: 'A', reason: 'New colony, our families', from: null });
    const { booths } = (await get('/api/booths', admin)).json<BoothList>();
    expect(booths.find((booth) => booth.id === OTHER.id)?.class).toBe('A');

    const stale = await put(`/api/booths/${OTHER.id}/class`, { class_override: 'B', reason: 'x', version: before.booth.version }, admin);
    expect(stale.statusCode).toBe(409);

    const cleared = await put(`/api/booths/${OTHER.id}/class`, { class_override: null, version: result.booth.version }, admin);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<BoothClassResult>().class).toMatchObject({ class: 'C', override: null, override_reason: null });
  });

  it('should answer 400 when a class comes without a reason', async () => {
    const response = await put(`/api/booths/${OTHER.id}/class`, { class_override: 'B' }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.reason).toBe('Give the reason for the class');
  });

  it('should answer 403 when a field role sets a class', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as Role[]) {
      const { headers } = await signInAs(t, role, { booth_access: [OTHER.label] });
      expect((await put(`/api/booths/${OTHER.id}/class`, { class_override: 'A', reason: 'mine' }, headers)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/analytics/booths', () => {
  it('should give classes, coverage and support by booth with the location filters when an office role asks', async () => {
    const response = await get(`/api/analytics/booths?booth=${BOOTH.label}`, admin);
    expect(response.statusCode).toBe(200);
    const data = response.json<BoothAnalytics>();
    expect(data.booths).toHaveLength(1);
    expect(data.booths[0]).toMatchObject({ label: BOOTH.label, class: 'A', coverage: { voters: 10, contacted: 5, percent: 50, deceased: 0, shifted: 0 }, support: { supporters: 3, share: 60 } });
    expect(data.classes).toEqual({ A: 1, B: 0, C: 0, none: 0 });
    const all = (await get('/api/analytics/booths', admin)).json<BoothAnalytics>();
    expect(all.booths).toHaveLength(396);
    expect(all.classes.A + all.classes.B + all.classes.C + all.classes.none).toBe(396);
  });

  it('should give a Supervisor only their booths and 403 for a booth outside them', async () => {
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [OTHER.label] });
    const response = await get('/api/analytics/booths', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<BoothAnalytics>().booths.map((booth) => booth.label)).toEqual([OTHER.label]);
    expect(response.json<BoothAnalytics>().coverage).toEqual({ voters: 4, contacted: 1, percent: 25, deceased: 0, shifted: 0 });
    expect((await get(`/api/analytics/booths?booth=${BOOTH.label}`, headers)).statusCode).toBe(403);
  });

  it('should answer 403 to a Karyakarta and 401 when signed out', async () => {
    const { headers } = await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] });
    for (const url of ['/api/analytics/booths', '/api/analytics/workers']) {
      expect((await get(url, headers)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/analytics/workers', () => {
  it('should count each worker assigned and contacted voters exactly when an office role asks', async () => {
    const response = await get(`/api/analytics/workers?booth=${BOOTH.label}`, admin);
    expect(response.statusCode).toBe(200);
    const { workers } = response.json<WorkerCoverage>();
    // Kavita holds page 1 (all 10); Kiran house H-1 (serials 1 and 2; serial 2 contacted).
    expect(workers).toEqual([
      { user_id: k1, full_name: 'Kavita Pages', booths: [BOOTH.label], assigned: 10, contacted: 5, percent: 50, deceased: 0, shifted: 0 },
      { user_id: k2, full_name: 'Kiran House', booths: [BOOTH.label], assigned: 2, contacted: 1, percent: 50, deceased: 0, shifted: 0 },
    ]);
  });

  it('should take the booths of a taluka or village when one is chosen', async () => {
    expect((await get('/api/analytics/workers?taluka=Ner&village=Udapur', admin)).json<WorkerCoverage>().workers.map((worker) => worker.user_id)).toEqual([k1, k2]);
    expect((await get('/api/analytics/workers?village=Somewhere%20Else', admin)).json<WorkerCoverage>().workers).toEqual([]);
    const booths = (await get('/api/analytics/booths?taluka=Ner', admin)).json<BoothAnalytics>();
    expect(booths.booths.map((booth) => booth.label)).toEqual([BOOTH.label]);
    expect(booths.coverage).toEqual({ voters: 10, contacted: 5, percent: 50, deceased: 0, shifted: 0 });
  });

  it('should give a Supervisor only the workers of their booths', async () => {
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [OTHER.label] });
    const response = await get('/api/analytics/workers', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<WorkerCoverage>().workers).toEqual([]);
    const { headers: own } = await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] });
    expect(response.statusCode).toBe(200);
    expect((await get('/api/analytics/workers', own)).json<WorkerCoverage>().workers.map((worker) => worker.assigned)).toEqual([10, 2]);
  });
});

// Booth-234: 2 active voters (1 contacted, a strong supporter), and, each contacted before,
// a deceased voter, a shifted one, one both deceased and shifted, and a duplicate entry marked
// as such. Only the 2 active ones are voters to contact; 2 deceased and 1 shifted are counted
// apart; the duplicate counts nowhere.
describe('coverage of listed, active voters', () => {
  const GONE_BOOTH = { id: 234, label: 'Booth-234' };
  let worker: number;

  beforeAll(async () => {
    const ids: number[] = [];
    for (let serial = 1; serial <= 6; serial += 1) ids.push((await seedVoter(t.ctx, { booth: GONE_BOOTH.label, part_serial: serial, taluka: 'Digras' } as never)).id);
    const [active, , dead, shifted, both, duplicate] = ids as [number, number, number, number, number, number];
    await contacted(active, 'strong_supporter');
    await contacted(dead, 'strong_supporter');
    await contacted(shifted, 'opposed');
    await contacted(duplicate, 'strong_supporter');
    await t.ctx.db.updateTable('voters').set({ is_dead: 1 }).where('id', 'in', [dead, both]).execute();
    await t.ctx.db.updateTable('voters').set({ present_in_city: 0 }).where('id', 'in', [shifted, both]).execute();
    await t.ctx.db.updateTable('voters').set({ duplicate_of: active }).where('id', '=', duplicate).execute();
    worker = (await createUser(t.ctx, { role: 'Karyakarta', booth_access: [GONE_BOOTH.label], full_name: 'Ganga Pages' })).id;
    expect((await put(`/api/booths/${GONE_BOOTH.id}/assignments`, { user_id: worker, pages: { from: 1, to: 1 } }, admin)).statusCode).toBe(200);
  });

  const expected = { voters: 2, contacted: 1, percent: 50, deceased: 2, shifted: 1 };

  it('should count deceased and shifted voters apart and leave out a duplicate entry on the booth page', async () => {
    const detail = (await get(`/api/booths/${GONE_BOOTH.id}`, admin)).json<BoothDetail>();
    expect(detail.coverage).toEqual(expected);
    expect(detail.support).toEqual({ levels: { strong_supporter: 1, leaning_supporter: 0, undecided: 0, leaning_away: 0, opposed: 0 }, supporters: 1, share: 100 });
    expect(detail.class.computed).toBe('A');
  });

  it('should count the same in analytics by booth, with and without a location filter', async () => {
    for (const query of [`booth=${GONE_BOOTH.label}`, 'taluka=Digras']) {
      const data = (await get(`/api/analytics/booths?${query}`, admin)).json<BoothAnalytics>();
      expect(data.booths.map((booth) => [booth.label, booth.coverage])).toEqual([[GONE_BOOTH.label, expected]]);
      expect(data.coverage).toEqual(expected);
    }
    const { headers } = await signInAs(t, 'Supervisor', { booth_access: [GONE_BOOTH.label] });
    expect((await get('/api/analytics/booths', headers)).json<BoothAnalytics>().coverage).toEqual(expected);
  });

  it('should give a worker only the active voters of their pages as assigned, and the others apart', async () => {
    const { workers } = (await get(`/api/analytics/workers?booth=${GONE_BOOTH.label}`, admin)).json<WorkerCoverage>();
    expect(workers).toEqual([{ user_id: worker, full_name: 'Ganga Pages', booths: [GONE_BOOTH.label], assigned: 2, contacted: 1, percent: 50, deceased: 2, shifted: 1 }]);
  });
});

describe('GET /api/my-voters contacted state', () => {
  it('should carry each voter last contact and support level when a Karyakarta asks', async () => {
    const user = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [OTHER.label] });
    expect((await put(`/api/booths/${OTHER.id}/assignments`, { user_id: user.id, pages: { from: 1, to: 1 } }, admin)).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } });
    const token = login.json<{ token: string }>().token;
    const mine = (await get('/api/my-voters', { authorization: `Bearer ${token}` })).json<MyVoters>();
    const voters = mine.households.flatMap((household) => household.voters);
    expect(voters).toHaveLength(4);
    expect(voters.filter((voter) => voter.last_contact_at !== null).map((voter) => voter.support_level)).toEqual(['opposed']);
    expect(voters.filter((voter) => voter.last_contact_at === null)).toHaveLength(3);
  });
});
