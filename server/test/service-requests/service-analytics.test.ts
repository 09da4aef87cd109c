import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median, sharePercent } from '@shared/service-requests/service-request-analytics';
import { startOfZonedDay, zonedDay } from '@shared/time/zoned-time';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 59 (decision 090): the dashboard's request counts and the analytics section. Each test
// file has its own database, so the figures here are exactly what this file registered.

let t: TestApp;
let office: { authorization: string };
const URL = '/api/service-requests';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  office = (await signInAs(t, 'Super Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

async function register(payload: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const response = await t.app.inject({ method: 'POST', url: URL, headers: office, payload: { citizen_name: 'Analytics Citizen', description: 'Counted', ...payload } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

// A request registered `daysAgo` days ago and resolved `tookDays` later (null: still open).
async function history(id: number, daysAgo: number, tookDays: number | null, status = tookDays === null ? 'New' : 'Resolved') {
  const created = new Date(Date.now() - daysAgo * DAY);
  await t.ctx.db
    .updateTable('service_requests')
    .set({ created_at: created.toISOString(), status, resolved_at: tookDays === null ? null : new Date(created.getTime() + tookDays * DAY).toISOString() })
    .where('id', '=', id)
    .execute();
}

describe('GET /api/service-requests/counts and /analytics', () => {
  beforeAll(async () => {
    // Booth-51 / Loni: two resolved (1 and 3 days), one open and overdue; Booth-52 / Ajani: one
    // resolved in 10 days long ago, one rejected, one open not yet due.
    const a = await register({ category: 'water', booth: 'Booth-51', village: 'Loni' });
    await history(a.id, 2, 1);
    const b = await register({ category: 'water', booth: 'Booth-51', village: 'Loni' });
    await history(b.id, 5, 3);
    await register({ category: 'road', booth: 'Booth-51', village: 'Loni', due_date: '2020-01-01' });
    const d = await register({ category: 'pension', booth: 'Booth-52', village: 'Ajani' });
    await history(d.id, 400, 10);
    const e = await register({ category: 'pension', booth: 'Booth-52', village: 'Ajani' });
    await history(e.id, 3, null, 'Rejected');
    await register({ category: 'road', booth: 'Booth-52', village: 'Ajani', due_date: '2099-01-01' });
  });

  it('should count open, overdue and resolved-this-month requests for the office dashboard', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}/counts`, headers: office });
    expect(response.statusCode).toBe(200);
    const counts = response.json();
    expect(counts.open).toBe(2);
    expect(counts.overdue).toBe(1);
    // Resolved 1, 2 and 390 days ago: the first two count when they fall in the office's month.
    const monthStart = startOfZonedDay(`${zonedDay(new Date(), 'Asia/Kolkata').slice(0, 7)}-01`, 'Asia/Kolkata');
    const resolved = await t.ctx.db.selectFrom('service_requests').select('resolved_at').where('resolved_at', 'is not', null).execute();
    expect(resolved).toHaveLength(3);
    expect(counts.resolved_this_month).toBe(resolved.filter((row) => new Date(row.resolved_at!) >= monthStart).length);
    // One resolved now is counted at once.
    const now = await register({ category: 'water', booth: 'Booth-53' });
    const moved = await t.app.inject({ method: 'POST', url: `${URL}/${now.id}/notes`, headers: office, payload: { status: 'Resolved', version: now.version } });
    expect(moved.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `${URL}/counts`, headers: office })).json();
    expect(after).toEqual({ open: 2, overdue: 1, resolved_this_month: counts.resolved_this_month + 1 });
    await t.ctx.db.deleteFrom('service_requests').where('id', '=', now.id).execute();
  });

  it('should group by category, village and booth with the median days and the share resolved', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}/analytics`, headers: office });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 6, resolved: 3, open: 2, share_resolved: 50, median_days_to_resolve: 3 });
    expect(body.by_category).toEqual([
      { category: 'pension', total: 2, resolved: 1 },
      { category: 'road', total: 2, resolved: 0 },
      { category: 'water', total: 2, resolved: 2 },
    ]);
    expect(body.by_village).toEqual([
      { village: 'Ajani', total: 3, resolved: 1 },
      { village: 'Loni', total: 3, resolved: 2 },
    ]);
    expect(body.by_booth).toEqual([
      { booth: 'Booth-51', total: 3, resolved: 2 },
      { booth: 'Booth-52', total: 3, resolved: 1 },
    ]);
  });

  it('should count only the requests registered between from and to', async () => {
    const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const response = await t.app.inject({ method: 'GET', url: `${URL}/analytics?from=${from}`, headers: office });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 5, resolved: 2, share_resolved: 40, median_days_to_resolve: 2 });
  });

  it("should limit a Supervisor's analytics to their booths", async () => {
    const supervisor = await signInAs(t, 'Supervisor', { booth_access: ['Booth-52'] });
    const response = await t.app.inject({ method: 'GET', url: `${URL}/analytics`, headers: supervisor.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 3, resolved: 1, share_resolved: 33.33, median_days_to_resolve: 10, by_booth: [{ booth: 'Booth-52', total: 3, resolved: 1 }] });
    const none = await signInAs(t, 'Supervisor', { booth_access: [] });
    expect((await t.app.inject({ method: 'GET', url: `${URL}/analytics`, headers: none.headers })).json()).toMatchObject({ total: 0, share_resolved: 0, median_days_to_resolve: null, by_category: [] });
  });

  it('should refuse a Karyakarta the analytics and every field role the counts', async () => {
    const karyakarta = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-52'] });
    expect((await t.app.inject({ method: 'GET', url: `${URL}/analytics`, headers: karyakarta.headers })).statusCode).toBe(403);
    for (const role of ['Supervisor', 'Karyakarta'] as const) {
      const user = await signInAs(t, role, { booth_access: ['Booth-52'] });
      expect((await t.app.inject({ method: 'GET', url: `${URL}/counts`, headers: user.headers })).statusCode).toBe(403);
    }
    const admin = await signInAs(t, 'Admin');
    expect((await t.app.inject({ method: 'GET', url: `${URL}/counts`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/analytics`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/counts` })).statusCode).toBe(401);
  });

  it('should answer 400 when the dates are bad or reversed', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `${URL}/analytics?from=2026-13-01`, headers: office });
    expect(bad.statusCode).toBe(400);
    const reversed = await t.app.inject({ method: 'GET', url: `${URL}/analytics?from=2026-03-02&to=2026-03-01`, headers: office });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to).toBe('The end date must be on or after the start date');
  });
});

describe('median and sharePercent', () => {
  it('should take the middle value, or the mean of the two middle ones, to one decimal', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.04, 0.12])).toBe(0.1);
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
