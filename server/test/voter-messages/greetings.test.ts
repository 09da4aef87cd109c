import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { zonedDay } from '@shared/time/zoned-time';
import type { GreetingsToday, VoterSendPreview, VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Issue 60: today's birthdays and anniversaries. The office sees them with each voter's greeting
// in their language for a one-tap WhatsApp message (recorded first, refused for the opted out),
// and sends the day's SMS to all of them through a send with the birthdays or anniversaries filter.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let greetingTemplate: VoterTemplate;
const today = () => zonedDay(new Date(), 'Asia/Kolkata').slice(5);
const notToday = () => (today() === '01-01' ? '01-02' : '01-01');
const ids = {} as Record<'birthday' | 'ownLanguage' | 'optedOut' | 'anniversary' | 'other', number>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ALL_ROLES) as[role] = (await signInAs(t, role)).headers;
  await writeSettings(t.ctx.db, { language: 'mr' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/voter-messages/templates',
    headers: as.Admin,
    payload: { name: 'Birthday Wishes', category: 'service', dlt_template_id: '1207160000000054322', texts: { mr: '{name}, वाढदिवसाच्या हार्दिक शुभेच्छा!', en: 'Happy birthday, {name}!' } },
  });
  greetingTemplate = created.json() as VoterTemplate;
  ids.birthday = (await seedVoter(t.ctx, { full_name: 'Sunita Patil', booth: 'Booth-31', mobile_number: '9720000011', whatsapp_number: '9820000011', date_of_birth: `1980-${today()}` })).id;
  ids.ownLanguage = (await seedVoter(t.ctx, { full_name: 'Asha Kale', booth: 'Booth-31', mobile_number: '9720000012', date_of_birth: `1975-${today()}`, message_language: 'en' })).id;
  ids.optedOut = (await seedVoter(t.ctx, { full_name: 'Ravi More', booth: 'Booth-32', mobile_number: '9720000013', date_of_birth: `1990-${today()}` })).id;
  ids.anniversary = (await seedVoter(t.ctx, { full_name: 'Mohan Jadhav', booth: 'Booth-32', mobile_number: '9720000014', date_of_birth: `1970-${notToday()}`, anniversary_date: `1995-${today()}` })).id;
  ids.other = (await seedVoter(t.ctx, { full_name: 'Kiran Shinde', booth: 'Booth-32', mobile_number: '9720000015', date_of_birth: `1970-${notToday()}`, anniversary_date: `1995-${notToday()}` })).id;
  const out = await t.app.inject({ method: 'PUT', url: `/api/voter-messages/consent/${ids.optedOut}`, headers: as.Admin, payload: { state: 'opted_out' } });
  expect(out.statusCode, out.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const greetings = (headers: Headers | undefined, query = `?template_id=${greetingTemplate.id}`) =>
  t.app.inject({ method: 'GET', url: `/api/voter-messages/greetings${query}`, ...(headers ? { headers } : {}) });
const tap = (payload: Record<string, unknown>, headers: Headers = as.Admin) => t.app.inject({ method: 'POST', url: '/api/voter-messages/greetings/whatsapp', headers, payload });

describe('GET /api/voter-messages/greetings', () => {
  it("should list today's birthdays and anniversaries with each voter's greeting in their language and their WhatsApp number", async () => {
    const response = await greetings(as.Admin);
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json() as GreetingsToday;
    expect(day.birthday.total).toBe(3);
    const byId = new Map(day.birthday.voters.map((voter) => [voter.id, voter]));
    // The office's Marathi, the WhatsApp number before the mobile.
    expect(byId.get(ids.birthday)).toMatchObject({ full_name: 'Sunita Patil', whatsapp: '9820000011', opted_out: false, text: 'Sunita Patil, वाढदिवसाच्या हार्दिक शुभेच्छा!' });
    // A voter whose messages are in English gets the English text.
    expect(byId.get(ids.ownLanguage)).toMatchObject({ whatsapp: '9720000012', text: 'Happy birthday, Asha Kale!' });
    expect(byId.get(ids.optedOut)?.opted_out).toBe(true);
    expect(day.anniversary).toEqual({ total: 1, voters: [expect.objectContaining({ id: ids.anniversary, full_name: 'Mohan Jadhav' })] });
    expect(day.date.slice(5)).toBe(today());
  });

  it('should list them without texts when no template is chosen, and refuse an unknown template', async () => {
    const day = (await greetings(as['Super Admin'], '')).json() as GreetingsToday;
    expect(day.birthday.voters.every((voter) => voter.text === null)).toBe(true);
    const unknown = await greetings(as.Admin, '?template_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('साचा सापडला नाही');
    expect((await greetings(as.Admin, '?template_id=abc')).statusCode).toBe(400);
  });

  it('should be for the office roles only', async () => {
    expect((await greetings(undefined)).statusCode).toBe(401);
    expect((await greetings(as.Supervisor)).statusCode).toBe(403);
    expect((await greetings(as.Karyakarta)).statusCode).toBe(403);
  });
});

describe('POST /api/voter-messages/greetings/whatsapp', () => {
  it('should record a one-tap WhatsApp greeting in the audit log', async () => {
    const response = await tap({ voter_id: ids.birthday, occasion: 'birthday', template_id: greetingTemplate.id });
    expect(response.statusCode, response.body).toBe(204);
    const row = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'SEND_WHATSAPP_GREETING').where('record_id', '=', String(ids.birthday)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ table_name: 'voters' });
    expect(JSON.parse(String(row.details))).toMatchObject({ occasion: 'birthday', template: 'Birthday Wishes' });
  });

  it('should refuse a voter who opted out, an unknown voter or template, and a bad occasion', async () => {
    const out = await tap({ voter_id: ids.optedOut, occasion: 'birthday', template_id: greetingTemplate.id });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('या मतदाराने संदेश नको असे कळवले आहे');
    expect((await tap({ voter_id: 999999, occasion: 'birthday', template_id: greetingTemplate.id })).statusCode).toBe(404);
    expect((await tap({ voter_id: ids.birthday, occasion: 'birthday', template_id: 999999 })).statusCode).toBe(404);
    const bad = await tap({ voter_id: ids.birthday, occasion: 'wedding', template_id: greetingTemplate.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('वाढदिवस किंवा लग्नाचा वाढदिवस निवडा');
    const audited = await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'SEND_WHATSAPP_GREETING').where('record_id', '=', String(ids.optedOut)).execute();
    expect(audited).toHaveLength(0);
  });

  it('should be for the office roles only', async () => {
    const payload = { voter_id: ids.birthday, occasion: 'birthday', template_id: greetingTemplate.id };
    expect((await t.app.inject({ method: 'POST', url: '/api/voter-messages/greetings/whatsapp', payload })).statusCode).toBe(401);
    expect((await tap(payload, as.Supervisor)).statusCode).toBe(403);
    expect((await tap(payload, as.Karyakarta)).statusCode).toBe(403);
  });
});

describe("the day's SMS greetings", () => {
  it("should send to today's anniversaries with the anniversaries filter, leaving out the rest", async () => {
    const preview = await t.app.inject({ method: 'POST', url: '/api/voter-messages/preview', headers: as.Admin, payload: { audience: { anniversaries_today: true }, template_id: greetingTemplate.id } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json() as VoterSendPreview).toMatchObject({ matched: 1, recipients: 1, sample: 'Mohan Jadhav, वाढदिवसाच्या हार्दिक शुभेच्छा!' });
    const birthdays = (await t.app.inject({ method: 'POST', url: '/api/voter-messages/preview', headers: as.Admin, payload: { audience: { birthdays_today: true }, template_id: greetingTemplate.id } })).json() as VoterSendPreview;
    expect(birthdays).toMatchObject({ matched: 3, recipients: 2, left_out: { no_mobile: 0, opted_out: 1 } });
  });
});
