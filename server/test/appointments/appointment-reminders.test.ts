import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderText } from '@shared/appointments/appointment-words';
import { createAppointmentReminders } from '../../src/features/appointments/appointment-reminders';
import { type SmsGateway, type SmsMessage, SmsSendError } from '../../src/features/notifications/sms/sms-gateway';
import { optOutNumber, writeVoterConsent } from '../../src/features/voter-messages/consent-repository';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// A gateway that keeps what it was given; `fail` makes the next sends throw.
const sent: SmsMessage[] = [];
let fail: SmsSendError | null = null;
const gateway: SmsGateway = {
  name: 'test',
  async send(message) {
    if (fail) throw fail;
    sent.push(message);
    // A send takes a moment, so two passes at once overlap.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { providerId: `p-${sent.length}` };
  },
};

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ smsGateway: gateway });
  admin = (await signInAs(t, 'Admin')).headers;
  await writeSettings(t.ctx.db, { language: 'mr', app_name: 'MLA office' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  sent.length = 0;
  fail = null;
});

// 11:30 in Kolkata: daytime, the day before each test's booking day.
let week = 0;
function dayPair(): { now: Date; tomorrow: string } {
  week += 1;
  const today = new Date(Date.UTC(2099, 6, 1 + week * 2));
  const tomorrow = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
  return { now: new Date(today.getTime() + 6 * 3_600_000), tomorrow };
}

async function calendar(reminders: boolean): Promise<{ id: number; name: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/calendars',
    headers: admin,
    payload: { name: `Aamdar ${Math.random().toString(36).slice(2, 8)}`, working_days: [1, 2, 3, 4, 5, 6, 7], day_start: '10:00', day_end: '14:00', slot_minutes: 30, reminder_sms: reminders },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function book(calendarId: number, date: string, fields: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: admin, payload: { calendar_id: calendarId, appointment_date: date, purpose: 'Water', ...fields } });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const reminderAudits = async (id: number) =>
  (await t.ctx.db.selectFrom('audit_logs').select(['details', 'user_name']).where('action', '=', 'SEND_APPOINTMENT_REMINDER').where('record_id', '=', String(id)).execute()).map((row) => ({ ...JSON.parse(row.details ?? '{}'), by: row.user_name }));

