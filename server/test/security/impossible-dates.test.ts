import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { voterForm } from '../voters/voter-test-helpers';
import { type Caller, newUserBody, signIn } from './security-fixtures';

// Issue 57: a task due 2027-02-30 and a voter born 2001-02-30 were stored (201): the checks
// were a pattern and Date.parse, which rolls the 30th of February over to 2 March. Every date
// field now goes through one shared schema (shared/time/calendar-date.ts).
const NOT_IN_CALENDAR = 'This date does not exist in the calendar';
let t: TestApp;
let superAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signIn(t, 'Super Admin');
});
afterAll(async () => t.close());

const count = async (table: 'voters' | 'tasks' | 'users') => (await t.ctx.db.selectFrom(table).select('id').execute()).length;

describe(`impossible calendar dates (${testDialect()})`, () => {
  it('should refuse a voter born on 30 February with 400 and store nothing', async () => {
    const before = await count('voters');
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: superAdmin.headers, payload: voterForm({ date_of_birth: '2001-02-30' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_IN_CALENDAR, fields: { date_of_birth: NOT_IN_CALENDAR } });
    expect(await count('voters')).toBe(before);
  });

  it('should refuse a task due on 30 February or starting on 31 April with 400 and store nothing', async () => {
    const before = await count('tasks');
    for (const dates of [{ due_date: '2027-02-30' }, { start_date: '2027-04-31' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: superAdmin.headers, payload: { title: 'Impossible day', assigned_to: superAdmin.user.id, ...dates } });
      expect(response.statusCode, JSON.stringify(dates)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(NOT_IN_CALENDAR);
    }
    expect(await count('tasks')).toBe(before);
  });

  it('should refuse a user born on 29 February of a year without one', async () => {
    const before = await count('users');
    const response = await t.app.inject({ method: 'POST', url: '/api/users', headers: superAdmin.headers, payload: { ...newUserBody(), dob: '1999-02-29' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.dob).toBe(NOT_IN_CALENDAR);
    expect(await count('users')).toBe(before);
  });

  it('should refuse a poll date of 31 June in the settings', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: superAdmin.headers, payload: { poll_date: '2029-06-31' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(NOT_IN_CALENDAR);
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: superAdmin.headers });
    expect(settings.json<{ poll_date: string }>().poll_date).not.toBe('2029-06-31');
  });

  it('should refuse an audit filter on a day that does not exist, as a day or as an instant', async () => {
    for (const query of ['start_date=2026-02-30', 'end_date=2026-02-30T10:00:00Z']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs?${query}`, headers: superAdmin.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(NOT_IN_CALENDAR);
    }
  });

  it('should take 29 February in a leap year', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: superAdmin.headers, payload: voterForm({ date_of_birth: '2004-02-29' }) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ date_of_birth: string }>().date_of_birth).toBe('2004-02-29');
  });
});
