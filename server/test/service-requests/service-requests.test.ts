import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const URL = '/api/service-requests';

const post = (headers: Headers | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: URL, headers, payload });
const get = (headers: Headers | undefined, url: string) => t.app.inject({ method: 'GET', url, headers });
const note = (headers: Headers, id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${URL}/${id}/notes`, headers, payload });
const put = (headers: Headers, id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers, payload });

const walkIn = (overrides: Record<string, unknown> = {}) => ({
  citizen_name: 'Sunita Pawar',
  citizen_mobile: '9822012345',
  category: 'pension',
  description: 'Widow pension stopped since August',
  booth: 'Booth-07',
  ...overrides,
});

async function audits(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).execute();
}

describe('POST /api/service-requests', () => {
  it('should register a walk-in request with a receipt number, New status, a history row and an audit row', async () => {
    const admin = await signInAs(t, 'Admin', { full_name: 'Office Admin' });
    const response = await post(admin.headers, walkIn({ department: 'Tahsil office', due_date: '2026-12-20' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ citizen_name: 'Sunita Pawar', citizen_mobile: '9822012345', category: 'pension', status: 'New', priority: 'Medium', booth: 'Booth-07', voter_id: null, created_by_name: 'Office Admin', version: 1 });
    expect(body.receipt_no).toBe(`SR-${body.created_at.slice(0, 4)}-${String(body.id).padStart(5, '0')}`);
    expect(body.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'New', user_name: 'Office Admin' })]);
    const rows = await audits('CREATE_SERVICE_REQUEST', body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBe(admin.user.id);
    expect(rows[0]?.record_name).toBe(`${body.receipt_no} Sunita Pawar`);
  });

  it("should take the citizen's name, mobile, booth and village from a linked voter", async () => {
    const admin = await signInAs(t, 'Super Admin');
    const voter = await seedVoter(t.ctx, { full_name: 'Ramesh Jadhav', mobile_number: '9876500001', booth: 'Booth-03' });
    const response = await post(admin.headers, { voter_id: voter.id, category: 'road', description: 'Pothole outside the school' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ voter_id: voter.id, voter_epic: voter.voter_id, citizen_name: 'Ramesh Jadhav', citizen_mobile: '9876500001', booth: 'Booth-03' });
  });

  it('should answer 400 naming the fields when the citizen, category or description is missing or bad', async () => {
    const admin = await signInAs(t, 'Admin');
    const response = await post(admin.headers, { category: 'parking', description: ' ', citizen_mobile: '12345', due_date: '2026-02-30', booth: 'Booth-999', priority: 'Urgent' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      category: 'Choose a category from the list',
      description: 'Description is required',
      citizen_mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
      due_date: 'This date does not exist in the calendar',
      booth: 'Choose a booth from the list',
      priority: 'Priority must be Low, Medium or High',
    });
    const noCitizen = await post(admin.headers, { category: 'water', description: 'No water' });
    expect(noCitizen.statusCode).toBe(400);
    expect(noCitizen.json().fields).toEqual({ citizen_name: 'Choose a voter or write the citizen’s name' });
  });

  it('should refuse an inactive assignee and an unknown voter', async () => {
    const admin = await signInAs(t, 'Admin');
    const inactive = await createUser(t.ctx, { role: 'Karyakarta', is_active: false });
    const assignee = await post(admin.headers, walkIn({ assigned_to: inactive.id }));
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json().message).toBe('The assignee must be an active user');
    const voter = await post(admin.headers, { voter_id: 999_999, category: 'water', description: 'No water' });
    expect(voter.statusCode).toBe(404);
    expect(voter.json().message).toBe('Voter not found');
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should let a ${role} raise a request in their own booths and refuse another booth or a voter outside them`, async () => {
      const worker = await signInAs(t, role, { booth_access: ['Booth-11'] });
      expect((await post(worker.headers, walkIn({ booth: 'Booth-11' }))).statusCode).toBe(201);
      const other = await post(worker.headers, walkIn({ booth: 'Booth-12' }));
      expect(other.statusCode).toBe(403);
      expect(other.json().fields.booth).toBe('Choose one of your booths');
      expect((await post(worker.headers, walkIn({ booth: null }))).statusCode).toBe(403);
      const outside = await seedVoter(t.ctx, { booth: 'Booth-12' });
      expect((await post(worker.headers, { voter_id: outside.id, category: 'water', description: 'x' })).statusCode).toBe(404);
      const inside = await seedVoter(t.ctx, { booth: 'Booth-11' });
      const raised = await post(worker.headers, { voter_id: inside.id, category: 'water', description: 'Tanker needed' });
      expect(raised.statusCode).toBe(201);
      expect(raised.json().booth).toBe('Booth-11');
    });
  }

  it("should register a phone's request once when its outbox sends it again with the same Idempotency-Key", async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-93'] });
    const voter = await seedVoter(t.ctx, { full_name: 'Outbox Citizen', booth: 'Booth-93' });
    const payload = { voter_id: voter.id, category: 'water', description: 'Raised offline: the hand pump is broken' };
    const headers = { ...worker.headers, 'idempotency-key': 'sr-offline-0001-abcdef' };
    const first = await post(headers, payload);
    expect(first.statusCode).toBe(201);
    const again = await post(headers, payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const raised = await t.ctx.db.selectFrom('service_requests').select('id').where('voter_id', '=', voter.id).execute();
    expect(raised).toHaveLength(1);
    expect(await audits('CREATE_SERVICE_REQUEST', first.json().id)).toHaveLength(1);
    // The same key with other fields is another change: refused, nothing saved.
    const changed = await post(headers, { ...payload, description: 'Something else' });
    expect(changed.statusCode).toBe(422);
    expect(await t.ctx.db.selectFrom('service_requests').select('id').where('voter_id', '=', voter.id).execute()).toHaveLength(1);
  });

  it('should answer 401 when signed out', async () => {
    expect((await post(undefined, walkIn())).statusCode).toBe(401);
  });
});

