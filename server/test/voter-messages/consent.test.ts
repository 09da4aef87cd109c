import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import type { VoterConsent } from '@shared/voter-messages/consent-schema';
import { replyIntent, tenDigitMobile } from '@shared/voter-messages/consent-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter } from '../voters/voter-test-helpers';

// Issue 60: a voter's messaging consent, changed by an office user (versions, 409, audit) or
// by a reply / the gateway's opt-out report through the token-guarded callback.

const TOKEN = 'inbound-secret-for-tests-0123456789';
let t: TestApp;
type Headers = { authorization: string };
const as = {} as Record<Role, Headers>;

beforeAll(async () => {
  t = await createTestApp({ config: { smsInboundToken: TOKEN } });
  for (const role of ALL_ROLES) as[role] = (await signInAs(t, role)).headers;
});
afterAll(async () => {
  await t.close();
});

const getConsent = (id: number, headers: Headers = as.Admin) => t.app.inject({ method: 'GET', url: `/api/voter-messages/consent/${id}`, headers });
const putConsent = (id: number, payload: Record<string, unknown>, headers: Headers = as.Admin) => t.app.inject({ method: 'PUT', url: `/api/voter-messages/consent/${id}`, headers, payload });
const inbound = (payload: Record<string, unknown> | string, options: { token?: string; form?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/voter-messages/inbound${options.token === undefined ? `?token=${TOKEN}` : options.token ? `?token=${options.token}` : ''}`,
    headers: options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    payload,
  });

describe('GET and PUT /api/voter-messages/consent/:id', () => {
  it('should read unknown at version 1 until someone records an answer', async () => {
    const voter = await seedVoter(t.ctx, { mobile_number: '9800000001' });
    const response = await getConsent(voter.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ voter_id: voter.id, state: 'unknown', changed_at: null, source: null, changed_by_name: null, note: null, number_opted_out: false, version: 1 });
  });

  it('should record an office answer with when, how and by whom, audit it, and refuse a stale version with 409', async () => {
    const voter = await seedVoter(t.ctx, { mobile_number: '9800000002', full_name: 'Sunita Pawar' });
    const { headers, user } = await signInAs(t, 'Admin', { full_name: 'Office Admin' });
    const saved = await putConsent(voter.id, { state: 'opted_in', note: 'Agreed at the ward meeting', version: 1 }, headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ state: 'opted_in', source: 'office', changed_by_name: 'Office Admin', note: 'Agreed at the ward meeting', version: 2 });
    expect(Date.parse(saved.json().changed_at)).toBeGreaterThan(Date.now() - 60_000);

    const stale = await putConsent(voter.id, { state: 'opted_out', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("Someone else changed this voter's messaging consent first. Reload and try again.");
    expect(stale.json().current).toMatchObject({ state: 'opted_in', version: 2 });

    expect((await putConsent(voter.id, { state: 'opted_out', version: 2 })).json()).toMatchObject({ state: 'opted_out', version: 3 });
    const audits = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CHANGE_MESSAGING_CONSENT').where('record_id', '=', String(voter.id)).orderBy('id').execute();
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ user_id: user.id, record_name: 'Sunita Pawar', table_name: 'voters' });
    expect(JSON.parse(audits[0]?.details ?? '{}')).toEqual({ from: 'unknown', to: 'opted_in', source: 'office', note: 'Agreed at the ward meeting', version: 2 });
  });

  it('should let only the office roles read and change consent', async () => {
    const voter = await seedVoter(t.ctx);
    for (const role of ALL_ROLES) {
      const allowed = role === 'Super Admin' || role === 'Admin';
      expect((await getConsent(voter.id, as[role])).statusCode).toBe(allowed ? 200 : 403);
      expect((await putConsent(voter.id, { state: 'opted_in' }, as[role])).statusCode).toBe(allowed ? 200 : 403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/voter-messages/consent/${voter.id}` })).statusCode).toBe(401);
  });

  it('should answer 400 for a bad state or note and 404 for a voter that is not there', async () => {
    const voter = await seedVoter(t.ctx);
    const bad = await putConsent(voter.id, { state: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose unknown, opted in or opted out');
    expect((await putConsent(voter.id, { state: 'opted_in', note: 'x'.repeat(201) })).json().message).toBe('The note can be at most 200 characters');
    expect((await putConsent(999999, { state: 'opted_in' })).statusCode).toBe(404);
    expect((await getConsent(999999)).json().message).toBe('Voter not found');
  });
});

