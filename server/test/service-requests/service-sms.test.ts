import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings/settings-schema';
import { type SmsGateway, type SmsMessage, SmsSendError } from '../../src/features/notifications/sms/sms-gateway';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Issue 59 (decision 090): the citizen is told by SMS on registration and on resolution when
// the office turns it on, in their language, never when opted out; each send audited and shown
// in the request's history; a gateway failure never fails the registration.

// A gateway that records what it is asked to send and fails when told to.
const sent: SmsMessage[] = [];
let failWith: SmsSendError | null = null;
const gateway: SmsGateway = {
  name: 'test',
  async send(message) {
    if (failWith) throw failWith;
    sent.push(message);
    return { providerId: `p-${sent.length}` };
  },
};

let t: TestApp;
let office: { authorization: string };
const URL = '/api/service-requests';

beforeAll(async () => {
  t = await createTestApp({ smsGateway: gateway });
  office = (await signInAs(t, 'Super Admin', { full_name: 'Desk Officer' })).headers;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  sent.length = 0;
  failWith = null;
});
afterEach(async () => {
  await setSettings(DEFAULT_SETTINGS);
});

async function setSettings(changes: Partial<Settings>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: office, payload: changes });
  expect(response.statusCode).toBe(200);
}

const register = (payload: Record<string, unknown>, headers = office) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: { category: 'water', description: 'Hand pump broken', booth: 'Booth-21', ...payload } });
const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `${URL}/${id}`, headers: office })).json();
const note = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${URL}/${id}/notes`, headers: office, payload });

async function smsAudits(requestId: number) {
  const rows = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_SERVICE_REQUEST_SMS').where('record_id', '=', String(requestId)).orderBy('id').execute();
  return rows.map((row) => ({ user_name: row.user_name, ...JSON.parse(row.details ?? '{}') }));
}

describe('SMS to the citizen', () => {
  it('should send nothing and queue nothing when the office has not turned the messages on', async () => {
    const response = await register({ citizen_name: 'Quiet Office', citizen_mobile: '9822100001' });
    expect(response.statusCode).toBe(201);
    expect(response.json().messages).toEqual([]);
    await t.ctx.serviceSms.runOnce();
    expect(sent).toEqual([]);
  });

  it("should send the receipt on registration in the office's language, show it in the history and audit it, when turned on", async () => {
    await setSettings({ service_sms_enabled: 'true', language: 'mr', app_name: 'Yavatmal Office' });
    const response = await register({ citizen_name: 'Walk In', citizen_mobile: '9822100002', category: 'pension' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.messages).toEqual([expect.objectContaining({ kind: 'registered', status: 'queued', mobile_last4: '0002', language: 'mr' })]);
    expect(await t.ctx.serviceSms.runOnce()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('9822100002');
    expect(sent[0]?.text).toContain(`पावती क्र. ${created.receipt_no}`);
    expect(sent[0]?.text).toContain('Yavatmal Office');
    const after = await detail(created.id);
    expect(after.messages).toEqual([expect.objectContaining({ kind: 'registered', status: 'sent', attempts: 1, sent_at: expect.any(String) })]);
    // The full number never travels in the history.
    expect(JSON.stringify(after.messages)).not.toContain('9822100002');
    expect(await smsAudits(created.id)).toEqual([expect.objectContaining({ user_name: 'System', kind: 'registered', status: 'sent', mobile_last4: '0002' })]);
  });

  it("should write in the voter's own message language and tell them on resolution, not on other moves", async () => {
    await setSettings({ service_sms_enabled: 'true', language: 'en' });
    const voter = await seedVoter(t.ctx, { full_name: 'Gujarati Voter', mobile_number: '9822100003', booth: 'Booth-21', message_language: 'gu' });
    const created = (await register({ voter_id: voter.id, category: 'road' })).json();
    await t.ctx.serviceSms.runOnce();
    expect(sent[0]?.text).toContain(`પહોંચ નં. ${created.receipt_no}`);
    const moved = await note(created.id, { status: 'In Progress', note: 'Sent to PWD', version: created.version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().messages).toHaveLength(1);
    const resolved = await note(created.id, { status: 'Resolved', note: 'Road repaired', version: moved.json().version });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().messages.map((message: { kind: string; status: string }) => [message.kind, message.status])).toEqual([
      ['registered', 'sent'],
      ['resolved', 'queued'],
    ]);
    await t.ctx.serviceSms.runOnce();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain(`પહોંચ નં. ${created.receipt_no}`);
    expect(sent[1]?.text).toContain('ઉકેલ');
    expect((await smsAudits(created.id)).map((row) => [row.kind, row.status])).toEqual([
      ['registered', 'sent'],
      ['resolved', 'sent'],
    ]);
  });

  it('should never send to a voter who opted out or a number that replied STOP, keeping the reason in the history and the audit', async () => {
    await setSettings({ service_sms_enabled: 'true' });
    const optedOut = await seedVoter(t.ctx, { full_name: 'Opted Out', mobile_number: '9822100004', booth: 'Booth-21' });
    await t.ctx.db.insertInto('voter_message_consent').values({ voter_id: optedOut.id, state: 'opted_out', source: 'office', changed_at: new Date().toISOString(), changed_by: null, changed_by_name: 'Desk', note: null, version: 2 }).execute();
    const byVoter = (await register({ voter_id: optedOut.id })).json();
    expect(byVoter.messages).toEqual([expect.objectContaining({ status: 'skipped', reason: 'The citizen has opted out of messages' })]);
    await t.ctx.db.insertInto('message_opt_out_numbers').values({ mobile: '9822100005', opted_out_at: new Date().toISOString(), source: 'reply', reply: 'STOP' }).execute();
    const byNumber = (await register({ citizen_name: 'Stopped Number', citizen_mobile: '9822100005' })).json();
    expect(byNumber.messages).toEqual([expect.objectContaining({ status: 'skipped', reason: 'The citizen has opted out of messages' })]);
    const noMobile = (await register({ citizen_name: 'No Phone' })).json();
    expect(noMobile.messages).toEqual([expect.objectContaining({ status: 'skipped', reason: 'No mobile number', mobile_last4: null })]);
    await t.ctx.serviceSms.runOnce();
    expect(sent).toEqual([]);
    expect(await smsAudits(byVoter.id)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'The citizen has opted out of messages' })]);
    expect(await smsAudits(noMobile.id)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'No mobile number' })]);
  });

  it('should not send a queued message when the number replied STOP after it was queued', async () => {
    await setSettings({ service_sms_enabled: 'true' });
    const created = (await register({ citizen_name: 'Late Stop', citizen_mobile: '9822100006' })).json();
    expect(created.messages[0].status).toBe('queued');
    await t.ctx.db.insertInto('message_opt_out_numbers').values({ mobile: '9822100006', opted_out_at: new Date().toISOString(), source: 'reply', reply: 'STOP' }).execute();
    await t.ctx.serviceSms.runOnce();
    expect(sent).toEqual([]);
    expect((await detail(created.id)).messages).toEqual([expect.objectContaining({ status: 'skipped', reason: 'The citizen has opted out of messages' })]);
  });

  it('should register the request whatever the gateway does, retry a passing failure and mark a refusal failed with its reason', async () => {
    await setSettings({ service_sms_enabled: 'true' });
    failWith = new SmsSendError('Could not reach the SMS gateway: connect ECONNREFUSED', true);
    const response = await register({ citizen_name: 'Gateway Down', citizen_mobile: '9822100007' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    await t.ctx.serviceSms.runOnce();
    let row = await t.ctx.db.selectFrom('service_request_messages').selectAll().where('request_id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, reason: 'Could not reach the SMS gateway: connect ECONNREFUSED' });
    expect(row.next_attempt_at).not.toBeNull();
    // Due again now; this time the gateway refuses the number for good.
    await t.ctx.db.updateTable('service_request_messages').set({ next_attempt_at: new Date(0).toISOString() }).where('id', '=', row.id).execute();
    failWith = new SmsSendError('Invalid number', false);
    await t.ctx.serviceSms.runOnce();
    row = await t.ctx.db.selectFrom('service_request_messages').selectAll().where('request_id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, reason: 'Invalid number' });
    expect((await detail(created.id)).status).toBe('New');
    expect(await smsAudits(created.id)).toEqual([expect.objectContaining({ status: 'failed', reason: 'Invalid number', attempts: 2 })]);
  });

  it("should let a field user's registration queue the SMS too, and let only the office roles turn the setting on", async () => {
    await setSettings({ service_sms_enabled: 'true' });
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-21'] });
    const created = await register({ citizen_name: 'Field Raised', citizen_mobile: '9822100008' }, worker.headers);
    expect(created.statusCode).toBe(201);
    expect(created.json().messages[0]).toMatchObject({ status: 'queued' });
    const refused = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: worker.headers, payload: { service_sms_enabled: 'false' } });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: office, payload: { service_sms_enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.service_sms_enabled).toBe('Must be "true" or "false"');
  });
});