describe('appointment reminders the day before', () => {
  it('should send nothing when the calendar’s reminders are off (the default)', async () => {
    const { now, tomorrow } = dayPair();
    const off = await calendar(false);
    await book(off.id, tomorrow, { slot: '10:00', visitor_name: 'Nobody Told', visitor_mobile: '9822055555' });
    expect(await t.ctx.appointmentReminders.runOnce(now)).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(sent).toHaveLength(0);
  });

  it('should send each booking of tomorrow one reminder in the citizen’s language, audited, and never a second', async () => {
    const { now, tomorrow } = dayPair();
    const on = await calendar(true);
    const voter = await seedVoter(t.ctx, { full_name: 'Hira Bhai', mobile_number: '9876500011', message_language: 'gu' });
    const gujarati = await book(on.id, tomorrow, { slot: '10:30', voter_id: voter.id });
    const visitor = await book(on.id, tomorrow, { slot: '11:00', visitor_name: 'Sakharam Shinde', visitor_mobile: '9822055556' });
    const dayAfter = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await book(on.id, dayAfter, { slot: '10:00', visitor_name: 'Not Yet', visitor_mobile: '9822055557' });

    expect(await t.ctx.appointmentReminders.runOnce(now)).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(sent.map((message) => message.to).sort()).toEqual(['9822055556', '9876500011']);
    expect(sent.find((message) => message.to === '9876500011')?.text).toBe(reminderText('gu', { leader: on.name, date: tomorrow, time: '10:30', office: 'MLA office' }));
    // Not on the roll: the office's language (Marathi here).
    const marathi = sent.find((message) => message.to === '9822055556')?.text ?? '';
    expect(marathi).toBe(reminderText('mr', { leader: on.name, date: tomorrow, time: '11:00', office: 'MLA office' }));
    expect(marathi).toContain('उद्या');
    expect(await reminderAudits(visitor)).toEqual([expect.objectContaining({ status: 'sent', mobile_last4: '5556', language: 'mr', by: 'System' })]);
    expect(await reminderAudits(gujarati)).toEqual([expect.objectContaining({ status: 'sent', language: 'gu' })]);
    const row = await t.ctx.db.selectFrom('appointments').select(['reminder_status', 'reminder_at', 'version']).where('id', '=', visitor).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reminder_status: 'sent', version: 1 });

    expect(await t.ctx.appointmentReminders.runOnce(new Date(now.getTime() + 3_600_000))).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(sent).toHaveLength(2);
  });

  it('should send one reminder a booking when two nodes run their passes at once', async () => {
    const { now, tomorrow } = dayPair();
    const on = await calendar(true);
    for (const [index, slot] of ['10:00', '10:30', '11:00', '11:30', '12:00'].entries()) await book(on.id, tomorrow, { slot, visitor_name: `Citizen ${index}`, visitor_mobile: `98220600${index}0` });
    const otherNode = createAppointmentReminders({ db: t.ctx.db, gateway, log: () => {} });
    const [one, two] = await Promise.all([t.ctx.appointmentReminders.runOnce(now), otherNode.runOnce(now)]);
    expect(one.sent + two.sent).toBe(5);
    expect(new Set(sent.map((message) => message.to)).size).toBe(5);
    expect(sent).toHaveLength(5);
  });

  it('should never text an opted-out voter or number, nor a cancelled booking, and say so in the audit', async () => {
    const { now, tomorrow } = dayPair();
    const on = await calendar(true);
    const optedOut = await seedVoter(t.ctx, { full_name: 'No Messages', mobile_number: '9876500021' });
    await writeVoterConsent(t.ctx.db, { voterId: optedOut.id, readVersion: 1, state: 'opted_out', source: 'office', changedBy: null, changedByName: null, note: null, now });
    const byVoter = await book(on.id, tomorrow, { slot: '10:00', voter_id: optedOut.id });
    await optOutNumber(t.ctx.db, '9822077777', 'reply', 'STOP', now);
    const byNumber = await book(on.id, tomorrow, { slot: '10:30', visitor_name: 'Household Phone', visitor_mobile: '9822077777' });
    const noMobile = await book(on.id, tomorrow, { slot: '11:00', visitor_name: 'No Phone' });
    const cancelled = await book(on.id, tomorrow, { slot: '11:30', visitor_name: 'Called Off', visitor_mobile: '9822077778' });
    await t.app.inject({ method: 'PUT', url: `/api/appointments/${cancelled}`, headers: admin, payload: { appointment_date: tomorrow, slot: '11:30', visitor_name: 'Called Off', purpose: 'Water', status: 'Cancelled', version: 1 } });

    expect(await t.ctx.appointmentReminders.runOnce(now)).toEqual({ sent: 0, skipped: 3, failed: 0 });
    expect(sent).toHaveLength(0);
    expect(await reminderAudits(byVoter)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'opted_out' })]);
    expect(await reminderAudits(byNumber)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'opted_out' })]);
    expect(await reminderAudits(noMobile)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'no_mobile' })]);
    expect(await reminderAudits(cancelled)).toEqual([]);
  });

  it('should wait out the night, try a passing failure again and give up on a refused number', async () => {
    const { now, tomorrow } = dayPair();
    const on = await calendar(true);
    const id = await book(on.id, tomorrow, { slot: '10:00', visitor_name: 'Late Night', visitor_mobile: '9822088888' });
    // 22:30 in Kolkata the evening before: nothing until the morning.
    expect(await t.ctx.appointmentReminders.runOnce(new Date(now.getTime() + 11 * 3_600_000))).toEqual({ sent: 0, skipped: 0, failed: 0 });
    fail = new SmsSendError('gateway down', true);
    await t.ctx.appointmentReminders.runOnce(now);
    expect(await reminderAudits(id)).toEqual([expect.objectContaining({ status: 'retry', attempts: 1, error: 'gateway down' })]);
    fail = null;
    expect((await t.ctx.appointmentReminders.runOnce(now)).sent).toBe(1);

    const refused = await book(on.id, tomorrow, { slot: '10:30', visitor_name: 'Bad Number', visitor_mobile: '9822088889' });
    fail = new SmsSendError('invalid number', false);
    expect(await t.ctx.appointmentReminders.runOnce(now)).toEqual({ sent: 0, skipped: 0, failed: 1 });
    fail = null;
    expect(await t.ctx.appointmentReminders.runOnce(now)).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect((await t.ctx.db.selectFrom('appointments').select('reminder_status').where('id', '=', refused).executeTakeFirstOrThrow()).reminder_status).toBe('failed');
  });

  it('should carry the calendar’s DLT template with the office’s entity and sender ids', async () => {
    const { now, tomorrow } = dayPair();
    await writeSettings(t.ctx.db, { dlt_entity_id: '1201160000000000001', sms_sender_id: 'MLAOFC' });
    const response = await t.app.inject({ method: 'POST', url: '/api/appointments/calendars', headers: admin, payload: { name: 'With DLT', working_days: [1, 2, 3, 4, 5, 6, 7], day_start: '10:00', day_end: '12:00', slot_minutes: 30, reminder_sms: true, reminder_dlt_template_id: '1207160000000000042' } });
    await book(response.json().id, tomorrow, { slot: '10:00', visitor_name: 'Registered Route', visitor_mobile: '9822099999' });
    await t.ctx.appointmentReminders.runOnce(now);
    expect(sent[0]?.dlt).toEqual({ templateId: '1207160000000000042', entityId: '1201160000000000001', senderId: 'MLAOFC' });
  });
});
