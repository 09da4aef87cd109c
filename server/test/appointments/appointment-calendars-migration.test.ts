import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateTo, migrateToLatest } from '../../src/db/migrate';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const BEFORE = (() => {
  const names = Object.keys(MIGRATIONS).sort();
  return names[names.indexOf('2026-12-08-068-appointment-calendars') - 1]!;
})();

describe('migration 068 (leaders’ calendars)', () => {
  it('should move the bookings made before calendars into a first calendar that keeps the old day, and step down and up again', async () => {
    await migrateTo(t.ctx.db, BEFORE);
    try {
      const columns = (await t.ctx.db.introspection.getTables()).find((table) => table.name === 'appointments')?.columns.map((column) => column.name);
      expect(columns).not.toContain('calendar_id');
      const now = new Date().toISOString();
      // Bookings as the first form of appointments wrote them (no calendar).
      for (const [slot, status] of [['10:00', 'Confirmed'], ['17:45', 'Requested'], ['10:00', 'Cancelled']] as const) {
        await t.ctx.db
          .insertInto('appointments')
          .values({ kind: 'meeting', appointment_date: '2099-09-14', slot, visitor_name: `Old ${slot} ${status}`, purpose: 'Road', status, created_at: now, updated_at: now } as never)
          .execute();
      }
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    const calendars = (await t.app.inject({ method: 'GET', url: '/api/appointments/calendars', headers: admin })).json().items;
    expect(calendars).toHaveLength(1);
    expect(calendars[0]).toMatchObject({ name: 'Leader', working_days: [1, 2, 3, 4, 5, 6, 7], day_start: '10:00', day_end: '18:00', slot_minutes: 15 });
    const day = (await t.app.inject({ method: 'GET', url: '/api/appointments?date=2099-09-14', headers: admin })).json();
    expect(day.slots).toHaveLength(32);
    expect(day.items.map((item: { slot: string; status: string; calendar_id: number }) => [item.slot, item.status, item.calendar_id])).toEqual([
      ['10:00', 'Confirmed', calendars[0].id],
      ['10:00', 'Cancelled', calendars[0].id],
      ['17:45', 'Requested', calendars[0].id],
    ]);
    // The slot stays held in the first calendar.
    const taken = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: admin, payload: { appointment_date: '2099-09-14', slot: '10:00', visitor_name: 'New', purpose: 'x' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().current.visitor_name).toBe('Old 10:00 Confirmed');
  });
});
