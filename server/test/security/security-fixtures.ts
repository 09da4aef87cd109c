import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Role } from '@shared/auth/roles';
import type { UserRow } from '../../src/db/schema';
import { TEST_PASSWORD, createUser, login, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { multipart, seedVoter, voterForm } from '../voters/voter-test-helpers';
import { seedHousehold, seedPair } from '../households/household-test-helpers';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { signSlipToken, slipTokenKey } from '../../src/features/slips/slip-tokens';
import { insertElection } from '../../src/features/election-results/election-results-repository';
import { insertSend, insertTemplate } from '../../src/features/voter-messages/voter-sends-repository';

// Issue 61: a past election with one booth's results.
async function pastElection(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  return insertElection(t.ctx.db, { name: `Access ${randomUUID()}`, year: 2019, kind: 'assembly', fileName: 'form20.csv', userId: 1, userName: 'Test', now }, [{ column: 'BJP', name: 'BJP', party: 'BJP' }], [
    { booth: 'Booth-01', electors: 100, polled: 50, votes: [10] },
  ]);
}

// Poll day (issue 22): an election to mark in, and a voter with serial 1 in Booth-01.
async function pollDay(t: TestApp): Promise<void> {
  await writeSettings(t.ctx.db, { poll_date: '2029-10-20' });
}
import { seedRollImportInReview, tinyRollUpload } from '../rolls/roll-test-helpers';

export type Identity = Role | 'signed out';
export const IDENTITIES: readonly Identity[] = ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta', 'signed out'];

export interface Caller {
  user: UserRow;
  headers: { authorization: string };
}

export async function signIn(t: TestApp, role: Role, overrides: Parameters<typeof createUser>[1] = {}): Promise<Caller> {
  const user = await createUser(t.ctx, { role, ...overrides });
  const response = await login(t.app, user.username, user.password);
  if (response.statusCode !== 200) throw new Error(`Sign-in as ${role} failed: ${response.body}`);
  return { user, headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` } };
}

// Routes that end the caller's session when they succeed (sign-out, a changed own password):
// a test calling them signs in afresh, so the shared session lives on.
export const SPENDS_THE_SESSION = new Set(['POST /api/auth/logout', 'PUT /api/users/me/password']);

export function newUserBody(): Record<string, unknown> {
  return { username: `made_${Math.random().toString(36).slice(2, 10)}`, full_name: 'Made By Test', role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-05'], mobile: '9876543210' };
}

// A valid request for a route, built for the caller (who may be nobody): fixtures it needs
// (a voter in the caller's booth, a task the caller assigned, a notification to them) are
// made afresh so a DELETE by one role does not spoil the next.
export type RequestBuilder = (t: TestApp, caller: Caller | null) => Promise<Omit<InjectOptions, 'method' | 'headers'> & { headers?: Record<string, string> }>;

async function someUser(t: TestApp): Promise<UserRow> {
  return createUser(t.ctx, { role: 'Karyakarta' });
}

async function taskOf(t: TestApp, caller: Caller | null): Promise<number> {
  const owner = caller?.user ?? (await someUser(t));
  const row = await t.ctx.db
    .insertInto('tasks')
    .values({ title: 'Visit booth', description: null, assigned_by: owner.id, assigned_to: owner.id, status: 'Pending', priority: 'Medium', created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function serviceRequestIn(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('service_requests')
    .values({ citizen_name: 'Walk-in', category: 'water', description: 'No water', booth: 'Booth-01', priority: 'Medium', status: 'New', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Each call books its own slot of a far day, so no two calls of the walk collide.
let appointmentSlot = 0;
function nextFreeSlot(): string {
  appointmentSlot = (appointmentSlot + 1) % 32;
  const minutes = 600 + appointmentSlot * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// The first calendar (migration 068's), which every booking made without one belongs to.
async function firstCalendar(t: TestApp): Promise<number> {
  return (await t.ctx.db.selectFrom('appointment_calendars').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
}

// A calendar of its own, so a change by one role does not make the next one's version stale.
async function calendarIn(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('appointment_calendars')
    .values({ name: `Access ${randomUUID()}`, working_days: '1,2,3,4,5,6,7', day_start: '10:00', day_end: '18:00', slot_minutes: 15, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function tokenIn(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('appointment_tokens')
    .values({ calendar_id: await firstCalendar(t), token_date: '2099-01-05', token_number: Math.floor(Math.random() * 1e9), visitor_name: 'Walk-in', purpose: 'Road repair', status: 'Checked in', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let appointmentDay = 0;
async function appointmentIn(t: TestApp): Promise<{ id: number; day: string }> {
  const now = new Date().toISOString();
  appointmentDay += 1;
  const day = `2099-${String(Math.floor(appointmentDay / 28) % 12 + 1).padStart(2, '0')}-${String((appointmentDay % 28) + 1).padStart(2, '0')}`;
  const row = await t.ctx.db
    .insertInto('appointments')
    .values({ calendar_id: await firstCalendar(t), kind: 'meeting', appointment_date: day, slot: '10:00', visitor_name: 'Walk-in', purpose: 'Road repair', status: 'Requested', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, day };
}

async function villageProgramIn(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('village_programs')
    .values({ title: 'Gram sabha', kind: 'meeting', program_date: '2026-11-02', taluka: 'Digras', village: 'Arambhi', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const villageProgram = { title: 'Gram sabha', kind: 'meeting', program_date: '2026-11-02', taluka: 'Digras', village: 'Arambhi' };

// Issue 61: a survey of one question asked in Booth-01 (the field users' booth), in the given state.
const surveyBody = { title: { en: 'Water' }, language: 'en', unit: 'voter', targets: [{ booth: 'Booth-01' }], questions: [{ key: 'q1', kind: 'single', text: { en: 'Tap water?' }, options: [{ key: 'yes', text: { en: 'Yes' } }, { key: 'no', text: { en: 'No' } }] }] };
async function surveyIn(t: TestApp, state: 'draft' | 'open' = 'open'): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('surveys')
    .values({ title: JSON.stringify(surveyBody.title), description: '{}', language: 'en', unit: 'voter', state, questions: JSON.stringify(surveyBody.questions.map((question) => ({ ...question, required: false, min: null, max: null, condition: null }))), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('survey_targets').values({ survey_id: row.id, booth: 'Booth-01', first_page: null, last_page: null }).execute();
  return row.id;
}

async function notificationFor(t: TestApp, caller: Caller | null): Promise<number> {
  const to = caller?.user ?? (await someUser(t));
  const now = new Date().toISOString();
  const row = await t.ctx.db.insertInto('notifications').values({ message: 'Hello', type: 'manual', sender_id: to.id, sender_name: to.full_name, created_at: now }).returning('id').executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('notification_recipients').values({ notification_id: Number(row.id), user_id: to.id, read_at: null, sms_status: 'sent', sms_attempts: 1 }).execute();
  return Number(row.id);
}

// Issue 60: a template, and a send of one message (waiting for approval, or sending) made
// straight in the database.
async function voterTemplate(t: TestApp): Promise<number> {
  return insertTemplate(t.ctx.db, { name: 'Meeting', category: 'service', dlt_template_id: '1207160000000054321', texts: { en: 'Dear {name}', mr: '', hi: '', gu: '' }, whatsapp_template: '' }, new Date());
}
async function voterSend(t: TestApp, status: 'awaiting_approval' | 'sending'): Promise<number> {
  const voter = await seedVoter(t.ctx, { booth: 'Booth-01', mobile_number: '9876500099' });
  const now = new Date().toISOString();
  return insertSend(
    t.ctx.db,
    { template_id: await voterTemplate(t), template_name: 'Meeting', category: 'service', dlt_template_id: '1', audience: '{}', status, total: 1, no_mobile: 0, opted_out: 0, parts: 1, price_paise: 25, not_before: null, created_by: 1, created_by_name: 'Test', approved_by: null, approved_by_name: null, approved_at: null, created_at: now, channel: 'sms', whatsapp_template: null },
    [{ voter_id: voter.id, mobile: '9876500099', text: 'Dear voter', parts: 1 }],
  );
}

// Field users sign in with Booth-01 (createUser's default), so this voter is in their scope.
const voterInCallerBooth = async (t: TestApp) => seedVoter(t.ctx, { booth: 'Booth-01' });

// A finished constituency slip job with a file (issue 22), made straight in the database and on disk.
async function finishedSlipJob(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('jobs')
    .values({ kind: 'constituency_slips', state: 'done', params: '{"lang":"mr","format":"a4"}', total: 396, done: 396, items: 0, created_by: null, created_at: now, updated_at: now, file_name: 'job.pdf', file_bytes: 9, error: null, finished_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dir = path.join(t.ctx.config.dataDir, 'slip-jobs');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `voter-slips-constituency-${row.id}.pdf`), '%PDF-1.3\n');
  return row.id;
}

// A fresh voter with a pending flag of the kind, raised as a field worker's contact would.
async function pendingFlag(t: TestApp, kind: 'deceased' | 'moved_away'): Promise<number> {
  const voter = await voterInCallerBooth(t);
  const at = new Date().toISOString();
  const contact = await t.ctx.db
    .insertInto('voter_contacts')
    .values({ voter_id: voter.id, user_id: null, user_name: 'Field worker', channel: 'visit', outcome: kind, issues: '[]', note: null, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const flag = await t.ctx.db
    .insertInto('voter_flags')
    .values({ voter_id: voter.id, kind, status: 'pending', contact_id: Number(contact.id), raised_by: null, raised_by_name: 'Field worker', raised_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(flag.id);
}

export const VALID_REQUESTS: Record<string, RequestBuilder> = {
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/health/details': async () => ({ url: '/api/health/details' }),
  'POST /api/auth/login': async (t) => {
    const user = await someUser(t);
    return { url: '/api/auth/login', payload: { username: user.username, password: TEST_PASSWORD } };
  },
  'POST /api/auth/login/two-factor': async () => ({ url: '/api/auth/login/two-factor', payload: { challenge: 'not-a-real-challenge', code: '123456' } }),
  'GET /api/auth/me': async () => ({ url: '/api/auth/me' }),
  'POST /api/auth/logout': async () => ({ url: '/api/auth/logout' }),
  'GET /api/settings': async () => ({ url: '/api/settings' }),
  'GET /api/settings/public': async () => ({ url: '/api/settings/public' }),
  'GET /api/settings/language': async () => ({ url: '/api/settings/language' }),
  'PUT /api/settings': async () => ({ url: '/api/settings', payload: { email_notifications: 'true' } }),
  'GET /api/users': async () => ({ url: '/api/users' }),
  'GET /api/users/by-role': async () => ({ url: '/api/users/by-role?role=Karyakarta' }),
  'POST /api/users': async () => ({ url: '/api/users', payload: newUserBody() }),
  'PUT /api/users/me/password': async () => ({ url: '/api/users/me/password', payload: { current_password: TEST_PASSWORD, new_password: 'Brand-New-Pass-77!' } }),
  'PUT /api/users/me/language': async () => ({ url: '/api/users/me/language', payload: { language: 'mr' } }),
  'PUT /api/users/:id': async (t) => {
    const user = await someUser(t);
    return { url: `/api/users/${user.id}`, payload: { username: user.username, full_name: 'Renamed', role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876543210' } };
  },
  'PUT /api/users/:id/password': async (t) => ({ url: `/api/users/${(await someUser(t)).id}/password`, payload: { password: 'Reset-Pass-55!' } }),
  'DELETE /api/users/:id': async (t) => ({ url: `/api/users/${(await someUser(t)).id}` }),
  'GET /api/two-factor/users/:id': async (t) => ({ url: `/api/two-factor/users/${(await someUser(t)).id}` }),
  'DELETE /api/two-factor/users/:id': async (t) => ({ url: `/api/two-factor/users/${(await someUser(t)).id}` }),
  'GET /api/tasks': async () => ({ url: '/api/tasks' }),
  'POST /api/tasks': async (t, caller) => ({ url: '/api/tasks', payload: { title: 'Call voters', assigned_to: caller?.user.id ?? (await someUser(t)).id } }),
  'PUT /api/tasks/:id': async (t, caller) => ({ url: `/api/tasks/${await taskOf(t, caller)}`, payload: { status: 'In Progress' } }),
  'DELETE /api/tasks/:id': async (t, caller) => ({ url: `/api/tasks/${await taskOf(t, caller)}` }),
  // Issue 59: a request in Booth-01, the booth every test field user reaches.
  'GET /api/service-requests': async () => ({ url: '/api/service-requests' }),
  'POST /api/service-requests': async () => ({ url: '/api/service-requests', payload: { citizen_name: 'Walk-in', category: 'water', description: 'No water', booth: 'Booth-01' } }),
  'GET /api/service-requests/export/excel': async () => ({ url: '/api/service-requests/export/excel?status=New' }),
  'GET /api/service-requests/counts': async () => ({ url: '/api/service-requests/counts' }),
  'GET /api/service-requests/analytics': async () => ({ url: '/api/service-requests/analytics?from=2026-01-01' }),
  'GET /api/service-requests/:id': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}` }),
  'PUT /api/service-requests/:id': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}`, payload: { citizen_name: 'Walk-in', category: 'road', description: 'Pothole', booth: 'Booth-01' } }),
  'POST /api/service-requests/:id/notes': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}/notes`, payload: { note: 'Called back' } }),
  'GET /api/service-requests/:id/attachments': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}/attachments` }),
  'POST /api/service-requests/:id/attachments': async (t) => {
    const form = multipart({}, { field: 'file', filename: 'application.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
    return { url: `/api/service-requests/${await serviceRequestIn(t)}/attachments`, payload: form.payload, headers: form.headers };
  },
  // No such attachment: 404 proves the caller got past the door (the attachment tests cover the 200).
  'GET /api/service-requests/:id/attachments/:attachmentId': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}/attachments/999999` }),
  'DELETE /api/service-requests/:id/attachments/:attachmentId': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}/attachments/999999` }),
  'GET /api/service-requests/:id/receipt': async (t) => ({ url: `/api/service-requests/${await serviceRequestIn(t)}/receipt` }),
  'GET /api/appointments': async () => ({ url: '/api/appointments?date=2099-01-05' }),
  'POST /api/appointments': async () => ({ url: '/api/appointments', payload: { visitor_name: 'Walk-in', appointment_date: '2099-01-05', slot: nextFreeSlot(), purpose: 'Road repair' } }),
  'PUT /api/appointments/:id': async (t) => {
    const { id, day } = await appointmentIn(t);
    return { url: `/api/appointments/${id}`, payload: { visitor_name: 'Walk-in', appointment_date: day, slot: '10:00', purpose: 'Road repair', status: 'Requested' } };
  },
  'GET /api/appointments/calendars': async () => ({ url: '/api/appointments/calendars' }),
  'POST /api/appointments/calendars': async () => ({ url: '/api/appointments/calendars', payload: { name: `Leader ${randomUUID()}`, working_days: [1, 2, 3], day_start: '10:00', day_end: '13:00', slot_minutes: 30 } }),
  'PUT /api/appointments/calendars/:id': async (t) => ({ url: `/api/appointments/calendars/${await calendarIn(t)}`, payload: { name: `Leader ${randomUUID()}`, working_days: [1, 2, 3], day_start: '10:00', day_end: '13:00', slot_minutes: 30 } }),
  'POST /api/appointments/calendars/:id/blocked-days': async (t) => ({ url: `/api/appointments/calendars/${await calendarIn(t)}/blocked-days`, payload: { blocked_date: '2099-01-05', reason: 'Assembly session' } }),
  'DELETE /api/appointments/calendars/:id/blocked-days/:blockedId': async (t) => {
    const calendar = await calendarIn(t);
    const row = await t.ctx.db.insertInto('appointment_blocked_days').values({ calendar_id: calendar, blocked_date: '2099-01-05', reason: 'Leave', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    return { url: `/api/appointments/calendars/${calendar}/blocked-days/${row.id}` };
  },
  'GET /api/appointments/sheet': async () => ({ url: '/api/appointments/sheet?date=2099-01-05&lang=mr' }),
  'GET /api/appointments/tokens': async () => ({ url: '/api/appointments/tokens?date=2099-01-05' }),
  'POST /api/appointments/tokens': async () => ({ url: '/api/appointments/tokens', payload: { token_date: '2099-01-05', visitor_name: 'Walk-in', purpose: 'Road repair' } }),
  'PUT /api/appointments/tokens/:id': async (t) => ({ url: `/api/appointments/tokens/${await tokenIn(t)}`, payload: { status: 'Called' } }),
  'GET /api/village-programs': async () => ({ url: '/api/village-programs' }),
  'GET /api/village-programs/not-visited': async () => ({ url: '/api/village-programs/not-visited?days=30' }),
  'POST /api/village-programs': async () => ({ url: '/api/village-programs', payload: villageProgram }),
  'GET /api/village-programs/:id': async (t) => ({ url: `/api/village-programs/${await villageProgramIn(t)}` }),
  'PUT /api/village-programs/:id': async (t) => ({ url: `/api/village-programs/${await villageProgramIn(t)}`, payload: villageProgram }),
  'DELETE /api/village-programs/:id': async (t) => ({ url: `/api/village-programs/${await villageProgramIn(t)}` }),
  'GET /api/surveys': async () => ({ url: '/api/surveys' }),
  'GET /api/surveys/mine': async () => ({ url: '/api/surveys/mine' }),
  'POST /api/surveys': async () => ({ url: '/api/surveys', payload: surveyBody }),
  'GET /api/surveys/:id': async (t) => ({ url: `/api/surveys/${await surveyIn(t)}` }),
  'PUT /api/surveys/:id': async (t) => ({ url: `/api/surveys/${await surveyIn(t)}`, payload: surveyBody }),
  'DELETE /api/surveys/:id': async (t) => ({ url: `/api/surveys/${await surveyIn(t, 'draft')}` }),
  'POST /api/surveys/:id/state': async (t) => ({ url: `/api/surveys/${await surveyIn(t, 'draft')}/state`, payload: { state: 'open' } }),
  'POST /api/surveys/:id/responses': async (t) => ({ url: `/api/surveys/${await surveyIn(t)}/responses`, payload: { voters: [{ id: (await voterInCallerBooth(t)).id }], answers: { q1: 'yes' } } }),
  'GET /api/surveys/:id/results': async (t) => ({ url: `/api/surveys/${await surveyIn(t)}/results` }),
  'GET /api/surveys/:id/export': async (t) => ({ url: `/api/surveys/${await surveyIn(t)}/export` }),
  'GET /api/voters/:id/surveys': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}/surveys` }),
  'POST /api/notifications/send': async (t) => ({ url: '/api/notifications/send', payload: { message: 'Meeting at 5 pm', recipients: [(await someUser(t)).id], type: 'manual' } }),
  'GET /api/notifications/logs': async () => ({ url: '/api/notifications/logs' }),
  'GET /api/notifications/stats': async () => ({ url: '/api/notifications/stats' }),
  'GET /api/notifications/sms-pricing': async () => ({ url: '/api/notifications/sms-pricing' }),
  'GET /api/notifications/recipients': async () => ({ url: '/api/notifications/recipients?role=Admin' }),
  'GET /api/notifications/my': async () => ({ url: '/api/notifications/my' }),
  'GET /api/voter-messages/consent/:id': async (t) => ({ url: `/api/voter-messages/consent/${(await voterInCallerBooth(t)).id}` }),
  'PUT /api/voter-messages/consent/:id': async (t) => ({ url: `/api/voter-messages/consent/${(await voterInCallerBooth(t)).id}`, payload: { state: 'opted_in' } }),
  'POST /api/voter-messages/delivery': async () => ({ url: '/api/voter-messages/delivery?token=x', payload: { message_id: 'no-such-message', status: 'delivered' } }),
  'POST /api/voter-messages/inbound': async () => ({ url: '/api/voter-messages/inbound?token=x', payload: { from: '9876543210', text: 'STOP' } }),
  // A message whose check fails: 400, past the door (sms-marks.test.ts marks real ones).
  'POST /api/poll/sms-marks': async () => ({ url: '/api/poll/sms-marks', payload: { from: '9000000009', text: 'VM 1 1 00' } }),
  'GET /api/voter-messages/templates': async () => ({ url: '/api/voter-messages/templates' }),
  'POST /api/voter-messages/templates': async () => ({ url: '/api/voter-messages/templates', payload: { name: 'Meeting', category: 'service', dlt_template_id: '1207160000000054321', texts: { en: 'Dear {name}' } } }),
  'PUT /api/voter-messages/templates/:id': async (t) => ({ url: `/api/voter-messages/templates/${await voterTemplate(t)}`, payload: { name: 'Meeting', category: 'service', dlt_template_id: '1207160000000054321', texts: { en: 'Dear {name}' } } }),
  'GET /api/voter-messages/greetings': async (t) => ({ url: `/api/voter-messages/greetings?template_id=${await voterTemplate(t)}` }),
  'POST /api/voter-messages/greetings/whatsapp': async (t) => ({ url: '/api/voter-messages/greetings/whatsapp', payload: { voter_id: (await voterInCallerBooth(t)).id, occasion: 'birthday', template_id: await voterTemplate(t) } }),
  'POST /api/voter-messages/preview': async (t) => ({ url: '/api/voter-messages/preview', payload: { audience: { booth: 'Booth-01' }, template_id: await voterTemplate(t) } }),
  'POST /api/voter-messages/sends': async (t) => {
    await seedVoter(t.ctx, { booth: 'Booth-01', mobile_number: '9876500098' });
    return { url: '/api/voter-messages/sends', payload: { audience: { booth: 'Booth-01' }, template_id: await voterTemplate(t) } };
  },
  'GET /api/voter-messages/sends': async () => ({ url: '/api/voter-messages/sends' }),
  'GET /api/voter-messages/sends/:id': async (t) => ({ url: `/api/voter-messages/sends/${await voterSend(t, 'sending')}` }),
  'POST /api/voter-messages/sends/:id/approve': async (t) => ({ url: `/api/voter-messages/sends/${await voterSend(t, 'awaiting_approval')}/approve`, payload: {} }),
  'POST /api/voter-messages/sends/:id/cancel': async (t) => ({ url: `/api/voter-messages/sends/${await voterSend(t, 'sending')}/cancel`, payload: {} }),
  'GET /api/notifications/inbox': async () => ({ url: '/api/notifications/inbox?page=1' }),
  'POST /api/notifications/read/:id': async (t, caller) => ({ url: `/api/notifications/read/${await notificationFor(t, caller)}` }),
  'GET /api/audit-logs': async () => ({ url: '/api/audit-logs' }),
  'GET /api/voters': async () => ({ url: '/api/voters?search=Voter' }),
  'GET /api/voters/:id': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}` }),
  // No photo stored: 404 proves the caller got past the door (the photo tests cover the 200).
  'GET /api/voters/:id/photo': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}/photo` }),
  'POST /api/voters': async () => {
    const form = multipart(voterForm());
    return { url: '/api/voters', payload: form.payload, headers: form.headers };
  },
  'PUT /api/voters/:id': async (t) => {
    const form = multipart({ mobile_number: '9876501234' }); // a field every role may change
    return { url: `/api/voters/${(await voterInCallerBooth(t)).id}`, payload: form.payload, headers: form.headers };
  },
  'DELETE /api/voters/:id': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}` }),
  'POST /api/voters/import': async () => {
    const csv = `Voter Number,Full Name,Voter ID,Booth\r\nB1-1,Imported Voter,IMP${Date.now()}${Math.floor(Math.random() * 1e6)},Booth-01\r\n`;
    const form = multipart({}, { field: 'file', filename: 'voters.csv', contentType: 'text/csv', data: Buffer.from(csv) });
    return { url: '/api/voters/import', payload: form.payload, headers: form.headers };
  },
  'GET /api/voters/import/template': async () => ({ url: '/api/voters/import/template' }),
  'GET /api/voters/export/excel': async () => ({ url: '/api/voters/export/excel' }),
  'GET /api/voters/exp/excel': async () => ({ url: '/api/voters/exp/excel?booth=Booth-01' }),
  'POST /api/voters/:id/contacts': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}/contacts`, payload: { channel: 'visit', outcome: 'undecided', issues: ['Water'], note: 'Asked about the tanker' } }),
  'GET /api/voters/:id/contacts': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}/contacts` }),
  'GET /api/contacts/issues': async () => ({ url: '/api/contacts/issues' }),
  'POST /api/voters/:id/flags': async (t) => ({ url: `/api/voters/${(await voterInCallerBooth(t)).id}/flags`, payload: { kind: 'out_of_town', reason: 'Works in Pune since Diwali' } }),
  'GET /api/voter-flags': async () => ({ url: '/api/voter-flags' }),
  'POST /api/voter-flags/:id/confirm': async (t) => ({ url: `/api/voter-flags/${await pendingFlag(t, 'deceased')}/confirm`, payload: { note: 'Death certificate seen' } }),
  'POST /api/voter-flags/:id/dismiss': async (t) => ({ url: `/api/voter-flags/${await pendingFlag(t, 'moved_away')}/dismiss`, payload: {} }),
  'GET /api/analytics/dashboard': async () => ({ url: '/api/analytics/dashboard' }),
  'GET /api/analytics/recent-activity': async () => ({ url: '/api/analytics/recent-activity' }),
  'GET /api/analytics/filter-options': async () => ({ url: '/api/analytics/filter-options' }),
  'GET /api/analytics/gender': async () => ({ url: '/api/analytics/gender' }),
  'GET /api/analytics/age-groups': async () => ({ url: '/api/analytics/age-groups' }),
  'GET /api/analytics/areas': async () => ({ url: '/api/analytics/areas' }),
  'GET /api/analytics/caste': async () => ({ url: '/api/analytics/caste' }),
  'GET /api/analytics/political-preference': async () => ({ url: '/api/analytics/political-preference' }),
  'GET /api/analytics/caste-political-cross': async () => ({ url: '/api/analytics/caste-political-cross' }),
  // Issue 20: Booth-01 (id 1) is in the field callers' booth access.
  'GET /api/booths': async () => ({ url: '/api/booths' }),
  'GET /api/booths/:id': async () => ({ url: '/api/booths/1' }),
  'PUT /api/booths/:id': async () => ({ url: '/api/booths/1', payload: { polling_station_name: 'Zilla Parishad School' } }),
  'PUT /api/booths/:id/class': async () => ({ url: '/api/booths/1/class', payload: { class_override: 'B', reason: 'Office visit' } }),
  // Issue 61: past results; each call that needs an election gets one of its own.
  'GET /api/election-results': async () => ({ url: '/api/election-results' }),
  'POST /api/election-results/import': async () => {
    const csv = `Booth,BJP,Total Electors,Votes Polled\nBooth-01,10,100,50\n`;
    const form = multipart({ name: `Access ${randomUUID()}`, year: '2019', kind: 'assembly', preview: 'true' }, { field: 'file', filename: 'form20.csv', contentType: 'text/csv', data: Buffer.from(csv) });
    return { url: '/api/election-results/import', payload: form.payload, headers: form.headers };
  },
  'GET /api/election-results/booths/:id': async () => ({ url: '/api/election-results/booths/1' }),
  'GET /api/election-results/:id': async (t) => ({ url: `/api/election-results/${await pastElection(t)}` }),
  'DELETE /api/election-results/:id': async (t) => ({ url: `/api/election-results/${await pastElection(t)}` }),
  'GET /api/analytics/booths': async () => ({ url: '/api/analytics/booths' }),
  'GET /api/analytics/workers': async () => ({ url: '/api/analytics/workers' }),
  'GET /api/booths/:id/voters': async () => ({ url: '/api/booths/1/voters?page=1' }),
  'GET /api/booths/:id/households': async () => ({ url: '/api/booths/1/households' }),
  'PUT /api/booths/:id/assignments': async (t) => {
    const worker = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-01'] });
    // Whoever holds the pages from an earlier call is named, so the call is not a 409.
    const holders = await t.ctx.db.selectFrom('page_assignments').select('user_id').where('booth_id', '=', 1).execute();
    return { url: '/api/booths/1/assignments', payload: { user_id: worker.id, pages: { from: 1, to: 2 }, expected_holders: holders.map((row) => row.user_id) } };
  },
  'GET /api/my-voters': async () => ({ url: '/api/my-voters' }),
  'GET /api/slips/voters/:id': async (t) => ({ url: `/api/slips/voters/${(await voterInCallerBooth(t)).id}` }),
  'GET /api/slips/households/:id': async (t) => ({ url: `/api/slips/households/${(await seedHousehold(t)).id}` }),
  'GET /api/slips/booths/:id': async (t) => {
    await voterInCallerBooth(t);
    return { url: '/api/slips/booths/1?format=thermal58' };
  },
  'GET /api/slips/search': async (t) => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', full_name: `Slipfind ${randomUUID().slice(0, 8)}` });
    return { url: `/api/slips/search?booth=Booth-01&search=${encodeURIComponent(voter.full_name)}` };
  },
  'GET /api/slips/voters/:id/share': async (t) => ({ url: `/api/slips/voters/${(await voterInCallerBooth(t)).id}/share` }),
  'GET /api/slips/households/:id/share': async (t) => ({ url: `/api/slips/households/${(await seedHousehold(t)).id}/share` }),
  'GET /api/slips/voters/:id/code': async (t) => ({ url: `/api/slips/voters/${(await voterInCallerBooth(t)).id}/code` }),
  'POST /api/slips/voters/:id/code/revoke': async (t) => ({ url: `/api/slips/voters/${(await voterInCallerBooth(t)).id}/code/revoke`, payload: { generation: 0 } }),
  'POST /api/slips/jobs': async () => ({ url: '/api/slips/jobs', payload: { lang: 'en', format: 'thermal58' } }),
  'GET /api/slips/jobs': async () => ({ url: '/api/slips/jobs' }),
  'GET /api/slips/jobs/:id': async (t) => ({ url: `/api/slips/jobs/${await finishedSlipJob(t)}` }),
  'POST /api/slips/jobs/:id/cancel': async (t) => ({ url: `/api/slips/jobs/${await finishedSlipJob(t)}/cancel`, payload: {} }),
  'GET /api/slips/jobs/:id/file': async (t) => ({ url: `/api/slips/jobs/${await finishedSlipJob(t)}/file` }),
  'GET /api/sync/voters': async () => ({ url: '/api/sync/voters?limit=10' }),
  'GET /api/households': async () => ({ url: '/api/households?booth=Booth-01' }),
  'GET /api/households/:id': async (t) => ({ url: `/api/households/${(await seedHousehold(t)).id}` }),
  'POST /api/households/propose': async () => ({ url: '/api/households/propose', payload: { booth: 'Booth-01' } }),
  'POST /api/households/:id/confirm': async (t) => ({ url: `/api/households/${(await seedHousehold(t)).id}/confirm`, payload: {} }),
  'POST /api/households/:id/split': async (t) => {
    const household = await seedHousehold(t, { members: 2 });
    return { url: `/api/households/${household.id}/split`, payload: { voter_ids: [household.memberIds[1]] } };
  },
  'POST /api/households/:id/merge': async (t) => {
    const [first, second] = [await seedHousehold(t), await seedHousehold(t)];
    return { url: `/api/households/${first.id}/merge`, payload: { other_id: second.id } };
  },
  'POST /api/households/:id/members': async (t) => ({
    url: `/api/households/${(await seedHousehold(t)).id}/members`,
    payload: { voter_id: (await voterInCallerBooth(t)).id },
  }),
  'POST /api/duplicates/scan': async () => ({ url: '/api/duplicates/scan' }),
  'GET /api/duplicates/scan': async () => ({ url: '/api/duplicates/scan' }),
  'GET /api/duplicates': async () => ({ url: '/api/duplicates' }),
  'POST /api/duplicates/:id/mark': async (t) => {
    const pair = await seedPair(t);
    return { url: `/api/duplicates/${pair.id}/mark`, payload: { duplicate_voter_id: pair.voterB } };
  },
  'POST /api/duplicates/:id/dismiss': async (t) => ({ url: `/api/duplicates/${(await seedPair(t)).id}/dismiss` }),
  'POST /api/duplicates/:id/reopen': async (t) => {
    const pair = await seedPair(t);
    await t.ctx.db.updateTable('duplicate_pairs').set({ status: 'dismissed' }).where('id', '=', pair.id).execute();
    return { url: `/api/duplicates/${pair.id}/reopen` };
  },
  'GET /api/poll/booths/:id/voters': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/booths/1/voters?serials=1,2' };
  },
  'GET /api/poll/booths/:id/marks': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/booths/1/marks' };
  },
  'POST /api/poll/booths/:id/marks': async (t) => {
    await pollDay(t);
    await seedVoter(t.ctx, { booth: 'Booth-01', part_serial: 1 });
    return { url: '/api/poll/booths/1/marks', payload: { serials: [1] } };
  },
  'POST /api/poll/booths/:id/slip-marks': async (t) => {
    await pollDay(t);
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01', part_serial: 2 });
    return { url: '/api/poll/booths/1/slip-marks', payload: { token: signSlipToken(slipTokenKey(t.ctx.config.jwtSecret), voter.id, 0) } };
  },
  'POST /api/poll/booths/:id/unmark': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/booths/1/unmark', payload: { serials: [1] } };
  },
  'GET /api/poll/turnout': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/turnout' };
  },
  'GET /api/poll/chase/mine': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/chase/mine' };
  },
  'GET /api/poll/chase/booths': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/chase/booths' };
  },
  'GET /api/poll/chase/booths/:id': async (t) => {
    await pollDay(t);
    return { url: '/api/poll/chase/booths/1' };
  },
  'PUT /api/poll/chase/voters/:id': async (t) => {
    await pollDay(t);
    const voter = await seedVoter(t.ctx, { booth: 'Booth-01' });
    return { url: `/api/poll/chase/voters/${voter.id}`, payload: { status: 'called' } };
  },
  // Issue 19, the roll import: each call gets its own import waiting for review.
  'GET /api/rolls/imports': async () => ({ url: '/api/rolls/imports' }),
  'POST /api/rolls/imports': async () => {
    const upload = tinyRollUpload();
    return { url: '/api/rolls/imports', headers: upload.headers, payload: upload.payload };
  },
  'GET /api/rolls/imports/:id': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}` }),
  'POST /api/rolls/imports/:id/cancel': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}/cancel` }),
  'GET /api/rolls/imports/:id/voters': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}/voters` }),
  'PUT /api/rolls/imports/:id/voters/:n': async (t) => {
    const seeded = await seedRollImportInReview(t);
    return { url: `/api/rolls/imports/${seeded.id}/voters/${seeded.n}`, payload: { values: { age: 44 } } };
  },
  'GET /api/rolls/imports/:id/voters/:n/crop.png': async (t) => {
    const seeded = await seedRollImportInReview(t);
    return { url: `/api/rolls/imports/${seeded.id}/voters/${seeded.n}/crop.png` };
  },
  'PUT /api/rolls/imports/:id/booth': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}/booth`, payload: { booth: 'Booth-01' } }),
  'GET /api/rolls/imports/:id/absent': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}/absent` }),
  'POST /api/rolls/imports/:id/commit': async (t) => ({ url: `/api/rolls/imports/${(await seedRollImportInReview(t)).id}/commit`, payload: {} }),
};

// A fingerprint of every table's rows, to prove a refused request changed nothing.
export async function databaseChecksum(t: TestApp): Promise<string> {
  const tables = ['users', 'sessions', 'voters', 'tasks', 'notifications', 'notification_recipients', 'settings', 'audit_logs', 'voter_contacts', 'voter_flags', 'booths', 'page_assignments', 'house_assignments', 'service_requests', 'service_request_notes', 'appointments', 'village_programs', 'village_program_booths'];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(t.ctx.db);
    parts.push(`${table}:${JSON.stringify(rows.rows)}`);
  }
  return `${testDialect()}|${parts.join('\n')}`;
}
