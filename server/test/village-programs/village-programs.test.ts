import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const URL = '/api/village-programs';

const post = (headers: Headers | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: URL, headers, payload });
const get = (headers: Headers | undefined, url: string) => t.app.inject({ method: 'GET', url, headers });
const put = (headers: Headers | undefined, id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers, payload });
const del = (headers: Headers | undefined, id: number, version?: number) => t.app.inject({ method: 'DELETE', url: `${URL}/${id}${version === undefined ? '' : `?version=${version}`}`, headers });

const program = (overrides: Record<string, unknown> = {}) => ({
  title: 'Farmers’ meeting on crop insurance',
  kind: 'meeting',
  program_date: '2026-11-20',
  program_time: '17:30',
  taluka: 'Digras',
  village: 'Arambhi',
  booths: ['Booth-07', 'Booth-03'],
  organiser: 'Suresh Patil',
  expected_attendance: 150,
  notes: 'At the temple hall',
  ...overrides,
});

async function audits(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).execute();
}

const DAY_MS = 86_400_000;
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

describe('POST /api/village-programs', () => {
  for (const role of ADMIN_ROLES) {
    it(`should record a program with its booths and an audit row when a ${role} saves it`, async () => {
      const office = await signInAs(t, role, { full_name: 'Office Desk' });
      const response = await post(office.headers, program());
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        title: 'Farmers’ meeting on crop insurance',
        kind: 'meeting',
        program_date: '2026-11-20',
        program_time: '17:30',
        taluka: 'Digras',
        village: 'Arambhi',
        booths: ['Booth-03', 'Booth-07'],
        organiser: 'Suresh Patil',
        expected_attendance: 150,
        actual_attendance: null,
        request_count: 0,
        requests: [],
        created_by_name: 'Office Desk',
        version: 1,
      });
      const rows = await audits('CREATE_VILLAGE_PROGRAM', body.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user_id).toBe(office.user.id);
      expect(rows[0]?.record_name).toBe('2026-11-20 Arambhi: Farmers’ meeting on crop insurance');
    });
  }

  it('should answer 400 naming the fields when the village, kind, date, time, booths or attendance is bad', async () => {
    const admin = await signInAs(t, 'Admin');
    const before = await t.ctx.db.selectFrom('village_programs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await post(admin.headers, program({ title: ' ', kind: 'picnic', program_date: '2026-02-30', program_time: '25:00', booths: ['Booth-999'], expected_attendance: -5, actual_attendance: 2.5 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: 'Title is required',
      kind: 'Choose visit, meeting, event, camp or rally',
      program_date: 'This date does not exist in the calendar',
      program_time: 'Use a time like 10:30',
      expected_attendance: 'Expected attendance must be 0 or more',
      actual_attendance: 'Actual attendance must be a whole number',
    });
    expect(Object.keys(bad.json().fields).some((key) => key.startsWith('booths'))).toBe(true);
    // A village of the list, but of another taluka; one of no list; "Other".
    for (const [taluka, village] of [
      ['Digras', 'Adgaon'],
      ['Ner', 'Atlantis'],
      ['Ner', 'Other'],
    ]) {
      const response = await post(admin.headers, program({ taluka, village }));
      expect(response.statusCode, village).toBe(400);
      expect(response.json().fields).toEqual({ village: 'Choose a village of the chosen taluka' });
    }
    const taluka = await post(admin.headers, program({ taluka: 'Other' }));
    expect(taluka.statusCode).toBe(400);
    expect(taluka.json().fields.taluka).toBe('Choose a taluka from the list');
    expect((await post(admin.headers, program({ program_date: '20-11-2026' }))).json().fields.program_date).toBe('Use a date like 2026-12-31');
    const after = await t.ctx.db.selectFrom('village_programs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403 and write nothing`, async () => {
      const worker = await signInAs(t, role, { booth_access: ['Booth-07'] });
      const response = await post(worker.headers, program({ title: `By a ${role}` }));
      expect(response.statusCode).toBe(403);
      expect(await t.ctx.db.selectFrom('village_programs').select('id').where('title', '=', `By a ${role}`).execute()).toEqual([]);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await post(undefined, program())).statusCode).toBe(401);
  });
});

