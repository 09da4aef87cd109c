import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { zonedDay } from '@shared/time/zoned-time';
import type { VoterSend, VoterSendPreview, VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { createFast2SmsGateway } from '../../src/features/notifications/sms/fast2sms-gateway';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createVoterSendDispatcher } from '../../src/features/voter-messages/voter-send-dispatcher';
import { spentSince } from '../../src/features/voter-messages/voter-sends-repository';
import { insertMarks } from '../../src/features/poll/poll-repository';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter, voterForm } from '../voters/voter-test-helpers';

// Issue 60: messages to voters. Templates, the preview (who is left out and why, parts, cost),
// the send as a job at the gateway's rate with its DLT ids, consent honoured to the last moment
// (0 messages to an opted-out voter), approval above the threshold, cancel, the daily budget,
// the night hours for promotional sends and the poll's silence period. Audited throughout.

const TOKEN = 'inbound-secret-for-tests-0123456789';
const RATE = 3;
let t: TestApp;
let fake: FakeSmsServer;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;

beforeAll(async () => {
  fake = await startFakeSmsServer();
  t = await createTestApp({ config: { smsInboundToken: TOKEN, smsRatePerSecond: RATE }, smsGateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }) });
  for (const role of ALL_ROLES) as[role] = (await signInAs(t, role)).headers;
  await writeSettings(t.ctx.db, { sms_sender_id: 'VMSOFC', dlt_entity_id: '1201160000000012345', language: 'mr' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.script([{ status: 200, body: { return: true, request_id: 'req' } }]);
});

const post = (url: string, payload: unknown, headers: Headers = as.Admin) => t.app.inject({ method: 'POST', url: `/api/voter-messages${url}`, headers, payload: payload as Record<string, unknown> });
const sentNumbers = () => fake.requests.map((request) => JSON.parse(request.body).numbers as string);
// Runs the dispatcher until the send has nothing left to do (at most `passes` passes).
async function drain(passes = 20): Promise<number> {
  let sent = 0;
  for (let pass = 0; pass < passes; pass += 1) {
    const now = await t.ctx.voterSends.runOnce();
    sent += now;
    const active = await t.ctx.db.selectFrom('voter_sends').select('id').where('status', '=', 'sending').execute();
    if (active.length === 0) break;
  }
  return sent;
}

