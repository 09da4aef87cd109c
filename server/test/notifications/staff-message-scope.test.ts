import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';

// Issue 60: field roles message the office, their Supervisors and their own booths' staff;
// staff SMS are limited in parts, not characters.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const send = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/notifications/send', headers, payload });
const OUTSIDE = /^You can message only the office, your Supervisors and the staff of your own booths: 1 of the chosen people is outside them$/;

describe('POST /api/notifications/send by field roles', () => {
  it('should let a Karyakarta message the office, the Supervisors of their booth and its other Karyakartas', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-101'] });
    const recipients = [
      await createUser(t.ctx, { role: 'Super Admin' }),
      await createUser(t.ctx, { role: 'Admin' }),
      await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Booth-100', 'Booth-101'] }),
      await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Admin'] }),
      await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-101'] }),
    ];
    for (const recipient of recipients) {
      const response = await send(worker.headers, { message: 'Slips are ready', recipients: [recipient.id] });
      expect(response.statusCode, recipient.role).toBe(201);
    }
  });

  it('should answer 403 when a Karyakarta messages a Supervisor or Karyakarta of another booth, and send nothing', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-102'] });
    const colleague = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-102'] });
    for (const role of ['Supervisor', 'Karyakarta'] as Role[]) {
      const outsider = await createUser(t.ctx, { role, booth_access: ['Booth-103'] });
      const response = await send(worker.headers, { message: 'Hello', recipients: [colleague.id, outsider.id] });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(OUTSIDE);
    }
    const none = await t.ctx.db.selectFrom('notifications').select('id').where('sender_id', '=', worker.user.id).execute();
    expect(none).toEqual([]);
  });

  it('should answer 403 when a Karyakarta without a booth messages a field role, and allow the office', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: [] });
    const everywhere = await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Admin'] });
    expect((await send(worker.headers, { message: 'Hello', recipients: [everywhere.id] })).statusCode).toBe(403);
    const admin = await createUser(t.ctx, { role: 'Admin' });
    expect((await send(worker.headers, { message: 'Hello', recipients: [admin.id] })).statusCode).toBe(201);
  });

  it('should let a Supervisor message staff of any of their booths and the office, and answer 403 for another booth', async () => {
    const supervisor = await signInAs(t, 'Supervisor', { booth_access: ['Booth-104', 'Booth-105'] });
    const inSecond = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-105'] });
    const peer = await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Booth-104'] });
    const admin = await createUser(t.ctx, { role: 'Admin' });
    expect((await send(supervisor.headers, { message: 'Meeting at 5', recipients: [inSecond.id, peer.id, admin.id] })).statusCode).toBe(201);
    const elsewhere = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-106'] });
    const refused = await send(supervisor.headers, { message: 'Meeting at 5', recipients: [elsewhere.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(OUTSIDE);
  });

  it('should let a Supervisor with every booth message any field user with a booth', async () => {
    const supervisor = await signInAs(t, 'Supervisor', { booth_access: ['Admin'] });
    const far = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-390'] });
    expect((await send(supervisor.headers, { message: 'Hi', recipients: [far.id] })).statusCode).toBe(201);
  });

  for (const role of ['Super Admin', 'Admin'] as Role[]) {
    it(`should let a ${role} message field staff of any booth`, async () => {
      const office = await signInAs(t, role);
      const a = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-201'] });
      const b = await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Booth-202'] });
      const c = await createUser(t.ctx, { role: 'Karyakarta', booth_access: [] });
      expect((await send(office.headers, { message: 'Hi', recipients: [a.id, b.id, c.id] })).statusCode).toBe(201);
    });
  }
});

describe('staff SMS parts quota', () => {
  it('should count parts, not characters, and answer 429 with the parts left when a Karyakarta passes 100 parts an hour', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-110'] });
    const colleagues = [];
    for (let i = 0; i < 30; i += 1) colleagues.push(await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-110'], mobile: `98765${String(10000 + i)}` }));
    // 150 Devanagari letters: 3 Unicode parts each, 90 parts.
    const marathi = await send(worker.headers, { message: 'म'.repeat(150), recipients: colleagues.map((user) => user.id) });
    expect(marathi.statusCode).toBe(201);
    // 160 GSM-7 characters are one part: 10 more, exactly the quota.
    const english = await send(worker.headers, { message: 'a'.repeat(160), recipients: colleagues.slice(0, 10).map((user) => user.id) });
    expect(english.statusCode).toBe(201);
    const over = await send(worker.headers, { message: 'One more', recipients: [colleagues[0]!.id] });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('This message needs 1 SMS parts and you have 0 of your 100 parts an hour left. Send it to fewer people or make it shorter, or try again in 60 minutes.');
  });

  it('should not count recipients without a mobile, and refuse a single send above the hourly quota', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-111'] });
    const noMobile = [];
    for (let i = 0; i < 40; i += 1) noMobile.push(await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-111'], mobile: null }));
    expect((await send(worker.headers, { message: 'म'.repeat(150), recipients: noMobile.map((user) => user.id) })).statusCode).toBe(201);
    const withMobile = [];
    for (let i = 0; i < 34; i += 1) withMobile.push(await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-111'], mobile: `98766${String(10000 + i)}` }));
    const tooMany = await send(worker.headers, { message: 'म'.repeat(150), recipients: withMobile.map((user) => user.id) });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe('This message needs 102 SMS parts, more than your 100 parts an hour: send it to fewer people or make it shorter.');
  });

  it('should free parts as sends leave the hour', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-112'] });
    const colleagues = [];
    for (let i = 0; i < 25; i += 1) colleagues.push(await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-112'], mobile: `98767${String(10000 + i)}` }));
    const ids = colleagues.map((user) => user.id);
    const first = await send(worker.headers, { message: 'म'.repeat(150), recipients: ids });
    expect(first.statusCode).toBe(201);
    // The first send (75 parts) was 50 minutes ago: it leaves the hour in 10 minutes.
    await t.ctx.db.updateTable('notifications').set({ created_at: new Date(Date.now() - 50 * 60_000).toISOString() }).where('id', '=', first.json()._id).execute();
    const waiting = await send(worker.headers, { message: 'म'.repeat(150), recipients: ids.slice(0, 10) });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/you have 25 of your 100 parts an hour left.*try again in (10|11) minutes\.$/);
    await t.ctx.db.updateTable('notifications').set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() }).where('id', '=', first.json()._id).execute();
    expect((await send(worker.headers, { message: 'म'.repeat(150), recipients: ids.slice(0, 10) })).statusCode).toBe(201);
  });
});