describe('POST /api/voter-messages/inbound', () => {
  it('should opt the number out on a STOP reply, show every voter with it opted out, and audit it without the full number', async () => {
    const first = await seedVoter(t.ctx, { mobile_number: '9811111111' });
    const second = await seedVoter(t.ctx, { mobile_number: '9811111111' });
    // Twilio posts form-encoded From / Body with the country code.
    const response = await inbound('From=%2B919811111111&Body=stop', { form: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Number opted out', action: 'opted_out' });
    for (const voter of [first, second]) expect((await getConsent(voter.id)).json()).toMatchObject({ state: 'opted_out', source: 'reply', number_opted_out: true });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'MESSAGING_OPT_OUT').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.record_name).toBe('******1111');
    expect(audit.details).not.toContain('9811111111');
    expect(audit.user_name).toBe('SMS gateway');
  });

  it('should opt a number out on the gateway report, back in on START, and ignore other replies', async () => {
    const voter = await seedVoter(t.ctx, { mobile_number: '9822222222' });
    expect((await inbound({ mobile: '919822222222', event: 'opt-out' })).json().action).toBe('opted_out');
    expect((await getConsent(voter.id)).json()).toMatchObject({ state: 'opted_out', source: 'gateway' });
    expect((await inbound({ from: '9822222222', text: 'Thank you' })).json().action).toBe('ignored');
    expect((await inbound({ from: '9822222222', text: 'START' })).json().action).toBe('opted_in');
    expect((await getConsent(voter.id)).json()).toMatchObject({ state: 'unknown', number_opted_out: false });
  });

  it('should lift a number opt-out when an office user opts the voter back in', async () => {
    const voter = await seedVoter(t.ctx, { mobile_number: '9833333333' });
    await inbound({ from: '9833333333', text: 'STOP' });
    const consent = (await getConsent(voter.id)).json() as VoterConsent;
    const saved = await putConsent(voter.id, { state: 'opted_in', note: 'Asked in person', version: consent.version });
    expect(saved.json()).toMatchObject({ state: 'opted_in', number_opted_out: false });
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CHANGE_MESSAGING_CONSENT').where('record_id', '=', String(voter.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ from: 'opted_out', to: 'opted_in', number_opt_out_lifted: true });
  });

  it('should refuse a call without the right token, and every call when no token is configured', async () => {
    expect((await inbound({ from: '9844444444', text: 'STOP' }, { token: '' })).statusCode).toBe(403);
    const wrong = await inbound({ from: '9844444444', text: 'STOP' }, { token: 'wrong' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This callback needs the inbound token the office configured');
    expect(await t.ctx.db.selectFrom('message_opt_out_numbers').selectAll().where('mobile', '=', '9844444444').executeTakeFirst()).toBeUndefined();
    const header = await t.app.inject({ method: 'POST', url: '/api/voter-messages/inbound', headers: { 'x-inbound-token': TOKEN }, payload: { from: '9844444444', text: 'STOP' } });
    expect(header.json().action).toBe('opted_out');

    const plain = await createTestApp();
    try {
      const refused = await plain.app.inject({ method: 'POST', url: '/api/voter-messages/inbound', payload: { from: '9855555555', text: 'STOP' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('The SMS reply callback is not set up');
    } finally {
      await plain.close();
    }
  });
});

describe('reply words and numbers', () => {
  it('should read STOP and START in English, Marathi, Hindi and Gujarati, and the last ten digits of a number', () => {
    expect(['STOP', 'stop.', ' Stop please', 'UNSUBSCRIBE', 'बंद', 'रोको', 'બંધ'].map(replyIntent)).toEqual(Array(7).fill('opt_out'));
    expect(['START', 'start', 'सुरू', 'ચાલુ'].map(replyIntent)).toEqual(Array(4).fill('opt_in'));
    expect(['Thanks', 'Stopped by', ''].map(replyIntent)).toEqual([null, null, null]);
    expect(tenDigitMobile('+91 98765 43210')).toBe('9876543210');
    expect(tenDigitMobile('123')).toBeNull();
  });
});
