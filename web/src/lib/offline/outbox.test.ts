import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Voter } from '@shared/voters/voter-schema';
import { ApiError, type RequestOptions } from '../api-client';
import { cachedVoter, cachedVoterList, clearOfflineData, keepVoters } from './offline-voters';
import { enqueue, flushOutbox, outboxItems, resolveConflict } from './outbox';
import { choosePin } from './offline-pin';

// The outbox (issue 21): changes made offline go in order, each with its own key, once; a
// network failure keeps them; a newer version on the server waits for the user's choice.

const sent: { path: string; options: RequestOptions }[] = [];
let answer: (path: string, options: RequestOptions) => unknown = () => ({});

vi.mock('../api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api-client')>();
  return {
    ...original,
    apiRequest: vi.fn(async (path: string, options: RequestOptions = {}) => {
      sent.push({ path, options });
      return answer(path, options);
    }),
  };
});

const USER = 7;
const voter = (overrides: Partial<Voter>): Voter => ({ _id: 1, id: 1, full_name: 'Rahul Chavan', voter_id: 'ABC1234567', booth: 'Booth-01', mobile_number: null, version: 1, created_at: '2026-11-01T00:00:00.000Z', ...overrides }) as Voter;

beforeEach(async () => {
  sent.length = 0;
  await clearOfflineData();
  // Sealed storage (issue 57) needs the PIN's key; few rounds keep the tests quick.
  await choosePin(USER, '123456', 1_000);
});

describe('flushOutbox', () => {
  it('should send every change in order with its own key and empty the outbox when the server takes them', async () => {
    answer = (path) => (path === '/voters' ? voter({ id: 501, _id: 501, full_name: 'Meena Gavande' }) : voter({ id: 501, _id: 501, version: 2 }));
    await keepVoters([voter({ id: -5, _id: -5, full_name: 'Meena Gavande' })]);
    const created = await enqueue({ kind: 'voter.create', userId: USER, voterId: -5, payload: { values: { full_name: 'Meena Gavande' } } });
    const edited = await enqueue({ kind: 'voter.update', userId: USER, voterId: -5, payload: { values: { mobile_number: '9822100002' } } });

    expect(await flushOutbox(USER)).toEqual({ sent: 2, stopped: 'done' });
    expect(sent.map((call) => [call.path, call.options.method, call.options.idempotencyKey])).toEqual([
      ['/voters', 'POST', created.key],
      // The voter added offline got its id on the server; the edit follows it, on its version.
      ['/voters/501', 'PUT', edited.key],
    ]);
    expect(sent[1]!.options.body).toEqual({ mobile_number: '9822100002', version: 1 });
    expect(await outboxItems()).toEqual([]);
    expect(await cachedVoter(-5)).toBeUndefined();
    expect(await cachedVoter(501)).toMatchObject({ version: 2 });
  });

  it('should stop and keep the change with the same key when the connection fails, and send it once later', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const item = await enqueue({ kind: 'contact.create', userId: USER, voterId: 1, payload: { contact: { channel: 'visit', outcome: 'undecided' } } });
    expect(await flushOutbox(USER)).toEqual({ sent: 0, stopped: 'offline' });
    expect((await outboxItems()).map((left) => left.key)).toEqual([item.key]);

    answer = () => ({ contact: {}, voter: { id: 1, support_level: 'undecided', last_contact_at: null }, flag: null });
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(sent.map((call) => call.options.idempotencyKey)).toEqual([item.key, item.key]);
  });

  it("should leave another user's changes alone", async () => {
    answer = () => voter({});
    await enqueue({ kind: 'voter.update', userId: USER + 1, voterId: 1, payload: { values: {} }, base: voter({}) });
    expect(await flushOutbox(USER)).toEqual({ sent: 0, stopped: 'done' });
    expect(await outboxItems()).toHaveLength(1);
  });

  it('should hold an edit that met a newer version for the user and send only the fields they keep', async () => {
    const base = voter({ mobile_number: '9822100001' });
    const current = voter({ mobile_number: '9822100004', comment: 'Office call', version: 2 } as Partial<Voter>);
    answer = () => {
      throw new ApiError(409, 'This voter was changed by someone else', undefined, current);
    };
    await keepVoters([base]);
    const item = await enqueue({ kind: 'voter.update', userId: USER, voterId: 1, payload: { values: { mobile_number: '9822100003' } }, base });
    expect(await flushOutbox(USER)).toEqual({ sent: 0, stopped: 'done' });
    const [held] = await outboxItems();
    expect(held).toMatchObject({ state: 'conflict', current: { version: 2 } });

    await resolveConflict(held!.seq!, { mobile_number: '9822100003' });
    const [again] = await outboxItems();
    expect(again).toMatchObject({ state: 'pending', baseVersion: 2, payload: { values: { mobile_number: '9822100003' } } });
    expect(again!.key).not.toBe(item.key);
    answer = () => voter({ mobile_number: '9822100003', version: 3 });
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(sent.at(-1)!.options.body).toEqual({ mobile_number: '9822100003', version: 2 });
  });

  it("should drop the change and keep the server's voter when the user keeps none of their fields", async () => {
    const current = voter({ mobile_number: '9822100004', version: 2 });
    answer = () => {
      throw new ApiError(409, 'changed', undefined, current);
    };
    await enqueue({ kind: 'voter.update', userId: USER, voterId: 1, payload: { values: { mobile_number: '9822100003' } }, base: voter({}) });
    await flushOutbox(USER);
    const [held] = await outboxItems();
    await resolveConflict(held!.seq!, {});
    expect(await outboxItems()).toEqual([]);
    expect(await cachedVoter(1)).toMatchObject({ mobile_number: '9822100004', version: 2 });
  });
});

