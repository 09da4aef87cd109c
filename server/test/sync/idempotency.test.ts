import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voter } from '@shared/voters/voter-schema';
import type { UserRow } from '../../src/db/schema';
import { registerErrorHandlers } from '../../src/plugins/error-handler';
import { answerKeeper, registerIdempotency } from '../../src/plugins/idempotency';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';
import { multipart, seedVoter, voterForm } from '../voters/voter-test-helpers';

// Idempotency-Key on the changes a phone queues offline (issue 21, decision 033): a change sent
// again gets the first answer and is never applied twice; the same key with another body is
// refused (422); a claim whose request died (its lease ran out) is taken over by the retry
// (issue 57, decision 059). Server processes killed mid-request: security/idempotency-crash.test.ts.

let t: TestApp;
type Headers = { authorization: string };
let karyakarta: Headers;
let karyakartaUser: UserRow;
let other: Headers;
// Short, so that tests of the lease need not wait: renewed every 150 ms while a request runs.
const LEASE_MS = 450;

beforeAll(async () => {
  t = await createTestApp({ config: { idempotencyLeaseMs: LEASE_MS } });
  ({ headers: karyakarta, user: karyakartaUser } = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-31'] }));
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

  it('should answer 409 while the first request with the key is still being answered within its lease', async () => {
    const key = randomUUID();
    const user = await t.ctx.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const claim = { user_id: user.id, key, request: 'POST /api/voters', request_hash: null, status: null, response: null, created_at: new Date().toISOString(), claim_token: 'held-elsewhere' };
    await t.ctx.db.insertInto('idempotency_keys').values({ ...claim, lease_until: new Date(Date.now() + 60_000).toISOString() }).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(other, key), payload: voterForm({ booth: 'Booth-31' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This change is still being saved. Please try again in a moment.' });
  });

  // Issue 57: a server killed mid-request left its claim "still being saved" for a day.
  it('should run the change once when the request that claimed the key died and its lease ran out', async () => {
    const key = randomUUID();
    const form = voterForm({ booth: 'Booth-31', full_name: 'Claimed Then Died' });
    const stale = { user_id: karyakartaUser.id, key, request: 'POST /api/voters', request_hash: null, status: null, response: null, created_at: new Date().toISOString() };
    await t.ctx.db.insertInto('idempotency_keys').values({ ...stale, claim_token: 'dead-process', lease_until: new Date(Date.now() - 1).toISOString() }).execute();
    const retry = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: form });
    const again = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: form });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Voter>().id).toBe(retry.json<Voter>().id);
    expect(await t.ctx.db.selectFrom('voters').select('id').where('full_name', '=', 'Claimed Then Died').execute()).toHaveLength(1);
  });

  // Issue 57: "FIRST" then "SECOND" under one key answered 200 replayed and dropped "SECOND".
  it('should refuse with 422 and change nothing when the same key comes again with another body', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    const key = randomUUID();
    const first = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: keyed(karyakarta, key), payload: { comment: 'FIRST', version: 1 } });
    const second = await t.app.inject({ method: 'PUT', url: `/api/voters/${voter.id}`, headers: keyed(karyakarta, key), payload: { comment: 'SECOND', version: 1 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ message: 'This Idempotency-Key was already used for another change' });
    const stored = await t.ctx.db.selectFrom('voters').select(['comment', 'version']).where('id', '=', voter.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ comment: 'FIRST', version: 2 });
  });

  // The web sends a form as multipart; when its answer is lost, the phone's outbox resends the
  // same change as JSON (numbers as numbers, no photo) under the same key.
  it('should replay a form first sent as multipart when the same change comes again as JSON', async () => {
    const key = randomUUID();
    const form = voterForm({ booth: 'Booth-31', full_name: 'Form Then Outbox', age: 41, mobile_number: null });
    const sent = multipart(form);
    const first = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...keyed(karyakarta, key), ...sent.headers }, payload: sent.payload });
    const resent = await t.app.inject({ method: 'POST', url: '/api/voters', headers: keyed(karyakarta, key), payload: form });
    expect(first.statusCode, first.body).toBe(201);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(await t.ctx.db.selectFrom('voters').select('id').where('full_name', '=', 'Form Then Outbox').execute()).toHaveLength(1);
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
  it('should refuse with 422 and record nothing when the same key comes again with another outcome', async () => {
    const voter = await seedVoter(t.ctx, { booth: 'Booth-31' });
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: keyed(karyakarta, key), payload: { channel: 'visit', outcome: 'strong_supporter' } });
    const other = await t.app.inject({ method: 'POST', url: `/api/voters/${voter.id}/contacts`, headers: keyed(karyakarta, key), payload: { channel: 'visit', outcome: 'opposed' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(other.statusCode).toBe(422);
    const contacts = await t.ctx.db.selectFrom('voter_contacts').select('outcome').where('voter_id', '=', voter.id).execute();
    expect(contacts).toEqual([{ outcome: 'strong_supporter' }]);
  });

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

// The plugin itself, on a small app over the test database: a request that outlives several
// leases keeps its key, and one whose key was taken over meanwhile rolls its change back.
describe('Idempotency-Key leases', () => {
  let mini: FastifyInstance;
  let gate: { open: () => void; wait: Promise<void> };
  const newGate = () => {
    let open = () => {};
    const wait = new Promise<void>((resolve) => (open = resolve));
    gate = { open, wait };
  };
  beforeAll(async () => {
    mini = Fastify({ logger: false });
    registerErrorHandlers(mini, t.ctx.dialect);
    mini.decorateRequest('auth', null);
    mini.addHook('onRequest', async (request) => {
      request.auth = { user: karyakartaUser, sessionId: 'mini' };
    });
    registerIdempotency(mini, t.ctx.db, { leaseMs: LEASE_MS });
    mini.post('/slow', { config: { idempotent: true } }, async (request, reply) => {
      await gate.wait;
      const keep = answerKeeper(request, 201, (hits: number) => ({ hits }));
      const hits = await t.ctx.db.transaction().execute(async (trx) => {
        const key = `lease-test:${(request.body as { name: string }).name}`;
        await trx.insertInto('rate_limits').values({ key, hits: 1, expires_at: new Date(Date.now() + 60_000).toISOString() }).execute();
        await keep?.(trx, 1);
        return 1;
      });
      return reply.code(201).send({ hits });
    });
    await mini.ready();
  });
  afterAll(async () => mini.close());

  const send = (key: string, name: string) => mini.inject({ method: 'POST', url: '/slow', headers: { 'idempotency-key': key }, payload: { name } });
  const stored = async (name: string) => (await t.ctx.db.selectFrom('rate_limits').select('key').where('key', '=', `lease-test:${name}`).execute()).length;

  it('should keep the key for a request that runs for several leases and answer its retries 409 meanwhile', async () => {
    newGate();
    const key = randomUUID();
    const first = send(key, 'long');
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 3));
    const meanwhile = await send(key, 'long');
    expect(meanwhile.statusCode, meanwhile.body).toBe(409);
    gate.open();
    expect((await first).statusCode).toBe(201);
    const after = await send(key, 'long');
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(await stored('long')).toBe(1);
  });

  it('should roll the change back and answer 409 when its key was taken over while it ran', async () => {
    newGate();
    const key = randomUUID();
    const first = send(key, 'lost');
    // The claim is taken by someone else (what a retry does once a lease ran out).
    for (let wait = 0; wait < 50; wait += 1) {
      if ((await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.ctx.db.updateTable('idempotency_keys').set({ claim_token: 'a-retry' }).where('key', '=', key).execute();
    gate.open();
    const answer = await first;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(await stored('lost')).toBe(0);
  });
});
