import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const URL = '/api/appointments/tokens';
const post = (headers: Headers | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: URL, headers, payload });
const put = (headers: Headers | undefined, id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers, payload });
const queue = (headers: Headers | undefined, date: string, calendarId?: number) => t.app.inject({ method: 'GET', url: `${URL}?date=${date}${calendarId ? `&calendar_id=${calendarId}` : ''}`, headers });

// Each test on its own far-future day: token numbers start at 1 on each.
let dayCounter = 0;
const nextDay = () => {
  dayCounter += 1;
  return `2099-04-${String(dayCounter).padStart(2, '0')}`;
};
const walkIn = (date: string, overrides: Record<string, unknown> = {}) => ({ token_date: date, visitor_name: 'Ramesh Pawar', visitor_mobile: '9822033333', purpose: 'Crop loss panchnama', ...overrides });

describe('POST /api/appointments/tokens', () => {
  it('should give the next token number of the day with an audit row, checked in unless registered ahead', async () => {
    const date = nextDay();
    const first = await post(admin, walkIn(date));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ token_number: 1, status: 'Checked in', visitor_name: 'Ramesh Pawar', created_by_name: 'Office Desk', version: 1 });
    expect(first.json().checked_in_at).not.toBeNull();
    const second = await post(admin, walkIn(date, { visitor_name: 'Asha Kale', present: false }));
    expect(second.json()).toMatchObject({ token_number: 2, status: 'Registered', checked_in_at: null });
    expect((await post(admin, walkIn(nextDay()))).json().token_number).toBe(1);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CREATE_APPOINTMENT_TOKEN').where('record_id', '=', String(first.json().id)).execute();
    expect(audit[0]?.record_name).toBe(`${date} #1 Ramesh Pawar`);
    expect((await queue(admin, date)).json().items.map((item: { token_number: number }) => item.token_number)).toEqual([1, 2]);
  });

  it('should never give two desks the same number when they register at once', async () => {
    const date = nextDay();
    const results = await Promise.all(Array.from({ length: 12 }, (_, index) => post(admin, walkIn(date, { visitor_name: `Walk-in ${index}` }))));
    expect(results.map((result) => result.statusCode)).toEqual(Array(12).fill(201));
    expect(results.map((result) => result.json().token_number).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  it('should count each calendar on its own', async () => {
    const date = nextDay();
    const calendar = await t.app.inject({ method: 'POST', url: '/api/appointments/calendars', headers: admin, payload: { name: 'MP Sahib', working_days: [1, 2, 3, 4, 5, 6, 7], day_start: '10:00', day_end: '17:00', slot_minutes: 20 } });
    await post(admin, walkIn(date));
    const other = await post(admin, walkIn(date, { calendar_id: calendar.json().id }));
    expect(other.json()).toMatchObject({ token_number: 1, calendar_id: calendar.json().id });
  });

  it('should take a voter’s name and booth from the roll and answer 400 for bad input, a past day or a day off', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Vitthal More', mobile_number: '9876500001', booth: 'Booth-07' });
    const fromRoll = await post(admin, { token_date: nextDay(), voter_id: voter.id, purpose: 'Pension' });
    expect(fromRoll.json()).toMatchObject({ voter_id: voter.id, visitor_name: 'Vitthal More', visitor_mobile: '9876500001', booth: 'Booth-07' });
    const bad = await post(admin, { token_date: '2099-02-30', purpose: '', visitor_mobile: '12', present: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ token_date: 'This date does not exist in the calendar', purpose: 'Purpose is required', visitor_mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9' });
    expect((await post(admin, { token_date: nextDay(), purpose: 'x' })).json().fields).toEqual({ visitor_name: 'Choose a voter or write the visitor’s name' });
    expect((await post(admin, walkIn('2020-01-01'))).json().fields).toEqual({ token_date: 'Choose today or a later day' });
    const date = nextDay();
    const calendar = (await t.app.inject({ method: 'GET', url: '/api/appointments/calendars', headers: admin })).json().items[0];
    await t.app.inject({ method: 'POST', url: `/api/appointments/calendars/${calendar.id}/blocked-days`, headers: admin, payload: { blocked_date: date, reason: 'Leave' } });
    expect((await post(admin, walkIn(date))).json().fields).toEqual({ token_date: 'This day is blocked: Leave' });
    expect((await post(admin, walkIn(nextDay(), { calendar_id: 999999 }))).statusCode).toBe(404);
  });

  it('should let a Karyakarta give tokens to a citizen off the roll and to voters of their booths only', async () => {
    const { headers } = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-03'] });
    const date = nextDay();
    expect((await post(headers, walkIn(date))).statusCode).toBe(201);
    const own = await seedVoter(t.ctx, { booth: 'Booth-03' });
    const other = await seedVoter(t.ctx, { booth: 'Booth-04' });
    expect((await post(headers, { token_date: date, voter_id: own.id, purpose: 'Ration card' })).statusCode).toBe(201);
    expect((await post(headers, { token_date: date, voter_id: other.id, purpose: 'Ration card' })).statusCode).toBe(404);
  });

  it('should answer 401 when signed out', async () => {
    expect((await post(undefined, walkIn(nextDay()))).statusCode).toBe(401);
  });
});

describe('GET /api/appointments/tokens', () => {
  for (const role of ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const) {
    it(`should show the queue in token order to a ${role}, a field user seeing only their own tokens’ mobiles`, async () => {
      const date = nextDay();
      const { headers } = await signInAs(t, role, { booth_access: ['Booth-01'] });
      await post(admin, walkIn(date, { visitor_name: 'By Office' }));
      await post(headers, walkIn(date, { visitor_name: 'By Caller' }));
      const response = await queue(headers, date);
      expect(response.statusCode).toBe(200);
      const items = response.json().items;
      expect(items.map((item: { visitor_name: string }) => item.visitor_name)).toEqual(['By Office', 'By Caller']);
      const field = role === 'Supervisor' || role === 'Karyakarta';
      expect(items[0].visitor_mobile).toBe(field ? null : '9822033333');
      expect(items[1].visitor_mobile).toBe('9822033333');
    });
  }
  it('should answer 400 without a valid date and 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL, headers: admin })).statusCode).toBe(400);
    expect((await queue(undefined, nextDay())).statusCode).toBe(401);
  });
});

describe('PUT /api/appointments/tokens/:id', () => {
  it('should move a token Checked in → Called → Done stamping each time, with audit rows, and refuse a move from Done', async () => {
    const token = (await post(admin, walkIn(nextDay()))).json();
    const called = await put(admin, token.id, { status: 'Called', version: 1 });
    expect(called.statusCode).toBe(200);
    expect(called.json()).toMatchObject({ status: 'Called', version: 2 });
    expect(called.json().called_at).not.toBeNull();
    const done = await put(admin, token.id, { status: 'Done', version: 2 });
    expect(done.json()).toMatchObject({ status: 'Done', version: 3 });
    expect(done.json().finished_at).not.toBeNull();
    const back = await put(admin, token.id, { status: 'Checked in', version: 3 });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('This token cannot move to that status from where it is now');
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'UPDATE_APPOINTMENT_TOKEN').where('record_id', '=', String(token.id)).execute();
    expect(audit).toHaveLength(2);
  });

  it('should answer 409 with the token as it is now when the version is stale, and let one of two desks calling at once win', async () => {
    const token = (await post(admin, walkIn(nextDay(), { present: false }))).json();
    expect((await put(admin, token.id, { status: 'Checked in', version: 1 })).statusCode).toBe(200);
    const stale = await put(admin, token.id, { status: 'No-show', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Someone else changed this token first. Reload and try again.', current: { status: 'Checked in', version: 2 } });
    const results = await Promise.all([put(admin, token.id, { status: 'Called', version: 2 }), put(admin, token.id, { status: 'No-show', version: 2 })]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
  });

  it('should let a Supervisor call a token, and answer 404 for an unknown token and 400 for a bad status', async () => {
    const token = (await post(admin, walkIn(nextDay()))).json();
    const { headers } = await signInAs(t, 'Supervisor');
    expect((await put(headers, token.id, { status: 'Called', version: 1 })).statusCode).toBe(200);
    expect((await put(admin, 999999, { status: 'Called' })).statusCode).toBe(404);
    expect((await put(admin, token.id, { status: 'Maybe' })).json().fields).toEqual({ status: 'Choose a status from the list' });
    expect((await put(undefined, token.id, { status: 'Done' })).statusCode).toBe(401);
  });
});
