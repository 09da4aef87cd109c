import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import type { VoterSend, VoterSendPreview, VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createWhatsAppCloudGateway } from '../../src/features/voter-messages/whatsapp/whatsapp-cloud-gateway';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Decision 079: a send to voters by WhatsApp template messages through the Cloud API, beside SMS.
// The template names the one Meta approved; each voter gets it in their language with its
// {{1}}, {{2}} values in the order the text uses them, at their WhatsApp number (else mobile);
// consent, the budget and the audit as for SMS. A server without WhatsApp refuses the channel.

let t: TestApp;
let smsOnly: TestApp;
let fake: FakeSmsServer;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
const ACCEPTED = (id: string) => ({ status: 200, body: { messaging_product: 'whatsapp', messages: [{ id }] } });

beforeAll(async () => {
  fake = await startFakeSmsServer();
  t = await createTestApp({ config: { whatsappPricePaise: 78 }, whatsappGateway: createWhatsAppCloudGateway({ accessToken: 'EAAG-token', phoneNumberId: '1098765432', apiUrl: `${fake.url}/v21.0` }) });
  smsOnly = await createTestApp();
  for (const role of ALL_ROLES) as[role] = (await signInAs(t, role)).headers;
  await writeSettings(t.ctx.db, { language: 'mr' });
});
afterAll(async () => {
  await t.close();
  await smsOnly.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const post = (app: TestApp, url: string, payload: unknown, headers: Headers = as.Admin) => app.app.inject({ method: 'POST', url: `/api/voter-messages${url}`, headers, payload: payload as Record<string, unknown> });

async function template(app: TestApp, whatsapp: string, headers: Headers = as.Admin): Promise<VoterTemplate> {
  const response = await post(app, '/templates', {
    name: `Meeting ${Math.random()}`,
    category: 'service',
    dlt_template_id: '1207160000000054321',
    texts: { mr: 'नमस्कार {name}, {date} रोजी {booth} येथे बैठक आहे.', en: 'Dear {name}, meeting at {booth} on {date}.' },
    whatsapp_template: whatsapp,
  }, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as VoterTemplate;
}

describe('WhatsApp sends to voters', () => {
  it('should send the approved template to each voter in their language with its values, at their WhatsApp number', async () => {
    const booth = 'Booth-41';
    const marathi = await seedVoter(t.ctx, { full_name: 'Ramesh Patil', booth, mobile_number: '9730000001', whatsapp_number: '9830000001' });
    const english = await seedVoter(t.ctx, { full_name: 'Asha Kale', booth, mobile_number: '9730000002', message_language: 'en' });
    await seedVoter(t.ctx, { full_name: 'No Number', booth });
    const chosen = await template(t, 'ward_meeting_v2');
    expect(chosen.whatsapp_template).toBe('ward_meeting_v2');
    const input = { audience: { booth }, template_id: chosen.id, channel: 'whatsapp', date_text: '12 डिसेंबर' };

    const preview = (await post(t, '/preview', input)).json() as VoterSendPreview;
    // One message each whatever the length, at the WhatsApp price.
    expect(preview).toMatchObject({ channel: 'whatsapp', matched: 3, recipients: 2, left_out: { no_mobile: 1, opted_out: 0 }, parts: 2, estimated_cost_paise: 156 });

    fake.script([ACCEPTED('wamid.first'), ACCEPTED('wamid.second')]);
    const created = await post(t, '/sends', input);
    expect(created.statusCode, created.body).toBe(201);
    const send = created.json() as VoterSend;
    expect(send).toMatchObject({ channel: 'whatsapp', total: 2, status: 'sending' });
    for (let pass = 0; pass < 5 && fake.requests.length < 2; pass += 1) await t.ctx.voterSends.runOnce();

    const bodies = fake.requests.map((request) => JSON.parse(request.body) as { to: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } });
    expect(fake.requests.every((request) => request.url === '/v21.0/1098765432/messages')).toBe(true);
    const byNumber = new Map(bodies.map((body) => [body.to, body.template]));
    expect(byNumber.get('919830000001')).toEqual({ name: 'ward_meeting_v2', language: { code: 'mr' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ramesh Patil' }, { type: 'text', text: '12 डिसेंबर' }, { type: 'text', text: booth }] }] });
    expect(byNumber.get('919730000002')).toMatchObject({ name: 'ward_meeting_v2', language: { code: 'en' } });
    expect(byNumber.get('919730000002')?.components[0]?.parameters.map((parameter) => parameter.text)).toEqual(['Asha Kale', booth, '12 डिसेंबर']);

    const after = (await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${send.id}`, headers: as.Admin })).json() as VoterSend;
    expect(after).toMatchObject({ sent: 2, spent_paise: 156 });
    const ids = await t.ctx.db.selectFrom('voter_send_recipients').select(['voter_id', 'provider_id']).where('send_id', '=', send.id).execute();
    expect(ids.map((row) => row.provider_id).sort()).toEqual(['wamid.first', 'wamid.second']);
    expect(ids.map((row) => row.voter_id).sort((a, b) => a - b)).toEqual([marathi.id, english.id].sort((a, b) => a - b));
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'SEND_VOTER_MESSAGES').where('record_id', '=', String(send.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toMatchObject({ channel: 'whatsapp', whatsapp_template: 'ward_meeting_v2', recipients: 2 });
  });

  it('should leave out a voter who opted out, as SMS does', async () => {
    const booth = 'Booth-42';
    await seedVoter(t.ctx, { booth, mobile_number: '9730000011' });
    const out = await seedVoter(t.ctx, { booth, mobile_number: '9730000012' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/voter-messages/consent/${out.id}`, headers: as.Admin, payload: { state: 'opted_out' } })).statusCode).toBe(200);
    const preview = (await post(t, '/preview', { audience: { booth }, template_id: (await template(t, 'ward_meeting_v2')).id, channel: 'whatsapp' })).json() as VoterSendPreview;
    expect(preview).toMatchObject({ recipients: 1, left_out: { no_mobile: 0, opted_out: 1 } });
  });

  it('should refuse WhatsApp for a template with no approved name, a bad name, and on a server without WhatsApp', async () => {
    const smsTemplate = await template(t, '');
    const noName = await post(t, '/preview', { audience: { booth: 'Booth-41' }, template_id: smsTemplate.id, channel: 'whatsapp' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('या साच्याला मंजूर व्हॉट्सॲप साच्याचे नाव नाही');
    const badName = await post(t, '/templates', { name: 'x', category: 'service', dlt_template_id: '1', texts: { en: 'Hi {name}' }, whatsapp_template: 'Ward Meeting!' });
    expect(badName.statusCode).toBe(400);
    expect((await post(t, '/preview', { audience: {}, template_id: smsTemplate.id, channel: 'telegram' })).statusCode).toBe(400);

    const admin = (await signInAs(smsOnly, 'Admin')).headers;
    const elsewhere = await template(smsOnly, 'ward_meeting_v2', admin);
    const refused = await post(smsOnly, '/sends', { audience: {}, template_id: elsewhere.id, channel: 'whatsapp' }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('WhatsApp is not set up on this server');
    expect((await smsOnly.app.inject({ method: 'GET', url: '/api/notifications/sms-pricing', headers: admin })).json()).toMatchObject({ whatsapp_price_paise: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/sms-pricing', headers: as.Karyakarta })).json()).toMatchObject({ whatsapp_price_paise: 78 });
  });
});