describe('GET /api/village-programs', () => {
  it('should filter by date range, taluka, village and kind, newest first, and page', async () => {
    const admin = await signInAs(t, 'Admin');
    const made = async (overrides: Record<string, unknown>) => (await post(admin.headers, program({ title: 'Filter test', ...overrides }))).json().id as number;
    const a = await made({ program_date: '2025-03-01', taluka: 'Ner', village: 'Ajani', kind: 'camp' });
    const b = await made({ program_date: '2025-03-05', taluka: 'Ner', village: 'Ajani', kind: 'visit', program_time: null });
    const c = await made({ program_date: '2025-03-09', taluka: 'Darwha', village: 'Amshet', kind: 'rally' });
    const list = async (query: string) => {
      const range = query.includes('from=') ? '' : 'from=2025-03-01&to=2025-03-31&';
      const response = await get(admin.headers, `${URL}?${range}${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json() as { items: { id: number }[]; total: number; totalPages: number };
    };
    const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids('taluka=Ner')).toEqual([b, a]);
    expect(await ids('village=Amshet')).toEqual([c]);
    expect(await ids('kind=camp')).toEqual([a]);
    expect(await ids('from=2025-03-02&to=2025-03-06')).toEqual([b]);
    const paged = await list('limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, totalPages: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([a]);
  });

  it('should answer 400 for bad dates and filters', async () => {
    const admin = await signInAs(t, 'Admin');
    for (const query of ['from=2025-02-30', 'to=yesterday', 'from=2025-03-10&to=2025-03-01', 'kind=picnic', 'taluka=Pune', 'village=Atlantis', 'page=0', 'limit=101']) {
      expect((await get(admin.headers, `${URL}?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(admin.headers, `${URL}?from=2025-03-10&to=2025-03-01`)).json().fields).toEqual({ to: 'The end date must be on or after the start date' });
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should show a ${role} only the programs covering their booths, and 404 for another's`, async () => {
      const admin = await signInAs(t, 'Super Admin');
      const mine = (await post(admin.headers, program({ title: `Scope ${role}`, booths: ['Booth-41', 'Booth-42'] }))).json().id as number;
      const theirs = (await post(admin.headers, program({ title: `Scope ${role}`, booths: ['Booth-43'] }))).json().id as number;
      const none = (await post(admin.headers, program({ title: `Scope ${role}`, booths: [] }))).json().id as number;
      const worker = await signInAs(t, role, { booth_access: ['Booth-42'] });
      const items = (await get(worker.headers, `${URL}?limit=100`)).json().items as { id: number; title: string }[];
      expect(items.filter((item) => item.title === `Scope ${role}`).map((item) => item.id)).toEqual([mine]);
      expect((await get(worker.headers, `${URL}/${mine}`)).statusCode).toBe(200);
      expect((await get(worker.headers, `${URL}/${theirs}`)).statusCode).toBe(404);
      expect((await get(worker.headers, `${URL}/${none}`)).statusCode).toBe(404);
      const office = (await get(admin.headers, `${URL}?limit=100`)).json().items as { id: number; title: string }[];
      expect(office.filter((item) => item.title === `Scope ${role}`).map((item) => item.id).sort()).toEqual([mine, theirs, none].sort());
      // Nothing else is theirs: not-visited, edits and deletes are the office's.
      expect((await get(worker.headers, `${URL}/not-visited`)).statusCode).toBe(403);
      expect((await put(worker.headers, mine, program())).statusCode).toBe(403);
      expect((await del(worker.headers, mine)).statusCode).toBe(403);
      expect((await get(admin.headers, `${URL}/${mine}`)).json().version).toBe(1);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await get(undefined, URL)).statusCode).toBe(401);
    expect((await get(undefined, `${URL}/1`)).statusCode).toBe(401);
  });
});