describe('an availability report kept offline (issue 61)', () => {
  it('should send the report to its voter with its key, keep it through a lost connection and send it once more with the same key', async () => {
    const { queueFlag } = await import('./offline-copy');
    await keepVoters([voter({})]);
    const made = await queueFlag(1, { kind: 'out_of_town', reason: 'In Pune for work' }, 'flag-key-0001', USER);
    expect(made).toMatchObject({ joined: false, flag: { voter_id: 1, kind: 'out_of_town', status: 'pending', reason: 'In Pune for work' } });
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await flushOutbox(USER)).toEqual({ sent: 0, stopped: 'offline' });
    expect((await outboxItems()).map((item) => [item.kind, item.key])).toEqual([['flag.create', 'flag-key-0001']]);

    answer = () => ({ flag: { id: 9 }, joined: false });
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(sent.map((call) => [call.path, call.options.method, call.options.idempotencyKey, call.options.body])).toEqual([
      ['/voters/1/flags', 'POST', 'flag-key-0001', { kind: 'out_of_town', reason: 'In Pune for work' }],
      ['/voters/1/flags', 'POST', 'flag-key-0001', { kind: 'out_of_town', reason: 'In Pune for work' }],
    ]);
    expect(await outboxItems()).toEqual([]);
  });

  it('should set a report the server refuses aside with its message instead of holding the rest', async () => {
    const { queueFlag } = await import('./offline-copy');
    await keepVoters([voter({})]);
    await queueFlag(1, { kind: 'deceased', reason: 'Heard at the temple' }, 'flag-key-0002', USER);
    await enqueue({ kind: 'contact.create', userId: USER, voterId: 1, payload: { contact: { channel: 'visit', outcome: 'undecided' } } });
    answer = (path) => {
      if (path === '/voters/1/flags') throw new ApiError(400, 'This voter is already marked so: there is nothing to report');
      return { contact: {}, voter: { id: 1, support_level: 'undecided', last_contact_at: null }, flag: null };
    };
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(await outboxItems()).toMatchObject([{ kind: 'flag.create', state: 'failed', error: 'This voter is already marked so: there is nothing to report' }]);
  });
});

describe('cachedVoterList', () => {
  it('should find a Devanagari name typed in Latin letters, and a voter ID as typed', async () => {
    await keepVoters([voter({ id: 1, full_name: 'राहुल शिवाजी चव्हाण', voter_id: 'MHX1111111' }), voter({ id: 2, full_name: 'Sunita Patil', voter_id: 'MHX2222222' })]);
    expect((await cachedVoterList({ search: 'rahul' })).voters.map((found) => found.id)).toEqual([1]);
    expect((await cachedVoterList({ search: 'पाटील' })).voters.map((found) => found.id)).toEqual([2]);
    expect((await cachedVoterList({ search: 'mhx222' })).voters.map((found) => found.id)).toEqual([2]);
    expect((await cachedVoterList({ booth: 'Booth-02' })).total).toBe(0);
    // The screens get the voter as the server gives it, without the stored search terms.
    expect((await cachedVoterList({ search: 'rahul' })).voters[0]).not.toHaveProperty('_terms');
  });
});


