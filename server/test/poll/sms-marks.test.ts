import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import type { MarkResult } from '@shared/poll/poll-schema';
import { encodeSmsMarks } from '@shared/poll/sms-marks';
import { writeSettings } from '../../src/features/settings/settings-repository';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Issue 61: poll-day marks by SMS when mobile data fails. The phone packs the booth and serials
// with a check (shared/poll/sms-marks.ts); the gateway's inbound callback, or the office pasting
// the message, marks them as the user whose registered mobile sent it: once each, within that
// user's booths, unknown senders and damaged messages refused, audited.

const TOKEN = 'inbound-secret-for-sms-marks-0123456789';
const ELECTION = '2029-10-20';
const BOOTH = { id: 33, label: 'Booth-33' };
const OTHER = { id: 34, label: 'Booth-34' };
const WORKER_MOBILE = '9811122233';
let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;

beforeAll(async () => {
  t = await createTestApp({ config: { smsInboundToken: TOKEN } });
  as['Super Admin'] = (await signInAs(t, 'Super Admin')).headers;
  as.Admin = (await signInAs(t, 'Admin')).headers;
  as.Supervisor = (await signInAs(t, 'Supervisor', { booth_access: [BOOTH.label] })).headers;
  const worker = await signInAs(t, 'Karyakarta', { booth_access: [BOOTH.label] });
  as.Karyakarta = worker.headers;
  await t.ctx.db.updateTable('users').set({ mobile: WORKER_MOBILE }).where('id', '=', worker.user.id).execute();
  await writeSettings(t.ctx.db, { poll_date: ELECTION, poll_booths: `${BOOTH.label},${OTHER.label}` });
  for (let serial = 1; serial <= 12; serial += 1) await seedVoter(t.ctx, { booth: BOOTH.label, part_serial: serial, full_name: `Voter ${serial}` });
  await seedVoter(t.ctx, { booth: OTHER.label, part_serial: 1 });
});
afterAll(async () => {
  await t.close();
});

const inbound = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/voter-messages/inbound?token=${TOKEN}`, payload });
const paste = (headers: Headers | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/poll/sms-marks', ...(headers ? { headers } : {}), payload });
const marked = async () => (await t.ctx.db.selectFrom('poll_marks').select(['voter_id', 'marked_by']).where('election', '=', ELECTION).execute()).length;

describe('poll-day marks by SMS', () => {
  it("should mark the serials of the gateway's inbound SMS as the worker whose mobile sent it, once each", async () => {
    const [message] = encodeSmsMarks(BOOTH.id, [1, 2, 3, 7]);
    const first = await inbound({ From: `+91${WORKER_MOBILE}`, Body: message! });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Marked 4 of 4 in Booth-33', action: 'poll_marks' });
    expect(await marked()).toBe(4);
    // The gateway retried, or the worker sent it twice: nobody is marked twice.
    const again = await inbound({ from: WORKER_MOBILE, text: message! });
    expect(again.json()).toEqual({ message: 'Marked 0 of 4 in Booth-33', action: 'poll_marks' });
    expect(await marked()).toBe(4);
    const audit = await t.ctx.db.selectFrom('audit_logs').select(['user_name', 'details']).where('action', '=', 'MARK_VOTED').orderBy('id').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toMatchObject({ serials: [1, 2, 3, 7], via: { channel: 'sms', from: '******2233' } });
  });

  it("should refuse an unknown sender, a damaged message and a booth outside the worker's", async () => {
    const [message] = encodeSmsMarks(BOOTH.id, [9]);
    const stranger = await inbound({ From: '+919000000001', Body: message! });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe("This SMS does not come from a user's registered mobile: marks by SMS are taken only from those");
    const damaged = await inbound({ From: WORKER_MOBILE, Body: message!.replace('VM 33 9', 'VM 33 8') });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe('This poll-day SMS is damaged (its check does not match): ask the worker to send it again');
    const elsewhere = await inbound({ From: WORKER_MOBILE, Body: encodeSmsMarks(OTHER.id, [1])[0]! });
    expect(elsewhere.statusCode).toBe(403);
    expect(await marked()).toBe(4);
    // A STOP still opts a number out: only "VM ..." messages are marks.
    expect((await inbound({ From: '9000000002', Body: 'STOP' })).json()).toMatchObject({ action: 'opted_out' });
  });

  it('should take a message the office pastes, named as pasted, for the office roles only', async () => {
    const payload = { from: WORKER_MOBILE, text: encodeSmsMarks(BOOTH.id, [10, 11])[0]! };
    expect((await paste(undefined, payload)).statusCode).toBe(401);
    expect((await paste(as.Supervisor, payload)).statusCode).toBe(403);
    expect((await paste(as.Karyakarta, payload)).statusCode).toBe(403);
    const response = await paste(as.Admin, payload);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as MarkResult;
    expect(result.voters.map((voter) => [voter.part_serial, voter.changed])).toEqual([
      [10, true],
      [11, true],
    ]);
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'MARK_VOTED').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details)).via).toMatchObject({ channel: 'sms', pasted_by: expect.any(String) });
    expect((await paste(as['Super Admin'], { from: WORKER_MOBILE, text: 'hello' })).json().message).toBe('This is not a poll-day SMS: it should read like "VM 123 4-7.12 K3"');
    expect((await paste(as.Admin, { from: '', text: '' })).statusCode).toBe(400);
  });
});