describe('PUT /api/village-programs/:id', () => {
  it('should save an edit with the version seen, write an audit row naming the changed fields, and answer 409 to a stale one', async () => {
    const admin = await signInAs(t, 'Admin');
    const created = (await post(admin.headers, program())).json();
    const edited = await put(admin.headers, created.id, { ...program(), actual_attendance: 210, booths: ['Booth-07'], version: created.version });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ actual_attendance: 210, booths: ['Booth-07'], version: 2 });
    const rows = await audits('UPDATE_VILLAGE_PROGRAM', created.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ changed: ['actual_attendance', 'booths'], version: 2 });

    const stale = await put(admin.headers, created.id, { ...program(), notes: 'From an old form', version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this program first. Reload and try again.', current: { id: created.id, actual_attendance: 210, version: 2 } });
    expect(await audits('UPDATE_VILLAGE_PROGRAM', created.id)).toHaveLength(1);
    expect((await get(admin.headers, `${URL}/${created.id}`)).json().notes).toBe('At the temple hall');
  });

  it('should answer 400 for a bad edit and 404 for no such program', async () => {
    const admin = await signInAs(t, 'Super Admin');
    const created = (await post(admin.headers, program())).json();
    const bad = await put(admin.headers, created.id, { ...program(), village: 'Amshet', actual_attendance: -1, version: created.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ actual_attendance: 'Actual attendance must be 0 or more' });
    const village = await put(admin.headers, created.id, { ...program(), village: 'Amshet', version: created.version });
    expect(village.json().fields).toEqual({ village: 'Choose a village of the chosen taluka' });
    expect((await put(admin.headers, 999_999, program())).statusCode).toBe(404);
    expect((await put(admin.headers, 0, program())).statusCode).toBe(400);
  });
});

describe('DELETE /api/village-programs/:id', () => {
  it('should delete a program with an audit row, keep its requests unlinked, and answer 409 to a stale version', async () => {
    const admin = await signInAs(t, 'Admin');
    const created = (await post(admin.headers, program())).json();
    const request = await t.app.inject({ method: 'POST', url: '/api/service-requests', headers: admin.headers, payload: { citizen_name: 'Kisan More', category: 'water', description: 'Hand pump broken', booth: 'Booth-07', program_id: created.id } });
    expect(request.statusCode).toBe(201);
    await put(admin.headers, created.id, { ...program(), notes: 'Moved to the school', version: 1 });
    expect((await del(admin.headers, created.id, 1)).statusCode).toBe(409);
    const deleted = await del(admin.headers, created.id, 2);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Program deleted' });
    expect((await get(admin.headers, `${URL}/${created.id}`)).statusCode).toBe(404);
    const rows = await audits('DELETE_VILLAGE_PROGRAM', created.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ unlinked_requests: 1 });
    const kept = (await t.app.inject({ method: 'GET', url: `/api/service-requests/${request.json().id}`, headers: admin.headers })).json();
    expect(kept.program_id).toBeNull();
    expect((await del(admin.headers, created.id)).statusCode).toBe(404);
  });
});