describe('GET /api/service-requests', () => {
  it('should show the office every booth and a field user only their booths', async () => {
    const admin = await signInAs(t, 'Admin');
    const a = (await post(admin.headers, walkIn({ booth: 'Booth-21', citizen_name: 'Scope A' }))).json().id as number;
    const b = (await post(admin.headers, walkIn({ booth: 'Booth-22', citizen_name: 'Scope B' }))).json().id as number;
    const c = (await post(admin.headers, walkIn({ booth: null, citizen_name: 'Scope C' }))).json().id as number;
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-21'] });
    const ids = async (headers: Headers) => ((await get(headers, `${URL}?search=Scope&limit=100`)).json().items as { id: number }[]).map((item) => item.id);
    expect(await ids(admin.headers)).toEqual([c, b, a]);
    expect(await ids(worker.headers)).toEqual([a]);
    expect((await get(worker.headers, `${URL}/${b}`)).statusCode).toBe(404);
    expect((await get(worker.headers, `${URL}/${a}`)).statusCode).toBe(200);
    const denied = await get(worker.headers, `${URL}?booth=Booth-22`);
    expect(denied.statusCode).toBe(403);
  });

  it('should filter by status, category, booth, village, assignee and overdue, search by receipt, name or mobile, and page', async () => {
    const admin = await signInAs(t, 'Admin');
    const staff = await createUser(t.ctx, { role: 'Supervisor' });
    const overdue = (await post(admin.headers, walkIn({ booth: 'Booth-31', citizen_name: 'Filter Late', category: 'water', due_date: '2020-01-01', assigned_to: staff.id }))).json();
    const later = (await post(admin.headers, walkIn({ booth: 'Booth-31', citizen_name: 'Filter Soon', citizen_mobile: '9000011122', category: 'road', due_date: '2999-01-01', village: 'Arambhi' }))).json();
    const list = async (query: string) => (await get(admin.headers, `${URL}?booth=Booth-31&${query}`)).json() as { items: { id: number; overdue: boolean }[]; total: number; totalPages: number };
    expect((await list('overdue=true')).items.map((item) => item.id)).toEqual([overdue.id]);
    expect((await list('overdue=true')).items[0]?.overdue).toBe(true);
    expect((await list('overdue=false')).items.map((item) => item.id)).toEqual([later.id]);
    expect((await list('category=road')).items.map((item) => item.id)).toEqual([later.id]);
    expect((await list(`assigned_to=${staff.id}`)).items.map((item) => item.id)).toEqual([overdue.id]);
    expect((await list('village=Arambhi')).items.map((item) => item.id)).toEqual([later.id]);
    expect((await list('search=filter%20late')).items.map((item) => item.id)).toEqual([overdue.id]);
    expect((await list(`search=${later.receipt_no}`)).items.map((item) => item.id)).toEqual([later.id]);
    expect((await list('search=0011122')).items.map((item) => item.id)).toEqual([later.id]);
    expect((await list('status=New')).total).toBe(2);
    expect((await list('status=Resolved')).total).toBe(0);
    const paged = await list('limit=1&page=2');
    expect(paged).toMatchObject({ total: 2, totalPages: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([overdue.id]);
    // A resolved request is no longer overdue.
    await note(admin.headers, overdue.id, { status: 'Resolved', note: 'Pension restored' });
    expect((await list('overdue=true')).items).toEqual([]);
  });

  it('should answer 400 for a bad filter', async () => {
    const admin = await signInAs(t, 'Admin');
    for (const query of ['status=Done', 'category=parking', 'overdue=yes', 'page=0', 'limit=101', 'booth=Booth-999', 'assigned_to=x']) {
      const response = await get(admin.headers, `${URL}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  for (const role of ALL_ROLES) {
    it(`should answer 200 to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await get(headers, URL)).statusCode).toBe(200);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await get(undefined, URL)).statusCode).toBe(401);
    expect((await get(undefined, `${URL}/1`)).statusCode).toBe(401);
  });
});

