import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin', { full_name: 'Office Desk' })).headers;
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const URL = '/api/appointments';
const post = (headers: Headers | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: URL, headers, payload });
const put = (headers: Headers | undefined, id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers, payload });
const day = (headers: Headers | undefined, date: string) => t.app.inject({ method: 'GET', url: `${URL}?date=${date}`, headers });

// Each test books on its own far-future day, so tests never meet in a slot.
let dayCounter = 0;
const nextDay = () => {
  dayCounter += 1;
  return `2099-03-${String(dayCounter).padStart(2, '0')}`;
};
const booking = (date: string, overrides: Record<string, unknown> = {}) => ({ visitor_name: 'Ganesh Patil', visitor_mobile: '9822011111', appointment_date: date, slot: '10:30', purpose: 'Water tanker for the wadi', ...overrides });

describe('POST /api/appointments', () => {
  it('should book a slot as Requested with an audit row, and show it in the day view', async () => {
    const date = nextDay();
    const response = await post(admin, booking(date, { kind: 'hearing' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'hearing', appointment_date: date, slot: '10:30', status: 'Requested', visitor_name: 'Ganesh Patil', created_by_name: 'Office Desk', version: 1 });
    const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CREATE_APPOINTMENT').where('record_id', '=', String(response.json().id)).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.record_name).toBe(`${date} 10:30 Ganesh Patil`);
    const listed = (await day(admin, date)).json();
    expect(listed).toMatchObject({ date, items: [{ id: response.json().id }] });
  });

  it('should take a voter’s name, mobile and booth from the roll', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Lata Gaikwad', mobile_number: '9876512345', booth: 'Booth-09' });
    const response = await post(admin, { voter_id: voter.id, appointment_date: nextDay(), slot: '11:00', purpose: 'Scholarship' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ voter_id: voter.id, voter_epic: voter.voter_id, visitor_name: 'Lata Gaikwad', visitor_mobile: '9876512345', booth: 'Booth-09', kind: 'meeting' });
  });

  it('should answer 409 with the booking that holds the slot when it is taken, and let a cancelled slot be booked again', async () => {
    const date = nextDay();
    const first = (await post(admin, booking(date))).json();
    const second = await post(admin, booking(date, { visitor_name: 'Someone Else' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'This time is already booked. Choose another time.', current: { id: first.id, visitor_name: 'Ganesh Patil' } });
    expect((await put(admin, first.id, { ...booking(date), status: 'Cancelled', version: 1 })).statusCode).toBe(200);
    expect((await post(admin, booking(date, { visitor_name: 'Someone Else' }))).statusCode).toBe(201);
  });

  it('should let only one of two bookings of one slot made at once win', async () => {
    const date = nextDay();
    const results = await Promise.all([post(admin, booking(date, { visitor_name: 'A' })), post(admin, booking(date, { visitor_name: 'B' }))]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    expect((await day(admin, date)).json().items).toHaveLength(1);
  });

  it('should answer 400 naming the fields for bad input and a day in the past', async () => {
    const bad = await post(admin, { appointment_date: '2099-02-30', slot: '9 am', purpose: '', kind: 'party', visitor_mobile: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      appointment_date: 'This date does not exist in the calendar',
      slot: 'Choose a time from the list',
      purpose: 'Purpose is required',
      kind: 'Choose meeting or public hearing',
      visitor_mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
    });
    const noVisitor = await post(admin, { appointment_date: nextDay(), slot: '10:00', purpose: 'x' });
    expect(noVisitor.json().fields).toEqual({ visitor_name: 'Choose a voter or write the visitor’s name' });
    const past = await post(admin, booking('2020-01-01'));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.appointment_date).toBe('Choose today or a later day');
    expect((await post(admin, { voter_id: 999_999, appointment_date: nextDay(), slot: '10:00', purpose: 'x' })).statusCode).toBe(404);
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await post(headers, booking(nextDay()))).statusCode).toBe(403);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await post(undefined, booking(nextDay()))).statusCode).toBe(401);
  });
});

describe('GET /api/appointments', () => {
  it('should list a day by time, cancelled bookings included, and nothing of other days', async () => {
    const date = nextDay();
    const late = (await post(admin, booking(date, { slot: '17:45' }))).json();
    const early = (await post(admin, booking(date, { slot: '10:00' }))).json();
    await post(admin, booking(nextDay(), { slot: '10:00' }));
    expect((await day(admin, date)).json().items.map((item: { id: number }) => item.id)).toEqual([early.id, late.id]);
  });

  it('should answer 400 without a valid date', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL, headers: admin })).statusCode).toBe(400);
    expect((await day(admin, '2099-13-01')).statusCode).toBe(400);
  });

  for (const role of ADMIN_ROLES) {
    it(`should answer 200 to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await day(headers, '2099-01-01')).statusCode).toBe(200);
    });
  }
  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await day(headers, '2099-01-01')).statusCode).toBe(403);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await day(undefined, '2099-01-01')).statusCode).toBe(401);
  });
});

describe('PUT /api/appointments/:id', () => {
  it('should move Requested → Confirmed → Done with an audit row each, and refuse a move from Done', async () => {
    const date = nextDay();
    const created = (await post(admin, booking(date))).json();
    const confirmed = await put(admin, created.id, { ...booking(date), status: 'Confirmed', version: 1 });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'Confirmed', version: 2 });
    const done = await put(admin, created.id, { ...booking(date), status: 'Done', notes: 'Tanker sanctioned', version: 2 });
    expect(done.json()).toMatchObject({ status: 'Done', notes: 'Tanker sanctioned', version: 3 });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'UPDATE_APPOINTMENT').where('record_id', '=', String(created.id)).execute();
    expect(audit).toHaveLength(2);
    const back = await put(admin, created.id, { ...booking(date), status: 'Requested', version: 3 });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('This appointment cannot move to that status from where it is now');
  });

  it('should answer 409 with the appointment as it is now when the version is stale', async () => {
    const date = nextDay();
    const created = (await post(admin, booking(date))).json();
    expect((await put(admin, created.id, { ...booking(date), status: 'Confirmed', version: 1 })).statusCode).toBe(200);
    const stale = await put(admin, created.id, { ...booking(date), status: 'Cancelled', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this appointment first. Reload and try again.', current: { status: 'Confirmed', version: 2 } });
  });

  it('should answer 409 when moved onto a taken slot, and move onto a free one', async () => {
    const date = nextDay();
    const holder = (await post(admin, booking(date, { slot: '12:00', visitor_name: 'Holder' }))).json();
    const mover = (await post(admin, booking(date, { slot: '12:15' }))).json();
    const taken = await put(admin, mover.id, { ...booking(date, { slot: '12:00' }), status: 'Requested', version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().current).toMatchObject({ id: holder.id });
    const moved = await put(admin, mover.id, { ...booking(date, { slot: '12:30' }), status: 'Requested', version: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().slot).toBe('12:30');
  });

  it('should answer 404 for an unknown appointment and 400 for bad input', async () => {
    expect((await put(admin, 999_999, { ...booking(nextDay()), status: 'Requested' })).statusCode).toBe(404);
    const created = (await post(admin, booking(nextDay()))).json();
    const bad = await put(admin, created.id, { ...booking(created.appointment_date), status: 'Maybe', visitor_name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ status: 'Choose a status from the list', visitor_name: 'Name is required' });
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const { headers } = await signInAs(t, role);
      const created = (await post(admin, booking(nextDay()))).json();
      expect((await put(headers, created.id, { ...booking(created.appointment_date), status: 'Confirmed' })).statusCode).toBe(403);
    });
  }
});
