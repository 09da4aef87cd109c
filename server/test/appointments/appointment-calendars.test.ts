import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { weekdayOf } from '@shared/appointments/appointment-calendar';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

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
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | undefined, payload?: Record<string, unknown>) => t.app.inject({ method, url, headers, payload });

let counter = 0;
const unique = () => {
  counter += 1;
  return counter;
};
// A Monday far ahead, and the days after it, so tests never share a day.
const mondayOf = (week: number) => {
  const date = new Date(Date.UTC(2099, 0, 5 + 7 * week));
  return date.toISOString().slice(0, 10);
};
const calendarBody = (overrides: Record<string, unknown> = {}) => ({ name: `MLA ${unique()}`, working_days: [1, 2, 3, 4, 5], day_start: '10:00', day_end: '12:00', slot_minutes: 30, ...overrides });
const newCalendar = async (overrides: Record<string, unknown> = {}) => {
  const response = await inject('POST', `${URL}/calendars`, admin, calendarBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; version: number; name: string }>();
};
const booking = (calendarId: number, date: string, overrides: Record<string, unknown> = {}) => ({ calendar_id: calendarId, visitor_name: 'Sunita Jadhav', appointment_date: date, slot: '10:30', purpose: 'Road to the wadi', ...overrides });

describe('POST /api/appointments/calendars', () => {
  it('should create a calendar with its days and hours and an audit row, and offer its slots on a working day', async () => {
    const response = await inject('POST', `${URL}/calendars`, admin, calendarBody({ name: 'Shri Deshmukh', working_days: [5, 1, 1, 3], reminder_sms: true }));
    expect(response.statusCode).toBe(201);
    const calendar = response.json();
    expect(calendar).toMatchObject({ name: 'Shri Deshmukh', working_days: [1, 3, 5], day_start: '10:00', day_end: '12:00', slot_minutes: 30, reminder_sms: true, blocked_days: [], version: 1 });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CREATE_APPOINTMENT_CALENDAR').where('record_id', '=', String(calendar.id)).execute();
    expect(audit).toHaveLength(1);
    const day = await inject('GET', `${URL}?calendar_id=${calendar.id}&date=${mondayOf(1)}`, admin);
    expect(day.statusCode).toBe(200);
    expect(day.json()).toMatchObject({ closed: null, slots: ['10:00', '10:30', '11:00', '11:30'], items: [], calendar: { id: calendar.id } });
  });

  it('should answer 400 naming the fields for bad input', async () => {
    const bad = await inject('POST', `${URL}/calendars`, admin, { name: '', working_days: [], day_start: '25:00', day_end: '10:00', slot_minutes: 2, reminder_dlt_template_id: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Name is required',
      working_days: 'Choose at least one working day',
      day_start: 'Use a time like 10:00',
      slot_minutes: 'Slot length must be a whole number of minutes from 5 to 240',
      reminder_dlt_template_id: 'DLT template id must be 12 to 19 digits',
    });
    const short = await inject('POST', `${URL}/calendars`, admin, calendarBody({ day_start: '11:00', day_end: '11:20', slot_minutes: 30 }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ day_end: 'The day must end after it starts, with room for one slot' });
    expect((await inject('POST', `${URL}/calendars`, admin, calendarBody({ working_days: [0, 8] }))).json().fields.working_days).toBe('Choose at least one working day');
  });

  it('should answer 409 when the name is taken', async () => {
    const first = await newCalendar();
    const again = await inject('POST', `${URL}/calendars`, admin, calendarBody({ name: first.name }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'A calendar with this name already exists', fields: { name: 'A calendar with this name already exists' } });
  });

  for (const role of ADMIN_ROLES) {
    it(`should let a ${role} create one`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await inject('POST', `${URL}/calendars`, headers, calendarBody())).statusCode).toBe(201);
    });
  }
  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await inject('POST', `${URL}/calendars`, headers, calendarBody())).statusCode).toBe(403);
    });
  }
  it('should answer 401 when signed out', async () => {
    expect((await inject('POST', `${URL}/calendars`, undefined, calendarBody())).statusCode).toBe(401);
  });
});