describe('POST /api/service-requests/:id/notes', () => {
  it('should move New → In Progress → With Department → Resolved, reopen, and close, each a dated history row and an audit row', async () => {
    const admin = await signInAs(t, 'Admin', { full_name: 'Desk Clerk' });
    const created = (await post(admin.headers, walkIn())).json();
    let version = created.version as number;
    for (const [status, text] of [
      ['In Progress', 'Called the citizen'],
      ['With Department', 'Sent to the Tahsildar'],
      ['Resolved', 'Pension restored'],
      ['In Progress', 'Citizen says it stopped again'],
      ['Closed', null],
    ] as const) {
      const response = await note(admin.headers, created.id, { status, note: text, version });
      expect(response.statusCode, status).toBe(200);
      expect(response.json().status).toBe(status);
      version = response.json().version;
    }
    const detail = (await get(admin.headers, `${URL}/${created.id}`)).json();
    expect(detail.history.map((row: { to_status: string | null }) => row.to_status)).toEqual(['New', 'In Progress', 'With Department', 'Resolved', 'In Progress', 'Closed']);
    expect(detail.history[2]).toMatchObject({ from_status: 'In Progress', to_status: 'With Department', note: 'Sent to the Tahsildar', user_name: 'Desk Clerk' });
    expect(await audits('NOTE_SERVICE_REQUEST', created.id)).toHaveLength(5);
    const closed = await note(admin.headers, created.id, { status: 'In Progress', version });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe('This request cannot move to that status from where it is now');
  });

  it('should keep a plain note without moving the status and require a reason to reject', async () => {
    const admin = await signInAs(t, 'Admin');
    const created = (await post(admin.headers, walkIn())).json();
    const plain = await note(admin.headers, created.id, { note: 'Citizen called again' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'New', version: 2 });
    expect(plain.json().history.at(-1)).toMatchObject({ from_status: null, to_status: null, note: 'Citizen called again' });
    const noReason = await note(admin.headers, created.id, { status: 'Rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.note).toBe('Write the reason for rejecting the request');
    const empty = await note(admin.headers, created.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.note).toBe('Write a note or choose a new status');
    expect((await note(admin.headers, created.id, { status: 'Done' })).statusCode).toBe(400);
    expect((await note(admin.headers, created.id, { status: 'Rejected', note: 'Not a government scheme' })).json().status).toBe('Rejected');
  });

  it('should answer 409 with the request as it is now when the version is stale', async () => {
    const admin = await signInAs(t, 'Admin');
    const supervisor = await signInAs(t, 'Supervisor', { booth_access: ['Booth-07'] });
    const created = (await post(admin.headers, walkIn())).json();
    expect((await note(supervisor.headers, created.id, { status: 'In Progress', version: 1 })).statusCode).toBe(200);
    const stale = await note(admin.headers, created.id, { status: 'With Department', note: 'Sent', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this request first. Reload and try again.', current: { id: created.id, status: 'In Progress', version: 2 } });
    expect((await get(admin.headers, `${URL}/${created.id}`)).json().history).toHaveLength(2);
  });

  it("should let a field user write on their booths' requests only", async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-07'] });
    const outsider = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-08'] });
    const created = (await post(admin.headers, walkIn())).json();
    expect((await note(worker.headers, created.id, { note: 'Met the family' })).statusCode).toBe(200);
    expect((await note(outsider.headers, created.id, { note: 'x' })).statusCode).toBe(404);
  });

  it('should answer 404 for an unknown request and 400 for a bad id', async () => {
    const admin = await signInAs(t, 'Admin');
    expect((await note(admin.headers, 999_999, { note: 'x' })).statusCode).toBe(404);
    expect((await note(admin.headers, 0, { note: 'x' })).statusCode).toBe(400);
  });
});

describe('PUT /api/service-requests/:id', () => {
  it('should let the office edit the details, raising the version, with an audit row naming the fields', async () => {
    const admin = await signInAs(t, 'Admin');
    const staff = await createUser(t.ctx, { role: 'Karyakarta', full_name: 'Field Follow' });
    const created = (await post(admin.headers, walkIn())).json();
    const response = await put(admin.headers, created.id, { ...walkIn(), priority: 'High', department: 'Collector office', assigned_to: staff.id, due_date: '2026-12-31', version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ priority: 'High', department: 'Collector office', assigned_to: staff.id, assigned_to_name: 'Field Follow', due_date: '2026-12-31', version: 2 });
    const rows = await audits('UPDATE_SERVICE_REQUEST', created.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.details ?? '{}').changed).toEqual(['department', 'priority', 'assigned_to', 'due_date']);
  });

  it('should answer 409 with the current request when the version is stale, and 400 for bad input', async () => {
    const admin = await signInAs(t, 'Super Admin');
    const created = (await post(admin.headers, walkIn())).json();
    expect((await put(admin.headers, created.id, { ...walkIn(), priority: 'High', version: 1 })).statusCode).toBe(200);
    const stale = await put(admin.headers, created.id, { ...walkIn(), priority: 'Low', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ priority: 'High', version: 2 });
    const bad = await put(admin.headers, created.id, { ...walkIn(), citizen_name: '', category: 'x', version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ citizen_name: 'Name is required', category: 'Choose a category from the list' });
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const admin = await signInAs(t, 'Admin');
      const worker = await signInAs(t, role, { booth_access: ['Booth-07'] });
      const created = (await post(admin.headers, walkIn())).json();
      expect((await put(worker.headers, created.id, { ...walkIn(), version: 1 })).statusCode).toBe(403);
    });
  }

  for (const role of ADMIN_ROLES) {
    it(`should answer 404 to a ${role} for an unknown request`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await put(headers, 999_999, { ...walkIn(), version: 1 })).statusCode).toBe(404);
    });
  }
});
