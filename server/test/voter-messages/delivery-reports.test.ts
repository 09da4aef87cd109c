import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VoterSend, VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { migrateTo, migrateToLatest, MIGRATIONS } from '../../src/db/migrate';
import { createFast2SmsGateway } from '../../src/features/notifications/sms/fast2sms-gateway';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Issue 60: the gateway's delivery report per message, behind the inbound token, counted on
// the send.
const TOKEN = 'inbound-secret-for-tests-0123456789';
let t: TestApp;
let fake: FakeSmsServer;
let admin: { authorization: string };

beforeAll(async () => {
  fake = await startFakeSmsServer();
  t = await createTestApp({ config: { smsInboundToken: TOKEN, smsRatePerSecond: 10 }, smsGateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }) });
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const report = (payload: Record<string, unknown> | string, options: { query?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/voter-messages/delivery${options.query ?? `?token=${TOKEN}`}`,
    headers: { ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...options.headers },
    payload,
  });
const getSend = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${id}`, headers: admin })).json() as VoterSend;

// A send to `count` voters of the booth, sent through the fake gateway, which names the
// messages `${prefix}-1`, `${prefix}-2`, ...
async function sentSend(booth: string, prefix: string, count: number): Promise<VoterSend> {
  for (let index = 0; index < count; index += 1) await seedVoter(t.ctx, { booth, mobile_number: `96${prefix.length}${String(booth.slice(-2))}0000${index}`.slice(0, 10) });
  fake.script(Array.from({ length: count }, (_, index) => ({ status: 200, body: { return: true, request_id: `${prefix}-${index + 1}` } })));
  const template = (await t.app.inject({ method: 'POST', url: '/api/voter-messages/templates', headers: admin, payload: { name: `Meeting ${prefix}`, category: 'service', dlt_template_id: '1207160000000054321', texts: { en: 'Dear {name}, meeting on {date}.' } } })).json() as VoterTemplate;
  const created = await t.app.inject({ method: 'POST', url: '/api/voter-messages/sends', headers: admin, payload: { audience: { booth }, template_id: template.id } });
  expect(created.statusCode, created.body).toBe(201);
  const send = created.json() as VoterSend;
  // Earlier sends finish first (oldest first): pass until this one is done.
  for (let pass = 0; pass < 10 && (await getSend(send.id)).status === 'sending'; pass += 1) await t.ctx.voterSends.runOnce();
  return send;
}

describe('POST /api/voter-messages/delivery', () => {
  it('should mark each message delivered or failed from Twilio and JSON reports and count them on the send', async () => {
    const send = await sentSend('Booth-31', 'dr', 4);
    expect(await getSend(send.id)).toMatchObject({ sent: 4, delivered: 0, undelivered: 0 });

    const twilio = await report('MessageSid=dr-1&MessageStatus=delivered');
    expect(twilio.statusCode, twilio.body).toBe(200);
    expect(twilio.json()).toEqual({ message: 'Marked delivered', status: 'delivered' });
    expect((await report({ request_id: 'dr-2', status: 'DELIVRD' })).json().status).toBe('delivered');
    expect((await report({ message_id: 'dr-3', status: 'FAILED', error: 'DND number' })).json().status).toBe('failed');
    // A status on the way (sent, queued) changes nothing.
    expect((await report({ request_id: 'dr-4', status: 'sent' })).json()).toEqual({ message: 'Nothing to do', status: 'ignored' });

    expect(await getSend(send.id)).toMatchObject({ sent: 4, delivered: 2, undelivered: 1 });
    const failed = await t.ctx.db.selectFrom('voter_send_recipients').select(['delivery_status', 'delivery_error', 'delivery_reported_at']).where('provider_id', '=', 'dr-3').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ delivery_status: 'failed', delivery_error: 'DND number' });
    expect(failed.delivery_reported_at).not.toBeNull();
  });

  it('should let a later report replace an earlier one', async () => {
    const send = await sentSend('Booth-32', 'lt', 1);
    await report({ id: 'lt-1', status: 'undelivered' });
    expect(await getSend(send.id)).toMatchObject({ delivered: 0, undelivered: 1 });
    await report({ id: 'lt-1', status: 'delivered' });
    expect(await getSend(send.id)).toMatchObject({ delivered: 1, undelivered: 0 });
  });

  it('should answer unknown for an id the office never sent, and take the token from the header', async () => {
    const response = await report({ request_id: 'never-sent', status: 'delivered' }, { query: '', headers: { 'x-inbound-token': TOKEN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'No message with that id', status: 'unknown' });
  });

  it('should answer 403 without the token or with a wrong one, and change nothing', async () => {
    const send = await sentSend('Booth-33', 'tk', 1);
    for (const query of ['', '?token=wrong']) {
      const refused = await report({ request_id: 'tk-1', status: 'delivered' }, { query });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This callback needs the inbound token the office configured');
    }
    expect(await getSend(send.id)).toMatchObject({ delivered: 0 });
  });

  it('should answer 400 for a report that is not text', async () => {
    const response = await report({ request_id: 12, status: ['delivered'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('should answer 404 when the office set no inbound token', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'POST', url: '/api/voter-messages/delivery?token=x', payload: { request_id: 'a', status: 'delivered' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('The SMS reply callback is not set up');
    } finally {
      await bare.close();
    }
  });
});

describe('migration 053', () => {
  it('should step down and up again keeping the sends, and take reports after', async () => {
    const send = await sentSend('Booth-34', 'mg', 1);
    await report({ request_id: 'mg-1', status: 'delivered' });
    const names = Object.keys(MIGRATIONS).sort();
    await migrateTo(t.ctx.db, names[names.indexOf('2026-12-07-053-voter-send-delivery') - 1]!);
    try {
      const columns = async () => (await t.ctx.db.introspection.getTables()).find((table) => table.name === 'voter_send_recipients')?.columns.map((column) => column.name);
      expect(await columns()).not.toContain('delivery_status');
    } finally {
      await migrateToLatest(t.ctx.db);
    }
    expect(await getSend(send.id)).toMatchObject({ sent: 1, delivered: 0 });
    await report({ request_id: 'mg-1', status: 'delivered' });
    expect(await getSend(send.id)).toMatchObject({ sent: 1, delivered: 1 });
  });
});