describe('GET /api/appointments/calendars', () => {
  for (const role of ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const) {
    it(`should list the calendars, the first one first, to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      const response = await inject('GET', `${URL}/calendars`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().items[0]).toMatchObject({ name: 'Leader', working_days: [1, 2, 3, 4, 5, 6, 7], day_start: '10:00', day_end: '18:00', slot_minutes: 15, reminder_sms: false });
    });
  }
  it('should answer 401 when signed out', async () => {
    expect((await inject('GET', `${URL}/calendars`, undefined)).statusCode).toBe(401);
  });
});

describe('PUT /api/appointments/calendars/:id', () => {
  it('should change a calendar from its version with an audit row, and answer 409 with the calendar when stale', async () => {
    const calendar = await newCalendar();
    const changed = await inject('PUT', `${URL}/calendars/${calendar.id}`, admin, calendarBody({ name: calendar.name, slot_minutes: 15, version: 1 }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ slot_minutes: 15, version: 2 });
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'UPDATE_APPOINTMENT_CALENDAR').where('record_id', '=', String(calendar.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}').changed).toEqual(['slot_minutes']);
    const stale = await inject('PUT', `${URL}/calendars/${calendar.id}`, admin, calendarBody({ name: calendar.name, version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this calendar first. Reload and try again.', current: { slot_minutes: 15, version: 2 } });
  });

  it('should refuse new hours that a booking from today on would not fit, and take hours that keep it', async () => {
    const calendar = await newCalendar();
    expect((await inject('POST', URL, admin, booking(calendar.id, mondayOf(2), { slot: '11:30' }))).statusCode).toBe(201);
    const shorter = await inject('PUT', `${URL}/calendars/${calendar.id}`, admin, calendarBody({ name: calendar.name, day_end: '11:30', version: 1 }));
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().message).toBe('Bookings from today on would not fit these hours: move or cancel them first');
    const longer = await inject('PUT', `${URL}/calendars/${calendar.id}`, admin, calendarBody({ name: calendar.name, day_end: '13:00', slot_minutes: 15, version: 1 }));
    expect(longer.statusCode).toBe(200);
  });

  it('should answer 404 for an unknown calendar and 400 for bad input', async () => {
    expect((await inject('PUT', `${URL}/calendars/999999`, admin, calendarBody())).statusCode).toBe(404);
    expect((await inject('PUT', `${URL}/calendars/abc`, admin, calendarBody())).statusCode).toBe(400);
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const calendar = await newCalendar();
      const { headers } = await signInAs(t, role);
      expect((await inject('PUT', `${URL}/calendars/${calendar.id}`, headers, calendarBody())).statusCode).toBe(403);
    });
  }
});

describe('working days, slots and calendars in bookings', () => {
  it('should refuse a booking on a weekday the leader does not work, and a time the calendar does not offer', async () => {
    const calendar = await newCalendar();
    const saturday = mondayOf(3).replace(/\d\d$/, (day) => String(Number(day) + 5).padStart(2, '0'));
    expect(weekdayOf(saturday)).toBe(6);
    const closed = await inject('POST', URL, admin, booking(calendar.id, saturday));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields).toEqual({ appointment_date: 'The leader does not work on this day. Choose another day.' });
    expect((await inject('GET', `${URL}?calendar_id=${calendar.id}&date=${saturday}`, admin)).json()).toMatchObject({ closed: { kind: 'not-working' }, slots: [] });
    const offGrid = await inject('POST', URL, admin, booking(calendar.id, mondayOf(3), { slot: '10:15' }));
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().fields).toEqual({ slot: 'Choose a time from the list' });
    expect((await inject('POST', URL, admin, booking(calendar.id, mondayOf(3), { slot: '12:00' }))).statusCode).toBe(400);
  });

  it('should let two calendars hold the same time, and answer 409 with the holder within one calendar', async () => {
    const one = await newCalendar();
    const two = await newCalendar();
    const day = mondayOf(4);
    const first = await inject('POST', URL, admin, booking(one.id, day));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ calendar_id: one.id });
    expect((await inject('POST', URL, admin, booking(two.id, day))).statusCode).toBe(201);
    const taken = await inject('POST', URL, admin, booking(one.id, day, { visitor_name: 'Second Desk' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'This time is already booked. Choose another time.', current: { id: first.json().id, calendar_id: one.id } });
    expect((await inject('GET', `${URL}?calendar_id=${two.id}&date=${day}`, admin)).json().items).toHaveLength(1);
  });

  it('should let only one of two desks booking one calendar slot at once win, the other getting 409 with the winner', async () => {
    const calendar = await newCalendar();
    const day = mondayOf(5);
    const results = await Promise.all([inject('POST', URL, admin, booking(calendar.id, day, { visitor_name: 'Desk A' })), inject('POST', URL, admin, booking(calendar.id, day, { visitor_name: 'Desk B' }))]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((result) => result.statusCode === 201)!.json();
    expect(results.find((result) => result.statusCode === 409)!.json().current).toMatchObject({ id: winner.id, visitor_name: winner.visitor_name });
  });

  it('should keep a checked-in booking on its slot and refuse a move onto a day off', async () => {
    const calendar = await newCalendar();
    const day = mondayOf(6);
    const created = (await inject('POST', URL, admin, booking(calendar.id, day))).json();
    const fields = booking(calendar.id, day);
    expect((await inject('PUT', `${URL}/${created.id}`, admin, { ...fields, status: 'Confirmed', version: 1 })).statusCode).toBe(200);
    const checkedIn = await inject('PUT', `${URL}/${created.id}`, admin, { ...fields, status: 'Checked in', version: 2 });
    expect(checkedIn.json()).toMatchObject({ status: 'Checked in', version: 3 });
    expect((await inject('POST', URL, admin, booking(calendar.id, day, { visitor_name: 'Other' }))).statusCode).toBe(409);
    const sunday = mondayOf(6).replace(/\d\d$/, (value) => String(Number(value) + 6).padStart(2, '0'));
    const moved = await inject('PUT', `${URL}/${created.id}`, admin, { ...fields, appointment_date: sunday, status: 'Checked in', version: 3 });
    expect(moved.statusCode).toBe(400);
    expect((await inject('PUT', `${URL}/${created.id}`, admin, { ...fields, status: 'Done', version: 3 })).json().status).toBe('Done');
  });

  it('should answer 404 for an unknown calendar or service request, and link a request', async () => {
    expect((await inject('POST', URL, admin, booking(999999, mondayOf(7)))).statusCode).toBe(404);
    expect((await inject('GET', `${URL}?calendar_id=999999&date=${mondayOf(7)}`, admin)).statusCode).toBe(404);
    const calendar = await newCalendar();
    const missing = await inject('POST', URL, admin, booking(calendar.id, mondayOf(7), { service_request_id: 999999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ service_request_id: 'Service request not found' });
    const request = await inject('POST', '/api/service-requests', admin, { citizen_name: 'Sunita Jadhav', category: 'water', description: 'No water', booth: 'Booth-01' });
    expect(request.statusCode).toBe(201);
    const linked = await inject('POST', URL, admin, booking(calendar.id, mondayOf(7), { service_request_id: request.json().id }));
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ service_request_id: request.json().id, service_request_receipt: request.json().receipt_no });
  });
});

describe('POST and DELETE /api/appointments/calendars/:id/blocked-days', () => {
  it('should block a day with its reason and count the bookings on it, close the day, then open it again', async () => {
    const calendar = await newCalendar();
    const day = mondayOf(8);
    expect((await inject('POST', URL, admin, booking(calendar.id, day))).statusCode).toBe(201);
    const blocked = await inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, admin, { blocked_date: day, reason: 'Assembly session' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ blocked_date: day, reason: 'Assembly session', bookings: 1, created_by_name: 'Office Desk' });
    const view = (await inject('GET', `${URL}?calendar_id=${calendar.id}&date=${day}`, admin)).json();
    expect(view).toMatchObject({ closed: { kind: 'blocked', reason: 'Assembly session' }, slots: [] });
    expect(view.items).toHaveLength(1);
    const refused = await inject('POST', URL, admin, booking(calendar.id, day, { slot: '11:00' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ appointment_date: 'This day is blocked: Assembly session' });
    expect((await inject('GET', `${URL}/calendars`, admin)).json().items.find((item: { id: number }) => item.id === calendar.id).blocked_days).toMatchObject([{ blocked_date: day }]);
    const again = await inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, admin, { blocked_date: day, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await inject('DELETE', `${URL}/calendars/${calendar.id}/blocked-days/${blocked.json().id}`, admin)).statusCode).toBe(204);
    expect((await inject('POST', URL, admin, booking(calendar.id, day, { slot: '11:00' }))).statusCode).toBe(201);
    const actions = await t.ctx.db.selectFrom('audit_logs').select('action').where('table_name', '=', 'appointment_blocked_days').where('record_id', '=', String(blocked.json().id)).execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['BLOCK_APPOINTMENT_DAY', 'UNBLOCK_APPOINTMENT_DAY']);
  });

  it('should let one of two desks blocking one day at once win', async () => {
    const calendar = await newCalendar();
    const day = mondayOf(9);
    const results = await Promise.all([1, 2].map((n) => inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, admin, { blocked_date: day, reason: `Desk ${n}` })));
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
  });

  it('should answer 400 for a past day or bad input and 404 for unknown ids', async () => {
    const calendar = await newCalendar();
    const past = await inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, admin, { blocked_date: '2020-01-01', reason: 'Leave' });
    expect(past.json().fields).toEqual({ blocked_date: 'Choose today or a later day' });
    const bad = await inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, admin, { blocked_date: '2099-02-30', reason: '' });
    expect(bad.json().fields).toMatchObject({ blocked_date: 'This date does not exist in the calendar', reason: 'Reason is required' });
    expect((await inject('POST', `${URL}/calendars/999999/blocked-days`, admin, { blocked_date: mondayOf(9), reason: 'Leave' })).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}/calendars/${calendar.id}/blocked-days/999999`, admin)).statusCode).toBe(404);
  });

  for (const role of ['Supervisor', 'Karyakarta'] as const) {
    it(`should refuse a ${role} with 403`, async () => {
      const calendar = await newCalendar();
      const { headers } = await signInAs(t, role);
      expect((await inject('POST', `${URL}/calendars/${calendar.id}/blocked-days`, headers, { blocked_date: mondayOf(10), reason: 'Leave' })).statusCode).toBe(403);
      expect((await inject('DELETE', `${URL}/calendars/${calendar.id}/blocked-days/1`, headers)).statusCode).toBe(403);
    });
  }
});
