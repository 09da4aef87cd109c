import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@shared/auth/roles';
import type { ChaseBooths, ChaseList, Turnout } from '@shared/poll/poll-schema';
import { zonedDay } from '@shared/time/zoned-time';
import type { UserRow, VoterRow } from '../../src/db/schema';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Poll day, turnout and chasing (issue 22): the dashboard's counts by booth, hour and gender,
// each role's view, the chase lists and marks, and the SMS silence period.

let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;
let karyakarta: UserRow;
let supervisorOther: Headers;
const ELECTION = '2029-10-20';
const A = { id: 41, label: 'Booth-41' };
const B = { id: 42, label: 'Booth-42' };
const inA: VoterRow[] = [];
const inB: VoterRow[] = [];

beforeAll(async () => {
  t = await createTestApp();
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: [A.label] })).headers;
  supervisorOther = (await signInAs(t, 'Supervisor', { booth_access: [B.label] })).headers;
  const signed = await signInAs(t, 'Karyakarta', { booth_access: [A.label] });
  as.Karyakarta = signed.headers;
  karyakarta = signed.user;
  await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_booths: `${A.label},${B.label}`, poll_start: '07:00', poll_end: '18:00' });
  // Booth A: 10 voters (6 men, 4 women), serials 1-10; B: 4 voters.
  for (let serial = 1; serial <= 10; serial += 1) inA.push(await seedVoter(t.ctx, { booth: A.label, part_serial: serial, gender: serial <= 6 ? 'Male' : 'Female', mobile_number: `98765432${String(serial).padStart(2, '0')}` }));
  for (let serial = 1; serial <= 4; serial += 1) inB.push(await seedVoter(t.ctx, { booth: B.label, part_serial: serial, gender: 'Female' }));
  // Supporters: A serials 1-5 (strong / leaning), B serials 1-3.
  const support = (voter: VoterRow, level: string) => t.ctx.db.updateTable('voters').set({ support_level: level }).where('id', '=', voter.id).execute();
  for (const voter of inA.slice(0, 3)) await support(voter, 'strong_supporter');
  for (const voter of inA.slice(3, 5)) await support(voter, 'leaning_supporter');
  await support(inA[5]!, 'opposed');
  for (const voter of inB.slice(0, 3)) await support(voter, 'strong_supporter');
  // The Karyakarta holds page 1 of booth A (serials 1-30 at the default 30 a page).
  await t.ctx.db.insertInto('page_assignments').values({ booth_id: A.id, page: 1, user_id: karyakarta.id, assigned_by: null, assigned_at: new Date().toISOString() }).execute();
  // Voted: A serials 1, 2, 7 (two men, one woman); B serial 1.
  for (const [booth, serials] of [
    [A.id, [1, 2, 7]],
    [B.id, [1]],
  ] as const) {
    const response = await t.app.inject({ method: 'POST', url: `/api/poll/booths/${booth}/marks`, headers: as.Admin, payload: { serials } });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/poll/turnout', () => {
  it.each(['Super Admin', 'Admin'] as const)('should count turnout by booth, hour and gender over the booths taking part for %s', async (role) => {
    const response = await get('/api/poll/turnout', as[role]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Turnout>();
    expect(body.election).toEqual({ name: '', poll_date: ELECTION, poll_start: '07:00', poll_end: '18:00' });
    expect(body.totals).toEqual({ voters: 14, voted: 4, male_voters: 6, male_voted: 2, female_voters: 8, female_voted: 2 });
    // By share of voters: A 3/10, B 1/4.
    expect(body.booths.map((booth) => [booth.label, booth.voted, booth.voters])).toEqual([
      [A.label, 3, 10],
      [B.label, 1, 4],
    ]);
    expect(body.booths[0]).toMatchObject({ male_voted: 2, female_voted: 1, male_voters: 6, female_voters: 4 });
    // Every poll hour is listed; the marks above were made now, which outside poll hours (the
    // tests run at any time of day) is an hour of its own, in order among them.
    const hours = body.hours.map((hour) => hour.hour);
    expect(hours.filter((hour) => hour >= 7 && hour <= 17)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(hours).toEqual([...hours].sort((a, b) => a - b));
    expect(body.hours.reduce((sum, hour) => sum + hour.marks, 0)).toBe(4);
  });

  it('should count one booth when asked, and only a Supervisor’s own booths', async () => {
    const one = (await get(`/api/poll/turnout?booth_id=${B.id}`, as.Admin)).json<Turnout>();
    expect(one.booth).toBe(B.label);
    expect(one.totals).toMatchObject({ voters: 4, voted: 1 });
    const supervisor = await get('/api/poll/turnout', as.Supervisor);
    expect(supervisor.statusCode).toBe(200);
    expect(supervisor.json<Turnout>().booths.map((booth) => booth.label)).toEqual([A.label]);
    expect((await get(`/api/poll/turnout?booth_id=${B.id}`, as.Supervisor)).statusCode).toBe(403);
  });

  it('should refuse a Karyakarta (403), a bad booth (400) and a signed-out caller (401)', async () => {
    expect((await get('/api/poll/turnout', as.Karyakarta)).statusCode).toBe(403);
    const bad = await get('/api/poll/turnout?booth_id=abc', as.Admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
    expect((await get('/api/poll/turnout')).statusCode).toBe(401);
  });
});

describe('GET /api/poll/chase/mine', () => {
  it('should list the supporters on the Karyakarta’s pages who have not voted yet', async () => {
    const response = await get('/api/poll/chase/mine', as.Karyakarta);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ChaseList>();
    expect(body.voters.map((voter) => voter.part_serial)).toEqual([3, 4, 5]);
    expect(body.voters[0]).toMatchObject({ booth: A.label, mobile_number: '9876543203', support_level: 'strong_supporter', chase_status: null });
    // Every supporter on the pages, voted or not (issue 56: an empty list tells "all voted" from "none recorded").
    expect(body.supporters).toBe(5);
  });

  it.each(['Super Admin', 'Admin', 'Supervisor'] as const)('should refuse %s (a Karyakarta’s own list)', async (role) => {
    expect((await get('/api/poll/chase/mine', as[role])).statusCode).toBe(403);
  });

  it('should answer 401 signed out', async () => {
    expect((await get('/api/poll/chase/mine')).statusCode).toBe(401);
  });
});

describe('GET /api/poll/chase/booths', () => {
  it('should list booths by supporters still out, most first, for the office', async () => {
    const response = await get('/api/poll/chase/booths', as.Admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ChaseBooths>().booths).toEqual([
      { id: A.id, label: A.label, supporters: 5, voted: 2, out: 3 },
      { id: B.id, label: B.label, supporters: 3, voted: 1, out: 2 },
    ]);
    expect(response.json<ChaseBooths>().supporters).toBe(8);
  });

  it('should show a Supervisor only their booths and refuse a Karyakarta', async () => {
    expect((await get('/api/poll/chase/booths', supervisorOther)).json<ChaseBooths>().booths.map((booth) => booth.label)).toEqual([B.label]);
    expect((await get('/api/poll/chase/booths', as.Karyakarta)).statusCode).toBe(403);
    expect((await get('/api/poll/chase/booths')).statusCode).toBe(401);
  });

  it('should list one booth’s supporters still out in roll order, within a Supervisor’s booths', async () => {
    const response = await get(`/api/poll/chase/booths/${A.id}`, as.Supervisor);
    expect(response.statusCode).toBe(200);
    expect(response.json<ChaseList>().voters.map((voter) => voter.part_serial)).toEqual([3, 4, 5]);
    expect(response.json<ChaseList>().supporters).toBe(5);
    expect((await get(`/api/poll/chase/booths/${A.id}`, supervisorOther)).statusCode).toBe(403);
    expect((await get(`/api/poll/chase/booths/${A.id}`, as.Karyakarta)).statusCode).toBe(403);
    expect((await get('/api/poll/chase/booths/abc', as.Admin)).statusCode).toBe(400);
  });
});

describe('PUT /api/poll/chase/voters/:id', () => {
  const chase = (headers: Headers | undefined, voterId: number, payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/poll/chase/voters/${voterId}`, headers, payload: payload as Record<string, unknown> });

  it.each(ROLES)('should store how %s chased a supporter in their booths and audit it', async (role) => {
    const voter = inA[3]!;
    const status = role === 'Karyakarta' ? 'coming' : 'called';
    const response = await chase(as[role], voter.id, { status });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ voter_id: voter.id, status });
    const stored = await t.ctx.db.selectFrom('poll_chases').selectAll().where('voter_id', '=', voter.id).execute();
    expect(stored).toEqual([expect.objectContaining({ election: ELECTION, status })]);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CHASE_VOTER').where('record_id', '=', String(voter.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toEqual({ election: ELECTION, status });
  });

  it('should show the chase on the Karyakarta’s list', async () => {
    await chase(as.Karyakarta, inA[4]!.id, { status: 'wont_come' });
    const list = (await get('/api/poll/chase/mine', as.Karyakarta)).json<ChaseList>();
    expect(list.voters.find((voter) => voter.id === inA[4]!.id)).toMatchObject({ chase_status: 'wont_come' });
  });

  it('should answer 404 outside the caller’s booths, 400 for a bad status and 401 signed out', async () => {
    expect((await chase(as.Karyakarta, inB[1]!.id, { status: 'called' })).statusCode).toBe(404);
    const bad = await chase(as.Admin, inA[3]!.id, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Choose called, coming or won’t come');
    expect((await chase(undefined, inA[3]!.id, { status: 'called' })).statusCode).toBe(401);
  });
});

describe('SMS silence period (POST /api/notifications/send)', () => {
  // Polls tomorrow (office timezone), open all day: now is within 48 hours before they open.
  const tomorrow = () => zonedDay(new Date(Date.now() + 24 * 3_600_000), 'Asia/Kolkata');
  const send = (headers: Headers, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/notifications/send', headers, payload: { message: 'Meeting at 5', recipients: [karyakarta.id], ...extra } });
  const withPoll = async (date: string, run: () => Promise<void>) => {
    await writeSettings(t.ctx.db, { poll_date: date, poll_start: '00:00', poll_end: '23:59' });
    try {
      await run();
    } finally {
      await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_start: '07:00', poll_end: '18:00' });
    }
  };

  it('should refuse bulk SMS with 423 and a clear message during the silence period', async () => {
    await withPoll(tomorrow(), async () => {
      const response = await send(as.Admin);
      expect(response.statusCode).toBe(423);
      expect(response.json<{ message: string }>().message).toBe(`SMS sending is paused for the silence period before the poll, until ${tomorrow()} 23:59. A Super Admin can send with a reason.`);
    });
  });

  it('should word the refusal in Marathi when the office speaks Marathi', async () => {
    await withPoll(tomorrow(), async () => {
      await writeSettings(t.ctx.db, { language: 'mr' });
      try {
        const response = await send(as.Admin);
        expect(response.statusCode).toBe(423);
        expect(response.json<{ message: string }>().message).toBe(`मतदानापूर्वीच्या शांतता कालावधीत एसएमएस पाठवणे ${tomorrow()} 23:59 पर्यंत थांबवले आहे. मुख्य प्रशासक कारण देऊन पाठवू शकतात.`);
      } finally {
        await writeSettings(t.ctx.db, { language: 'en' });
      }
    });
  });

  it('should let a Super Admin send with a reason and audit the override', async () => {
    await withPoll(tomorrow(), async () => {
      const response = await send(as['Super Admin'], { silence_override_reason: 'Booth agents moved to a new room' });
      expect(response.statusCode, response.body).toBe(201);
      const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'OVERRIDE_SMS_SILENCE').executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ table_name: 'notifications', record_id: String(response.json<{ _id: number }>()._id) });
      expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ reason: 'Booth agents moved to a new room', recipients: 1 });
    });
  });

  it('should refuse an override by anyone but a Super Admin, and an empty reason', async () => {
    await withPoll(tomorrow(), async () => {
      const admin = await send(as.Admin, { silence_override_reason: 'Urgent' });
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({ message: 'Only a Super Admin can send SMS during the silence period' });
      const empty = await send(as['Super Admin'], { silence_override_reason: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe('Give the reason for sending SMS during the silence period');
    });
  });

  it('should send as usual outside the silence period and when SMS is switched off', async () => {
    expect((await send(as.Admin)).statusCode).toBe(201);
    await withPoll(tomorrow(), async () => {
      await writeSettings(t.ctx.db, { sms_notifications: 'false' });
      try {
        expect((await send(as.Admin)).statusCode).toBe(201);
      } finally {
        await writeSettings(t.ctx.db, { sms_notifications: 'true' });
      }
    });
  });
});

describe('PUT /api/settings (the election)', () => {
  const put = async (payload: Record<string, unknown>) => {
    const version = (await get('/api/settings', as.Admin)).json<{ version: number }>().version;
    return t.app.inject({ method: 'PUT', url: '/api/settings', headers: as.Admin, payload: { ...payload, version } });
  };

  it('should keep the booths taking part in booth order without repeats', async () => {
    const response = await put({ poll_booths: 'Booth-42, Booth-41,Booth-42' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ poll_booths: 'Booth-41,Booth-42' });
  });

  it('should refuse polls closing before they open, and booths not on the list', async () => {
    const hours = await put({ poll_start: '18:00', poll_end: '07:00' });
    expect(hours.statusCode).toBe(400);
    expect(hours.json()).toMatchObject({ message: 'Polls must close after they open', fields: { poll_end: 'Polls must close after they open' } });
    const booths = await put({ poll_booths: 'Booth-41,Booth-999' });
    expect(booths.statusCode).toBe(400);
    expect(booths.json<{ message: string }>().message).toBe('Choose booths from the list');
  });
});