describe('service requests raised at a program', () => {
  it('should list the requests raised at a program in its detail, a field user seeing their booths only', async () => {
    const admin = await signInAs(t, 'Admin');
    const created = (await post(admin.headers, program({ booths: ['Booth-51', 'Booth-52'] }))).json();
    const raise = (headers: Headers, booth: string, name: string) =>
      t.app.inject({ method: 'POST', url: '/api/service-requests', headers, payload: { citizen_name: name, category: 'road', description: 'Road to the fields', booth, program_id: created.id } });
    const first = await raise(admin.headers, 'Booth-51', 'Asha Kale');
    expect(first.statusCode).toBe(201);
    expect(first.json().program_id).toBe(created.id);
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-52'] });
    const second = await raise(worker.headers, 'Booth-52', 'Vinod Rathod');
    expect(second.statusCode).toBe(201);

    const detail = (await get(admin.headers, `${URL}/${created.id}`)).json();
    expect(detail.request_count).toBe(2);
    expect(detail.requests.map((row: { citizen_name: string }) => row.citizen_name)).toEqual(['Vinod Rathod', 'Asha Kale']);
    expect(detail.requests[0]).toMatchObject({ receipt_no: second.json().receipt_no, category: 'road', status: 'New', booth: 'Booth-52' });
    const theirs = (await get(worker.headers, `${URL}/${created.id}`)).json();
    expect(theirs.request_count).toBe(1);
    expect(theirs.requests.map((row: { citizen_name: string }) => row.citizen_name)).toEqual(['Vinod Rathod']);
  });

  it('should refuse a link to no program or to a program outside a field user’s booths, and keep the link on an edit that leaves it out', async () => {
    const admin = await signInAs(t, 'Admin');
    const elsewhere = (await post(admin.headers, program({ booths: ['Booth-61'] }))).json();
    const worker = await signInAs(t, 'Supervisor', { booth_access: ['Booth-62'] });
    const payload = { citizen_name: 'Meena Jadhav', category: 'water', description: 'Tanker', booth: 'Booth-62' };
    const outside = await t.app.inject({ method: 'POST', url: '/api/service-requests', headers: worker.headers, payload: { ...payload, program_id: elsewhere.id } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().fields).toEqual({ program_id: 'Program not found' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/service-requests', headers: admin.headers, payload: { ...payload, program_id: 999_999 } });
    expect(missing.statusCode).toBe(404);

    const linked = (await t.app.inject({ method: 'POST', url: '/api/service-requests', headers: admin.headers, payload: { ...payload, program_id: elsewhere.id } })).json();
    const edit = await t.app.inject({ method: 'PUT', url: `/api/service-requests/${linked.id}`, headers: admin.headers, payload: { ...payload, department: 'Water board', version: linked.version } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().program_id).toBe(elsewhere.id);
    const unlink = await t.app.inject({ method: 'PUT', url: `/api/service-requests/${linked.id}`, headers: admin.headers, payload: { ...payload, program_id: null, version: edit.json().version } });
    expect(unlink.json().program_id).toBeNull();
  });
});

describe('GET /api/village-programs/not-visited', () => {
  it('should list by taluka every village with no program in the last N days, never visited first, and drop a village once visited', async () => {
    const admin = await signInAs(t, 'Admin');
    const first = (await get(admin.headers, `${URL}/not-visited?days=90`)).json();
    const today = first.today as string;
    expect(first.since).toBe(daysBefore(today, 89));
    expect(first.talukas.map((row: { taluka: string }) => row.taluka)).toEqual(['Digras', 'Darwha', 'Ner']);
    const villagesOf = (body: { talukas: { taluka: string; villages: { village: string; last_visit: string | null }[] }[] }, taluka: string) => body.talukas.find((row) => row.taluka === taluka)?.villages ?? [];
    const names = (body: Parameters<typeof villagesOf>[0], taluka: string) => villagesOf(body, taluka).map((row) => row.village);
    expect(names(first, 'Ner')).toContain('Loni');
    expect(names(first, 'Digras')).toContain('Loni');

    // Loni of Ner visited today; Ajepur 120 days ago; Balapur planned for later (not a visit yet).
    await post(admin.headers, program({ taluka: 'Ner', village: 'Loni', program_date: today, booths: [] }));
    await post(admin.headers, program({ taluka: 'Ner', village: 'Ajepur', program_date: daysBefore(today, 120), booths: [] }));
    await post(admin.headers, program({ taluka: 'Ner', village: 'Balapur', program_date: '2099-01-01', booths: [] }));

    const after = (await get(admin.headers, `${URL}/not-visited?days=90`)).json();
    expect(names(after, 'Ner')).not.toContain('Loni');
    // The other taluka's Loni is another village.
    expect(names(after, 'Digras')).toContain('Loni');
    expect(villagesOf(after, 'Ner').find((row) => row.village === 'Ajepur')).toEqual({ village: 'Ajepur', last_visit: daysBefore(today, 120) });
    expect(villagesOf(after, 'Ner').find((row) => row.village === 'Balapur')).toEqual({ village: 'Balapur', last_visit: null });
    // Never visited first, then the longest ago.
    const ner = villagesOf(after, 'Ner');
    expect(ner.findIndex((row) => row.village === 'Ajepur')).toBeGreaterThan(ner.findIndex((row) => row.village === 'Balapur'));
    expect(ner.slice(ner.findIndex((row) => row.last_visit !== null)).every((row) => row.last_visit !== null)).toBe(true);

    const year = (await get(admin.headers, `${URL}/not-visited?days=365&taluka=Ner`)).json();
    expect(year.talukas.map((row: { taluka: string }) => row.taluka)).toEqual(['Ner']);
    expect(names(year, 'Ner')).not.toContain('Ajepur');
    expect(year.talukas[0].village_count).toBe(114);
  });

  it('should answer 400 for a bad number of days or taluka', async () => {
    const admin = await signInAs(t, 'Admin');
    for (const query of ['days=0', 'days=3651', 'days=1.5', 'days=x', 'taluka=Other']) {
      expect((await get(admin.headers, `${URL}/not-visited?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(admin.headers, `${URL}/not-visited?days=0`)).json().fields).toEqual({ days: 'Days must be a whole number from 1 to 3650' });
  });
});

describe('follow-up tasks of a program', () => {
  const task = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload });

  it('should list a program’s follow-up tasks in its detail, a field user seeing only their own, and unlink them when the program is deleted', async () => {
    const admin = await signInAs(t, 'Admin', { full_name: 'Office Desk' });
    const created = (await post(admin.headers, program({ booths: ['Booth-71'] }))).json();
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-71'], full_name: 'Field Worker' });
    const other = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-71'] });
    const first = await task(admin.headers, { title: 'Send the camp photos to the press', assigned_to: worker.user.id, due_date: '2026-12-20', program_id: created.id });
    expect(first.statusCode).toBe(201);
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CREATE_TASK').where('record_id', '=', String(first.json().id)).execute();
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ program_id: created.id });
    expect((await task(other.headers, { title: 'Call the sarpanch', assigned_to: other.user.id, program_id: created.id })).statusCode).toBe(201);

    const office = (await get(admin.headers, `${URL}/${created.id}`)).json();
    expect(office.tasks).toEqual([
      { id: first.json().id, title: 'Send the camp photos to the press', status: 'Not Started', assigned_to_name: 'Field Worker', due_date: '2026-12-20' },
      expect.objectContaining({ title: 'Call the sarpanch' }),
    ]);
    const theirs = (await get(worker.headers, `${URL}/${created.id}`)).json();
    expect(theirs.tasks.map((row: { title: string }) => row.title)).toEqual(['Send the camp photos to the press']);

    const deleted = await del(admin.headers, created.id, created.version);
    expect(deleted.statusCode).toBe(200);
    const audit = await audits('DELETE_VILLAGE_PROGRAM', created.id);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ unlinked_tasks: 2 });
    const kept = await t.ctx.db.selectFrom('tasks').select(['id', 'program_id']).where('id', '=', first.json().id).executeTakeFirstOrThrow();
    expect(kept.program_id).toBeNull();
  });

  it('should refuse a follow-up task of no program or of a program outside a field user’s booths', async () => {
    const admin = await signInAs(t, 'Admin');
    const elsewhere = (await post(admin.headers, program({ booths: ['Booth-81'] }))).json();
    const worker = await signInAs(t, 'Supervisor', { booth_access: ['Booth-82'] });
    const outside = await task(worker.headers, { title: 'Follow up', assigned_to: worker.user.id, program_id: elsewhere.id });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().fields).toEqual({ program_id: 'Program not found' });
    expect((await task(admin.headers, { title: 'Follow up', assigned_to: admin.user.id, program_id: 999_999 })).statusCode).toBe(404);
    const bad = await task(admin.headers, { title: 'Follow up', assigned_to: admin.user.id, program_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.program_id).toBe('Program not found');
    expect(await t.ctx.db.selectFrom('tasks').select('id').where('title', '=', 'Follow up').execute()).toEqual([]);
  });
});