async function template(overrides: Record<string, unknown> = {}): Promise<VoterTemplate> {
  const response = await post('/templates', {
    name: `Meeting ${Math.random()}`,
    category: 'service',
    dlt_template_id: '1207160000000054321',
    texts: { en: 'Dear {name}, meeting at {polling_station} ({booth}) on {date}.', mr: 'नमस्कार {name}, {date} रोजी {polling_station} येथे बैठक आहे.' },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as VoterTemplate;
}

describe('templates', () => {
  it('should add and change a template with versions, and refuse bad ones', async () => {
    const created = await template({ name: 'Ward meeting' });
    expect(created).toMatchObject({ name: 'Ward meeting', category: 'service', dlt_template_id: '1207160000000054321', version: 1 });
    expect(created.texts.gu).toBe('');
    const changed = await t.app.inject({ method: 'PUT', url: `/api/voter-messages/templates/${created.id}`, headers: as.Admin, payload: { ...created, name: 'Ward meeting 2', version: 1 } });
    expect(changed.json()).toMatchObject({ name: 'Ward meeting 2', version: 2 });
    const stale = await t.app.inject({ method: 'PUT', url: `/api/voter-messages/templates/${created.id}`, headers: as.Admin, payload: { ...created, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Ward meeting 2' });
    const badPlaceholder = await post('/templates', { name: 'x', category: 'service', dlt_template_id: '1', texts: { en: 'Hi {first_name}' } });
    // The office language is Marathi, so the answers are too.
    expect(badPlaceholder.json().message).toBe('फक्त {name}, {booth}, {polling_station} आणि {date} हेच प्लेसहोल्डर वापरा');
    expect((await post('/templates', { name: 'x', category: 'service', dlt_template_id: '1', texts: {} })).json().message).toBe('किमान एका भाषेत साच्याचा मजकूर लिहा');
    expect((await post('/templates', { name: 'x', category: 'sales', dlt_template_id: 'abc', texts: { en: 'Hi' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/voter-messages/templates', headers: as.Admin })).json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id })]));
  });

  it('should keep templates and sends to the office roles', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/voter-messages/templates', headers: as[role] })).statusCode).toBe(403);
      expect((await post('/sends', { audience: {}, template_id: 1 }, as[role])).statusCode).toBe(403);
      expect((await post('/preview', { audience: {}, template_id: 1 }, as[role])).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/voter-messages/sends' })).statusCode).toBe(401);
  });
});

describe('POST /api/voter-messages/preview and /sends', () => {
  it('should leave out voters without a mobile and opted-out voters, say why, and send 0 messages to the opted out', async () => {
    const booth = 'Booth-21';
    const willing = await seedVoter(t.ctx, { booth, full_name: 'Ramesh Patil', mobile_number: '9700000001' });
    const second = await seedVoter(t.ctx, { booth, full_name: 'Sita More', mobile_number: '9700000002' });
    const lateStop = await seedVoter(t.ctx, { booth, full_name: 'Late Stopper', mobile_number: '9700000003' });
    await seedVoter(t.ctx, { booth, full_name: 'No Phone' });
    const officeOut = await seedVoter(t.ctx, { booth, full_name: 'Office Out', mobile_number: '9700000004' });
    const replyOut = await seedVoter(t.ctx, { booth, full_name: 'Reply Out', mobile_number: '9700000005' });
    await seedVoter(t.ctx, { booth: 'Booth-22', mobile_number: '9700000006' });
    await t.app.inject({ method: 'PUT', url: `/api/voter-messages/consent/${officeOut.id}`, headers: as.Admin, payload: { state: 'opted_out' } });
    await post(`/inbound?token=${TOKEN}`, { from: '919700000005', text: 'STOP' }, {} as Headers);
    const meeting = await template();

    const body = { audience: { booth }, template_id: meeting.id, date_text: '12 डिसेंबर' };
    const preview = (await post('/preview', body)).json() as VoterSendPreview;
    // The office language is Marathi: the Marathi text, Unicode.
    expect(preview).toMatchObject({ matched: 6, recipients: 3, left_out: { no_mobile: 1, opted_out: 2 }, needs_approval: false, held_until: null, language: 'mr' });
    expect(preview.sample).toBe('नमस्कार Ramesh Patil, 12 डिसेंबर रोजी Booth-21 येथे बैठक आहे.');
    expect(preview.parts).toBe(3);
    expect(preview.estimated_cost_paise).toBe(75);

    const created = await post('/sends', body);
    expect(created.statusCode, created.body).toBe(201);
    const send = created.json() as VoterSend;
    expect(send).toMatchObject({ status: 'sending', total: 3, sent: 0, left_out: { no_mobile: 1, opted_out: 2 }, parts: 3, estimated_cost_paise: 75 });

    // A STOP that arrives after the send was queued still counts.
    await post(`/inbound?token=${TOKEN}`, { from: '9700000003', text: 'stop' }, {} as Headers);
    expect(await drain()).toBe(2);
    expect(sentNumbers().sort()).toEqual(['9700000001', '9700000002']);
    for (const out of ['9700000003', '9700000004', '9700000005']) expect(sentNumbers()).not.toContain(out);
    // The DLT route with the template id, the entity id and the sender id.
    expect(JSON.parse(fake.requests[0]?.body ?? '{}')).toMatchObject({ route: 'dlt_manual', template_id: '1207160000000054321', entity_id: '1201160000000012345', sender_id: 'VMSOFC' });

    const after = (await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${send.id}`, headers: as.Admin })).json() as VoterSend;
    expect(after).toMatchObject({ status: 'done', sent: 2, cancelled: 1, spent_paise: 50 });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_VOTER_MESSAGES').where('record_id', '=', String(send.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ matched: 6, recipients: 3, left_out_no_mobile: 1, left_out_opted_out: 2, parts: 3, estimated_cost_paise: 75, dlt_template_id: '1207160000000054321' });
    expect([willing.id, second.id, lateStop.id, replyOut.id].length).toBe(4);
  });

  it('should send at most the gateway rate a pass', async () => {
    const booth = 'Booth-23';
    for (let index = 0; index < 7; index += 1) await seedVoter(t.ctx, { booth, mobile_number: `97100000${String(index).padStart(2, '0')}` });
    const created = (await post('/sends', { audience: { booth }, template_id: (await template()).id })).json() as VoterSend;
    expect(await t.ctx.voterSends.runOnce()).toBe(RATE);
    expect(fake.requests).toHaveLength(RATE);
    await drain();
    expect(fake.requests).toHaveLength(7);
    expect(((await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${created.id}`, headers: as.Admin })).json() as VoterSend).status).toBe('done');
  });

  it('should pick today\'s birthdays in the office calendar and the other filters', async () => {
    const booth = 'Booth-24';
    const today = zonedDay(new Date(), 'Asia/Kolkata');
    await seedVoter(t.ctx, { booth, mobile_number: '9720000001', date_of_birth: `1980-${today.slice(5)}`, gender: 'Female', age: 46 });
    await seedVoter(t.ctx, { booth, mobile_number: '9720000002', date_of_birth: '1980-01-01' === `1980-${today.slice(5)}` ? '1980-01-02' : '1980-01-01', gender: 'Female', age: 46 });
    await seedVoter(t.ctx, { booth, mobile_number: '9720000003', gender: 'Male', age: 70 });
    const id = (await template()).id;
    const preview = async (audience: Record<string, unknown>) => ((await post('/preview', { audience: { booth, ...audience }, template_id: id })).json() as VoterSendPreview).recipients;
    expect(await preview({ birthdays_today: true })).toBe(1);
    expect(await preview({ gender: 'Female' })).toBe(2);
    expect(await preview({ age_min: 60 })).toBe(1);
    const backwards = await post('/preview', { audience: { age_min: 60, age_max: 50 }, template_id: id });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('किमान वय कमाल वयापेक्षा जास्त असू नये');
    const nobody = await post('/sends', { audience: { booth: 'Booth-99' }, template_id: id });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('या निवडीतील कोणत्याही मतदाराला संदेश पाठवता येत नाही');
    expect((await post('/preview', { audience: {}, template_id: 999999 })).statusCode).toBe(404);
  });
});

describe('lists to send to', () => {
  it('should pick heads of households, one roll page of a booth, and the poll day chase list', async () => {
    const booth = 'Booth-36';
    await writeSettings(t.ctx.db, { page_size: '2', poll_date: '2026-12-20' });
    try {
      const seeded = [];
      for (let serial = 1; serial <= 5; serial += 1) seeded.push(await seedVoter(t.ctx, { booth, mobile_number: `974000000${serial}`, part_serial: String(serial), head_of_house: serial === 1 ? '1' : '' }));
      // Voter 2 heads a confirmed household; 3 and 4 are supporters, 4 has voted.
      const household = await t.ctx.db.insertInto('households').values({ booth, house_no: '7', status: 'confirmed', head_voter_id: seeded[1]!.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      expect(household.id).toBeGreaterThan(0);
      await t.ctx.db.updateTable('voters').set({ support_level: 'strong_supporter' }).where('id', 'in', [seeded[2]!.id, seeded[3]!.id]).execute();
      await insertMarks(t.ctx.db, '2026-12-20', [{ voter: { id: seeded[3]!.id, part_serial: 4, full_name: 'x', father_husband_name: null, gender: 'Male', age: 40 }, booth, hour: 9, at: new Date().toISOString(), userId: 1, userName: 'Test' }]);
      const id = (await template()).id;
      const preview = async (audience: Record<string, unknown>) => (await post('/preview', { audience: { booth, ...audience }, template_id: id })).json() as VoterSendPreview;
      expect((await preview({ heads_of_households: true })).recipients).toBe(2);
      // Page 2 at two voters a page: serials 3 and 4.
      expect((await preview({ roll_page: 2 })).recipients).toBe(2);
      expect((await preview({ roll_page: 3 })).recipients).toBe(1);
      expect((await preview({ chase_list: true })).recipients).toBe(1);
      const noBooth = await post('/preview', { audience: { roll_page: 2 }, template_id: id });
      expect(noBooth.statusCode).toBe(400);
      expect(noBooth.json().message).toBe('यादीच्या पानाचा बूथ निवडा');
      expect((await post('/preview', { audience: { booth, roll_page: 0 }, template_id: id })).statusCode).toBe(400);
      // No poll date: nobody is on a chase list.
      await writeSettings(t.ctx.db, { poll_date: '' });
      expect((await preview({ chase_list: true })).recipients).toBe(0);
    } finally {
      await writeSettings(t.ctx.db, { page_size: '30', poll_date: '' });
    }
  });
});

describe('approval, cancel, budget, night hours and silence', () => {
  it('should hold a send above the threshold for a Super Admin, and let only a Super Admin approve it', async () => {
    const booth = 'Booth-25';
    for (let index = 0; index < 3; index += 1) await seedVoter(t.ctx, { booth, mobile_number: `97300000${index}0` });
    await writeSettings(t.ctx.db, { voter_sms_approval_threshold: '2' });
    try {
      const id = (await template()).id;
      expect(((await post('/preview', { audience: { booth }, template_id: id })).json() as VoterSendPreview).needs_approval).toBe(true);
      const send = (await post('/sends', { audience: { booth }, template_id: id })).json() as VoterSend;
      expect(send.status).toBe('awaiting_approval');
      expect(await drain(2)).toBe(0);
      expect((await post(`/sends/${send.id}/approve`, { version: send.version })).statusCode).toBe(403);
      const approved = await post(`/sends/${send.id}/approve`, { version: send.version }, as['Super Admin']);
      expect(approved.json()).toMatchObject({ status: 'sending', approved_by_name: expect.any(String) });
      expect((await post(`/sends/${send.id}/approve`, { version: send.version }, as['Super Admin'])).statusCode).toBe(409);
      expect(await drain()).toBe(3);
      expect(await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'APPROVE_VOTER_MESSAGES').where('record_id', '=', String(send.id)).execute()).toHaveLength(1);
    } finally {
      await writeSettings(t.ctx.db, { voter_sms_approval_threshold: '1000' });
    }
  });

  it('should cancel what is not yet sent', async () => {
    const booth = 'Booth-26';
    for (let index = 0; index < 5; index += 1) await seedVoter(t.ctx, { booth, mobile_number: `97400000${index}0` });
    const send = (await post('/sends', { audience: { booth }, template_id: (await template()).id })).json() as VoterSend;
    expect(await t.ctx.voterSends.runOnce()).toBe(RATE);
    const cancelled = await post(`/sends/${send.id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sent: RATE, cancelled: 5 - RATE });
    expect(await drain(3)).toBe(0);
    expect(fake.requests).toHaveLength(RATE);
    expect((await post(`/sends/${send.id}/cancel`, {})).json().message).toBe('ही पाठवणी आधीच संपली आहे');
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CANCEL_VOTER_MESSAGES').where('record_id', '=', String(send.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ cancelled: 5 - RATE, total: 5 });
  });

  it('should stop a send with a clear message when the day\'s budget is reached', async () => {
    const booth = 'Booth-27';
    for (let index = 0; index < 4; index += 1) await seedVoter(t.ctx, { booth, mobile_number: `97500000${index}0` });
    const spent = await spentSince(t.ctx.db, new Date(Date.now() - 2 * 86_400_000));
    // One rupee a part; room for two messages and not three.
    await writeSettings(t.ctx.db, { sms_price_paise: '100', voter_sms_daily_budget: String(Math.ceil(spent / 100) + 2) });
    try {
      const send = (await post('/sends', { audience: { booth }, template_id: (await template({ texts: { mr: '', en: 'Meeting tomorrow.' } })).id })).json() as VoterSend;
      await drain();
      const after = (await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${send.id}`, headers: as.Admin })).json() as VoterSend;
      expect(after).toMatchObject({ status: 'stopped', sent: 2, cancelled: 2 });
      expect(after.stop_reason).toBe(`The daily budget of ₹${Math.ceil(spent / 100) + 2}.00 is reached: the rest of this send was not sent.`);
      expect(fake.requests).toHaveLength(2);
      const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'STOP_VOTER_MESSAGES').where('record_id', '=', String(send.id)).executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ reason: 'daily_budget', not_sent: 2 });
    } finally {
      await writeSettings(t.ctx.db, { sms_price_paise: '25', voter_sms_daily_budget: '1000' });
    }
  });

  it('should hold a promotional send between 21:00 and 09:00 office time', async () => {
    const booth = 'Booth-28';
    await seedVoter(t.ctx, { booth, mobile_number: '9760000001' });
    const send = (await post('/sends', { audience: { booth }, template_id: (await template({ category: 'promotional' })).id })).json() as VoterSend;
    // Two days on (after any hold the send was given when queued), at night and then in the morning.
    const day = zonedDay(new Date(Date.now() + 2 * 86_400_000), 'Asia/Kolkata');
    let now = new Date(`${day}T22:30:00+05:30`);
    const dispatcher = createVoterSendDispatcher({ db: t.ctx.db, gateway: createFast2SmsGateway({ apiKey: 'k', url: `${fake.url}/dev/bulkV2`, route: 'q' }), log: () => {}, ratePerSecond: RATE, clock: () => now });
    expect(await dispatcher.runOnce()).toBe(0);
    now = new Date(`${day}T08:59:00+05:30`);
    expect(await dispatcher.runOnce()).toBe(0);
    now = new Date(`${day}T09:00:00+05:30`);
    expect(await dispatcher.runOnce()).toBe(1);
    await dispatcher.runOnce();
    expect(((await t.app.inject({ method: 'GET', url: `/api/voter-messages/sends/${send.id}`, headers: as.Admin })).json() as VoterSend).status).toBe('done');
  });

  it('should refuse a send in the silence period before the poll', async () => {
    const booth = 'Booth-29';
    await seedVoter(t.ctx, { booth, mobile_number: '9770000001' });
    const tomorrow = zonedDay(new Date(Date.now() + 86_400_000), 'Asia/Kolkata');
    await writeSettings(t.ctx.db, { poll_date: tomorrow, poll_start: '07:00', poll_end: '18:00' });
    try {
      const refused = await post('/sends', { audience: { booth }, template_id: (await template()).id });
      expect(refused.statusCode).toBe(423);
      expect(refused.json().message).toMatch(/^मतदानापूर्वीच्या शांतता कालावधीत एसएमएस पाठवणे/);
    } finally {
      await writeSettings(t.ctx.db, { poll_date: '' });
    }
  });
});

describe("the voter's message language", () => {
  it("should write each voter's text in their own language where the template has it, else the office's", async () => {
    const booth = 'Booth-61';
    const plain = await seedVoter(t.ctx, { booth, full_name: 'Plain Voter', mobile_number: '9740000001' });
    const english = await seedVoter(t.ctx, { booth, full_name: 'English Voter', mobile_number: '9740000002', message_language: 'en' });
    // The template has no Gujarati text: the office's Marathi.
    const gujarati = await seedVoter(t.ctx, { booth, full_name: 'Gujarati Voter', mobile_number: '9740000003', message_language: 'gu' });
    const body = { audience: { booth }, template_id: (await template()).id, date_text: '12 Dec' };
    const preview = (await post('/preview', body)).json() as VoterSendPreview;
    expect(preview).toMatchObject({ recipients: 3, language: 'mr', by_language: [{ language: 'en', recipients: 1 }, { language: 'mr', recipients: 2 }] });
    // Each text fits one part (the Marathi ones as Unicode, under 70).
    expect(preview.parts).toBe(3);
    const created = await post('/sends', body);
    expect(created.statusCode, created.body).toBe(201);
    const send = created.json() as VoterSend;
    const texts = await t.ctx.db.selectFrom('voter_send_recipients').select(['voter_id', 'text']).where('send_id', '=', send.id).execute();
    const textOf = (id: number) => texts.find((row) => row.voter_id === id)?.text;
    expect(textOf(english.id)).toBe('Dear English Voter, meeting at Booth-61 (Booth-61) on 12 Dec.');
    expect(textOf(plain.id)).toBe('नमस्कार Plain Voter, 12 Dec रोजी Booth-61 येथे बैठक आहे.');
    expect(textOf(gujarati.id)).toBe('नमस्कार Gujarati Voter, 12 Dec रोजी Booth-61 येथे बैठक आहे.');
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_VOTER_MESSAGES').where('record_id', '=', String(send.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ language: 'mr', by_language: { en: 1, mr: 2 } });
    await drain();
  });

  it('should keep a message language on the voter record and refuse one outside the four', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: as.Karyakarta, payload: voterForm({ full_name: 'Language Voter', message_language: 'hi' }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const read = (await t.app.inject({ method: 'GET', url: `/api/voters/${id}`, headers: as.Admin })).json() as { message_language: string | null };
    expect(read.message_language).toBe('hi');
    const bad = await t.app.inject({ method: 'POST', url: '/api/voters', headers: as.Karyakarta, payload: voterForm({ full_name: 'Bad Language', message_language: 'fr' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('message_language');
  });
});
