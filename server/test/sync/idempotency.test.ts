import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voter } from '@shared/voters/voter-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { seedVoter, voterForm } from '../voters/voter-test-helpers';

// Idempotency-Key on the changes a phone queues offline (issue 21, decision 033): a change sent
// again gets the first answer and is never applied twice.

let t: TestApp;
type Headers = { authorization: string };
let karyakarta: Headers;
let other: Headers;

beforeAll(async () => {
  t = await createTestApp();
  karyakarta = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-31'] })).headers;
  other = (await signInAs(t, 'Karyakarta', { booth_access: ['Booth-31'] })).headers;
});
afterAll(async () => {
  await t.close();
});

const keyed = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });
const auditCount = async (action: string) => (await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

describe('Idempotency-Key on POST /api/voters', () => {
  it('should add the voter once and answer the repeat with the first answer when a phone sends the same change twice', async () => {
    const key = randomUUID();
    const form = voterForm({ booth: 'Booth-31', full_name: 'Sent Twice' });
    const audits = await auditCount('CREATE_VOTER');
    const first = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: form });
    const second = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: form });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Voter>()).toEqual(first.json<Voter>());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const stored = await t.ctx.db.selectFrom('voters').select('id').where('full_name', '=', 'Sent Twice').execute();
    expect(stored).toHaveLength(1);
    expect(await auditCount('CREATE_VOTER')).toBe(audits + 1);
  });

  it('should keep keys per user: another user with the same key makes their own change', async () => {
    const key = randomUUID();
    const a = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: voterForm({ booth: 'Booth-31' }) });
    const b = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(other, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json<Voter>().id).not.toBe(a.json<Voter>().id);
  });

  it('should answer 400 with a message when the key is not valid', async () => {
    for (const key of ['short', 'has space in it', 'x'.repeat(101), 'semi;colon;key']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: voterForm({ booth: 'Booth-31' }) });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ message: 'Idempotency-Key must be 8 to 100 letters, digits, - or _' });
    }
  });

  it('should refuse with 422 when a key is sent again for another change', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(first.statusCode).toBe(201);
    const reused = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: keyed(karyakarta, key), payload: { mobile_number: '9876500002' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used for another change' });
    expect((await t.ctx.db.selectFrom('voters').select('mobile_number').where('id', '=', voter.id).executeTakeFirstOrThrow()).mobile_number).toBeNull();
  });

  it('should answer 409 while the first request with the key is still being answered', async () => {
    const key = randomUUID();
    const user = await t.ctx.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('idempotency_keys').values({ user_id: user.id, key, request: 'POST /api/voters', status: null, response: null, created_at: new Date().toISOString() }).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(other, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This change is still being saved. Please try again in a moment.' });
  });

  it('should run the change again once the key is more than a day old', async () => {
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(first.statusCode).toBe(201);
    await t.ctx.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() }).where('key', '=', key).execute();
    const again = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(1);
  });

  it('should answer 401 without touching keys when signed out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { 'idempotency-key': randomUUID() }, payload: voterForm() });
    expect(response.statusCode).toBe(401);
  });
});

describe('Idempotency-Key on PUT /api/voters/:id', () => {
  it('should raise the version once and replay the first answer when the edit is sent twice', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    const key = randomUUID();
    const send = () => t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: keyed(karyakarta, key), payload: { mobile_number: '9876500003', version: 1 } });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json<Voter>().version).toBe(2);
    expect((await t.ctx.db.selectFrom('voters').select('version').where('id', '=', voter.id).executeTakeFirstOrThrow()).version).toBe(2);
  });

  it('should keep a 409 conflict as the answer to its key, with the current voter', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: other, payload: { mobile_number: '9876500004', version: 1 } });
    const key = randomUUID();
    const send = () => t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: keyed(karyakarta, key), payload: { mobile_number: '9876500005', version: 1 } });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(409);
    expect(first.json<{ current: Voter }>().current).toMatchObject({ mobile_number: '9876500004', version: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.body).toBe(first.body);
  });
});

describe('Idempotency-Key on POST /api/voters/:id/contacts', () => {
  it('should record the contact once when it is sent twice', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    const key = randomUUID();
    const send = () => t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: keyed(karyakarta, key), payload: { channel: 'visit', outcome: 'undecided' } });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(await t.ctx.db.selectFrom('voter_contacts').select('id').where('voter_id', '=', voter.id).execute()).toHaveLength(1);
  });
});
