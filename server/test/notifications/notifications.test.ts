import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ALL_ROLES } from '@shared/auth/roles';
import { migrateTo, migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import { createFast2SmsGateway } from '../../src/features/notifications/sms/fast2sms-gateway';
import { createSmsDispatcher } from '../../src/features/notifications/sms/sms-dispatcher';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';
import { testDialect } from '../support/test-database';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
let fake: FakeSmsServer;
const SUCCESS = { status: 200, body: { return: true, request_id: 'req-1' } };

beforeAll(async () => {
  fake = await startFakeSmsServer();
  t = await createTestApp({ smsGateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.script([SUCCESS]);
});

type Headers = { authorization: string };
const send = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/notifications/send', headers, payload });
const getJson = async <T>(url: string, headers: Headers) => (await t.app.inject({ method: 'GET', url, headers })).json() as T;

describe('POST /api/notifications/send', () => {
  it('should create an in-app notification per recipient, queue their SMS and write a SEND_SMS audit row', async () => {
    const sender = await signInAs(t, 'Admin');
    const a = await createUser(t.ctx, { role: 'Karyakarta', mobile: '9876500001' });
    const b = await createUser(t.ctx, { role: 'Karyakarta', mobile: '9876500002' });
    const response = await send(sender.headers, { message: 'Meeting at 5 pm', recipients: [a.id, b.id], type: 'manual' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'SMS sent successfully!', recipients: 2 });
    const id = response.json()._id as number;

    const logs = await getJson<{ _id: number; recipients: number[]; readBy: number[]; deliveries: { sms_status: string }[] }[]>('/api/notifications/logs', sender.headers);
    const log = logs.find((entry) => entry._id === id);
    expect(log?.recipients.sort()).toEqual([a.id, b.id].sort());
    expect(log?.readBy).toEqual([]);
    expect(log?.deliveries.map((delivery) => delivery.sms_status)).toEqual(['queued', 'queued']);

    expect(await t.ctx.sms.runOnce()).toBe(2);
    expect(fake.requests.map((request) => JSON.parse(request.body).numbers).sort()).toEqual(['9876500001', '9876500002']);
    const after = (await getJson<{ _id: number; deliveries: { sms_status: string }[] }[]>('/api/notifications/logs', sender.headers)).find((entry) => entry._id === id);
    expect(after?.deliveries.map((delivery) => delivery.sms_status)).toEqual(['sent', 'sent']);

    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_SMS').where('record_id', '=', String(id)).executeTakeFirstOrThrow();
    // One GSM-7 part each at the default price of 25 paise a part.
    expect(JSON.parse(audit.details ?? '{}')).toEqual({ recipients: 2, sms: 2, encoding: 'gsm7', parts_each: 1, parts: 2, estimated_cost_paise: 50 });
    expect(audit.user_id).toBe(sender.user.id);
  });

  it('should count a Marathi message as Unicode parts in the audit row and refuse 161 septets', async () => {
    const sender = await signInAs(t, 'Admin');
    const a = await createUser(t.ctx, { role: 'Karyakarta', mobile: '9876500011' });
    // 80 Devanagari units: Unicode, two parts of at most 67.
    const marathi = 'म'.repeat(80);
    const response = await send(sender.headers, { message: marathi, recipients: [a.id] });
    expect(response.statusCode).toBe(201);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_SMS').where('record_id', '=', String(response.json()._id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ encoding: 'unicode', parts_each: 2, parts: 2, estimated_cost_paise: 50 });
    expect(await t.ctx.sms.runOnce()).toBe(1);
    expect(JSON.parse(fake.requests[0]?.body ?? '{}')).toMatchObject({ language: 'unicode' });
    // 159 letters and a euro sign are 161 septets: over the 160.
    const euro = await send(sender.headers, { message: `${'a'.repeat(159)}€`, recipients: [a.id] });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().message).toBe('A message can be at most 160 characters');
  });

  it('should tell every signed-in role the price of one part', async () => {
    for (const role of ALL_ROLES) {
      const { headers } = await signInAs(t, role);
      expect(await getJson('/api/notifications/sms-pricing', headers)).toEqual({ price_paise_per_part: 25, whatsapp_price_paise: null });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/sms-pricing' })).statusCode).toBe(401);
  });

  it('should use the spec messages for a blank message and no recipients', async () => {
    const sender = await signInAs(t, 'Supervisor');
    const blank = await send(sender.headers, { message: '  ', recipients: [1] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a message');
    const none = await send(sender.headers, { message: 'Hi', recipients: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a role and at least one user');
    const long = await send(sender.headers, { message: 'x'.repeat(161), recipients: [1] });
    expect(long.statusCode).toBe(400);
  });

  it('should refuse the sender as a recipient and inactive or unknown users', async () => {
    const sender = await signInAs(t, 'Admin');
    const inactive = await createUser(t.ctx, { is_active: false });
    const self = await send(sender.headers, { message: 'Hi', recipients: [sender.user.id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot send a notification to yourself');
    for (const id of [inactive.id, 987_654]) {
      const response = await send(sender.headers, { message: 'Hi', recipients: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Every recipient must be an active user');
    }
  });

  it('should send in-app only when the sms_notifications setting is off', async () => {
    await t.ctx.db.insertInto('settings').values({ key: 'sms_notifications', value: 'false', updated_at: new Date().toISOString() }).execute();
    try {
      const sender = await signInAs(t, 'Admin');
      const recipient = await signInAs(t, 'Karyakarta');
      const id = (await send(sender.headers, { message: 'In-app only', recipients: [recipient.user.id] })).json()._id as number;
      await t.ctx.sms.runOnce();
      expect(fake.requests).toHaveLength(0);
      const log = (await getJson<{ _id: number; deliveries: { sms_status: string; sms_error: string }[] }[]>('/api/notifications/logs', sender.headers)).find((entry) => entry._id === id);
      expect(log?.deliveries[0]).toMatchObject({ sms_status: 'skipped', sms_error: 'SMS notifications are switched off' });
      expect((await getJson<{ _id: number }[]>('/api/notifications/my', recipient.headers)).map((entry) => entry._id)).toContain(id);
    } finally {
      await t.ctx.db.deleteFrom('settings').where('key', '=', 'sms_notifications').execute();
    }
  });

  it('should answer 429 when one sender sends too many messages in a minute', async () => {
    const sender = await signInAs(t, 'Admin');
    const recipient = await createUser(t.ctx);
    for (let i = 0; i < 10; i += 1) expect((await send(sender.headers, { message: `Note ${i}`, recipients: [recipient.id] })).statusCode).toBe(201);
    const limited = await send(sender.headers, { message: 'One too many', recipients: [recipient.id] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You are sending messages too quickly\. Please wait .+ and try again\.$/);
    // Another sender is not affected.
    const other = await signInAs(t, 'Admin');
    expect((await send(other.headers, { message: 'Mine', recipients: [recipient.id] })).statusCode).toBe(201);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/send', payload: { message: 'x', recipients: [1] } })).statusCode).toBe(401);
  });
});

describe('SMS delivery failures', () => {
  it('should keep the in-app notification, retry with back-off, and mark the SMS failed after the last attempt', async () => {
    const sender = await signInAs(t, 'Admin');
    const recipient = await signInAs(t, 'Karyakarta', { mobile: '9876511111' });
    const id = (await send(sender.headers, { message: 'Flaky gateway', recipients: [recipient.user.id] })).json()._id as number;
    let now = new Date('2026-11-21T10:00:00Z');
    const dispatcher = createSmsDispatcher({
      db: t.ctx.db,
      gateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }),
      log: () => {},
      clock: () => now,
      maxAttempts: 3,
      baseDelayMs: 60_000,
    });
    fake.script([{ status: 503, body: { return: false, message: 'Service busy' } }]);
    const delivery = async () => {
      const logs = await getJson<{ _id: number; deliveries: { sms_status: string; sms_error: string | null; sms_attempts: number }[] }[]>('/api/notifications/logs', sender.headers);
      return logs.find((entry) => entry._id === id)?.deliveries[0];
    };

    await dispatcher.runOnce();
    expect(await delivery()).toMatchObject({ sms_status: 'queued', sms_attempts: 1, sms_error: 'Fast2SMS: Service busy' });
    // Not due again until the back-off (1 minute) has passed.
    now = new Date(now.getTime() + 30_000);
    await dispatcher.runOnce();
    expect((await delivery())?.sms_attempts).toBe(1);
    now = new Date(now.getTime() + 31_000);
    await dispatcher.runOnce();
    expect((await delivery())?.sms_attempts).toBe(2);
    // Second back-off is 2 minutes; the third attempt is the last.
    now = new Date(now.getTime() + 120_000);
    await dispatcher.runOnce();
    expect(await delivery()).toMatchObject({ sms_status: 'failed', sms_attempts: 3, sms_error: 'Fast2SMS: Service busy' });
    expect(fake.requests.filter((request) => JSON.parse(request.body).numbers === '9876511111')).toHaveLength(3);

    const mine = await getJson<{ _id: number; message: string }[]>('/api/notifications/my', recipient.headers);
    expect(mine.find((entry) => entry._id === id)?.message).toBe('Flaky gateway');
  });

  it('should mark the SMS sent when a retry succeeds', async () => {
    const sender = await signInAs(t, 'Admin');
    const recipient = await createUser(t.ctx, { mobile: '9876522222' });
    const id = (await send(sender.headers, { message: 'Second time lucky', recipients: [recipient.id] })).json()._id as number;
    let now = new Date('2026-11-21T11:00:00Z');
    const dispatcher = createSmsDispatcher({ db: t.ctx.db, gateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }), log: () => {}, clock: () => now, baseDelayMs: 1_000 });
    fake.script([{ status: 500, body: {} }, SUCCESS]);
    await dispatcher.runOnce();
    now = new Date(now.getTime() + 1_000);
    await dispatcher.runOnce();
    const row = await t.ctx.db.selectFrom('notification_recipients').selectAll().where('notification_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sms_status: 'sent', sms_attempts: 2, sms_error: null, sms_provider_id: 'req-1' });
  });
});

describe('GET /api/notifications/my and POST /api/notifications/read/:id', () => {
  it('should list only my notifications, mark one read, and keep marking twice harmless', async () => {
    const sender = await signInAs(t, 'Supervisor', { full_name: 'Sunil Sender' });
    const me = await signInAs(t, 'Karyakarta');
    const other = await signInAs(t, 'Karyakarta');
    const id = (await send(sender.headers, { message: 'For both', recipients: [me.user.id, other.user.id] })).json()._id as number;
    const mine = await getJson<{ _id: number; readBy: number[]; sender_name: string }[]>('/api/notifications/my', me.headers);
    expect(mine[0]).toMatchObject({ _id: id, readBy: [], sender_name: 'Sunil Sender' });

    for (let i = 0; i < 2; i += 1) {
      const read = await t.app.inject({ method: 'POST', url: `/api/notifications/read/${id}`, headers: me.headers });
      expect(read.statusCode).toBe(200);
    }
    expect((await getJson<{ _id: number; readBy: number[] }[]>('/api/notifications/my', me.headers))[0]?.readBy).toEqual([me.user.id]);
    // The other recipient's state is theirs alone, and never shows mine.
    expect((await getJson<{ readBy: number[] }[]>('/api/notifications/my', other.headers))[0]?.readBy).toEqual([]);
    const log = (await getJson<{ _id: number; readBy: number[] }[]>('/api/notifications/logs', sender.headers)).find((entry) => entry._id === id);
    expect(log?.readBy).toEqual([me.user.id]);
  });

  it('should answer 404 when marking a notification the user did not receive', async () => {
    const sender = await signInAs(t, 'Admin');
    const recipient = await createUser(t.ctx);
    const outsider = await signInAs(t, 'Karyakarta');
    const id = (await send(sender.headers, { message: 'Private', recipients: [recipient.id] })).json()._id as number;
    const response = await t.app.inject({ method: 'POST', url: `/api/notifications/read/${id}`, headers: outsider.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Notification not found');
    expect(await getJson<unknown[]>('/api/notifications/my', outsider.headers)).toEqual([]);
  });

  it('should accept the spec client empty body on mark-as-read', async () => {
    const sender = await signInAs(t, 'Admin');
    const me = await signInAs(t, 'Karyakarta');
    const id = (await send(sender.headers, { message: 'Empty body', recipients: [me.user.id] })).json()._id as number;
    const response = await t.app.inject({ method: 'POST', url: `/api/notifications/read/${id}`, headers: { ...me.headers, 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/notifications/logs and /stats', () => {
  it('should show office roles every notification and others only what they sent, with matching stats', async () => {
    const admin = await signInAs(t, 'Admin');
    const supervisor = await signInAs(t, 'Supervisor');
    const worker = await signInAs(t, 'Karyakarta');
    const target = await signInAs(t, 'Karyakarta');
    const fromSupervisor = (await send(supervisor.headers, { message: 'From supervisor', recipients: [target.user.id, worker.user.id] })).json()._id as number;
    const fromAdmin = (await send(admin.headers, { message: 'From admin', recipients: [target.user.id] })).json()._id as number;
    await t.app.inject({ method: 'POST', url: `/api/notifications/read/${fromSupervisor}`, headers: target.headers });

    const supervisorLogs = (await getJson<{ _id: number }[]>('/api/notifications/logs', supervisor.headers)).map((entry) => entry._id);
    expect(supervisorLogs).toEqual([fromSupervisor]);
    expect(await getJson('/api/notifications/stats', supervisor.headers)).toEqual({ total_notifications: 1, total_reads: 1, unread_notifications: 1 });
    expect(await getJson('/api/notifications/stats', worker.headers)).toEqual({ total_notifications: 0, total_reads: 0, unread_notifications: 0 });

    const adminLogs = (await getJson<{ _id: number }[]>('/api/notifications/logs', admin.headers)).map((entry) => entry._id);
    expect(adminLogs).toEqual(expect.arrayContaining([fromSupervisor, fromAdmin]));
    const superAdmin = await signInAs(t, 'Super Admin');
    const stats = await getJson<{ total_notifications: number; total_reads: number; unread_notifications: number }>('/api/notifications/stats', superAdmin.headers);
    const deliveries = await t.ctx.db.selectFrom('notification_recipients').select(['read_at']).execute();
    expect(stats.total_reads).toBe(deliveries.filter((row) => row.read_at !== null).length);
    expect(stats.unread_notifications).toBe(deliveries.filter((row) => row.read_at === null).length);
  });

  for (const role of ALL_ROLES) {
    it(`should answer 200 on logs, stats and my to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      for (const url of ['/api/notifications/logs', '/api/notifications/stats', '/api/notifications/my']) {
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      }
    });
  }

  it('should answer 401 to every notifications route when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/logs'],
      ['GET', '/api/notifications/stats'],
      ['GET', '/api/notifications/my'],
      ['POST', '/api/notifications/read/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/notifications/inbox', () => {
  type Inbox = { items: { id: number; message: string; sender_name: string | null; createdAt: string; readAt: string | null }[]; total: number; unread: number; page: number; totalPages: number };

  it('should list what a Karyakarta received, newest first with sender, time and read state, a page at a time', async () => {
    const sender = await signInAs(t, 'Supervisor', { full_name: 'Inbox Sender' });
    const me = await signInAs(t, 'Karyakarta');
    const other = await signInAs(t, 'Karyakarta');
    const ids: number[] = [];
    for (const text of ['First', 'Second', 'Third']) {
      ids.push((await send(sender.headers, { message: text, recipients: [me.user.id] })).json()._id as number);
    }
    await send(sender.headers, { message: 'Not mine', recipients: [other.user.id] });
    await t.app.inject({ method: 'POST', url: `/api/notifications/read/${ids[0]}`, headers: me.headers });

    const first = await getJson<Inbox>('/api/notifications/inbox?limit=2', me.headers);
    expect(first).toMatchObject({ total: 3, unread: 2, page: 1, totalPages: 2 });
    expect(first.items.map((item) => item.message)).toEqual(['Third', 'Second']);
    expect(first.items[0]).toMatchObject({ id: ids[2], sender_name: 'Inbox Sender', readAt: null });
    expect(Number.isNaN(Date.parse(first.items[0]?.createdAt ?? ''))).toBe(false);

    const second = await getJson<Inbox>('/api/notifications/inbox?limit=2&page=2', me.headers);
    expect(second.items.map((item) => item.message)).toEqual(['First']);
    expect(second.items[0]?.readAt).not.toBeNull();

    // The Karyakarta sent nothing: the sender's counts stay 0 while the inbox has three.
    expect(await getJson('/api/notifications/stats', me.headers)).toEqual({ total_notifications: 0, total_reads: 0, unread_notifications: 0 });
  });

  for (const role of ALL_ROLES) {
    it(`should answer a ${role} with their own inbox only`, async () => {
      const sender = await signInAs(t, 'Admin');
      const me = await signInAs(t, role);
      const id = (await send(sender.headers, { message: `For ${role}`, recipients: [me.user.id] })).json()._id as number;
      const response = await t.app.inject({ method: 'GET', url: '/api/notifications/inbox', headers: me.headers });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Inbox).items.map((item) => item.id)).toEqual([id]);
    });
  }

  it('should answer 400 with a message for a bad page or limit', async () => {
    const me = await signInAs(t, 'Karyakarta');
    for (const [query, message] of [
      ['page=0', 'Page must be 1 or more'],
      ['page=abc', undefined],
      ['limit=101', 'Limit must be 100 or less'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/notifications/inbox?${query}`, headers: me.headers });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
      if (message) expect(response.json().message).toBe(message);
    }
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/inbox' })).statusCode).toBe(401);
  });
});

describe('migration 032', () => {
  const INDEX = 'notification_recipients_user_notification_idx';
  const hasIndex = async () => {
    const found =
      testDialect() === 'postgres'
        ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE indexname = ${INDEX}`.execute(t.ctx.db)
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND name = ${INDEX}`.execute(t.ctx.db);
    return found.rows.length === 1;
  };

  it('should add the inbox index and step down and up again keeping the messages', async () => {
    const sender = await signInAs(t, 'Admin');
    const me = await signInAs(t, 'Karyakarta');
    const id = (await send(sender.headers, { message: 'Across the migration', recipients: [me.user.id] })).json()._id as number;
    expect(await hasIndex()).toBe(true);
    const names = Object.keys(MIGRATIONS).sort();
    const mine = names.indexOf('2026-11-24-032-inbox-index');
    await migrateTo(t.ctx.db, names[mine - 1]!);
    try {
      expect(await hasIndex()).toBe(false);
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    expect(await hasIndex()).toBe(true);
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/notifications/inbox', headers: me.headers })).json() as { items: { id: number }[] };
    expect(inbox.items.map((item) => item.id)).toEqual([id]);
  });
});