describe('GET /api/notifications/recipients', () => {
  it('should offer a Karyakarta only the staff they may message', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-120'] });
    const mine = await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Booth-120'] });
    const other = await createUser(t.ctx, { role: 'Supervisor', booth_access: ['Booth-121'] });
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Supervisor', headers: worker.headers });
    expect(response.statusCode).toBe(200);
    const ids = response.json<{ id: number; username?: string }[]>().map((user) => user.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(response.json<{ username?: string }[]>().every((user) => user.username === undefined)).toBe(true);
    const office = await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Admin', headers: worker.headers });
    expect(office.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('should offer an Admin every active user of the role but themselves, with usernames', async () => {
    const admin = await signInAs(t, 'Admin');
    const far = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-300'] });
    const users = (await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Karyakarta', headers: admin.headers })).json<{ id: number; username?: string }[]>();
    expect(users.find((user) => user.id === far.id)?.username).toBe(far.username);
    const admins = (await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Admin', headers: admin.headers })).json<{ id: number }[]>();
    expect(admins.map((user) => user.id)).not.toContain(admin.user.id);
  });

  it('should answer 400 for an unknown role and 401 when signed out', async () => {
    const worker = await signInAs(t, 'Karyakarta');
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Voter', headers: worker.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Role must be one of/);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/recipients?role=Admin' })).statusCode).toBe(401);
  });
});