describe('survey answers kept offline (issue 61)', () => {
  const survey = {
    id: 9,
    title: { en: 'Water' },
    description: {},
    language: 'en' as const,
    unit: 'household' as const,
    state: 'open' as const,
    targets: [{ booth: 'Booth-01', pages: null }],
    questions: [
      { key: 'q1', kind: 'single' as const, text: { en: 'Tap water?' }, required: true, options: [{ key: 'o1', text: { en: 'Yes' } }, { key: 'o2', text: { en: 'No' } }], min: null, max: null, condition: null },
      { key: 'q2', kind: 'number' as const, text: { en: 'Tanker days' }, required: false, options: [], min: 0, max: 7, condition: { question: 'q1', option: 'o2' } },
    ],
    version: 2,
  };
  const response = (voterId: number, version: number, answers: Record<string, unknown>) => ({ id: voterId, survey_id: 9, voter_id: voterId, household_key: 'h4', answers, answered_by_name: 'Office', created_at: '', updated_at: '', version });

  it('should send the answers with their key, move a later answer for the same voters onto the saved versions, and settle a conflict question by question', async () => {
    const { queueSurveyAnswer } = await import('./offline-copy');
    const { resolveSurveyConflict } = await import('./outbox');
    const change = (answers: Record<string, unknown>) => ({ surveyId: 9, voters: [{ id: 1, version: null }, { id: 2, version: null }], answers: answers as never, survey, label: 'House 4' });
    expect(await queueSurveyAnswer(change({ q1: 'o1' }), 'survey-key-0001', USER)).toEqual({ responses: [] });
    await queueSurveyAnswer(change({ q1: 'o2', q2: 3 }), 'survey-key-0002', USER);

    // The first is saved (versions 1); the second, sent on top of them, meets someone else's.
    answer = (_path, options) => {
      if (options.idempotencyKey === 'survey-key-0001') return { responses: [response(1, 1, { q1: 'o1' }), response(2, 1, { q1: 'o1' })] };
      throw new ApiError(409, 'answered first', undefined, { responses: [response(1, 2, { q1: 'o2', q2: 6 }), response(2, 2, { q1: 'o2', q2: 6 })] });
    };
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(sent.map((call) => [call.path, call.options.idempotencyKey, call.options.body])).toEqual([
      ['/surveys/9/responses', 'survey-key-0001', { voters: [{ id: 1, version: null }, { id: 2, version: null }], answers: { q1: 'o1' } }],
      ['/surveys/9/responses', 'survey-key-0002', { voters: [{ id: 1, version: 1 }, { id: 2, version: 1 }], answers: { q1: 'o2', q2: 3 } }],
    ]);
    const [held] = await outboxItems();
    expect(held).toMatchObject({ kind: 'survey.answer', state: 'conflict', current: { responses: [{ version: 2 }, { version: 2 }] } });

    // Mine kept for the tanker days: sent again on the server's versions, with a new key.
    await resolveSurveyConflict(held!.seq!, { q1: 'o2', q2: 3 });
    const [again] = await outboxItems();
    expect(again).toMatchObject({ state: 'pending', payload: { voters: [{ id: 1, version: 2 }, { id: 2, version: 2 }], answers: { q1: 'o2', q2: 3 } } });
    expect(again!.key).not.toBe('survey-key-0002');
    answer = () => ({ responses: [response(1, 3, { q1: 'o2', q2: 3 }), response(2, 3, { q1: 'o2', q2: 3 })] });
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(await outboxItems()).toEqual([]);
  });

  it("should drop the answers when the user keeps theirs on every question", async () => {
    const { queueSurveyAnswer } = await import('./offline-copy');
    const { resolveSurveyConflict } = await import('./outbox');
    await queueSurveyAnswer({ surveyId: 9, voters: [{ id: 1, version: null }], answers: { q1: 'o1' }, survey, label: 'Rahul' }, 'survey-key-0003', USER);
    answer = () => {
      throw new ApiError(409, 'answered first', undefined, { responses: [response(1, 1, { q1: 'o2' })] });
    };
    await flushOutbox(USER);
    const [held] = await outboxItems();
    await resolveSurveyConflict(held!.seq!, { q1: 'o2' });
    expect(await outboxItems()).toEqual([]);
  });
});
