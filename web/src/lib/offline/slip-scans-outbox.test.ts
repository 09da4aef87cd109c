import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { slipTokenBody, writeSlipToken } from '@shared/slips/slip-token';
import type { Voter } from '@shared/voters/voter-schema';
import { ApiError, type RequestOptions } from '../api-client';
import { queueSlipMark } from './offline-copy';
import { offlineDb } from './offline-db';
import { choosePin } from './offline-pin';
import { clearOfflineData, keepVoters } from './offline-voters';
import { flushOutbox, outboxItems } from './outbox';

// Slips scanned without signal (issue 61, decision 085): the code waits in the outbox, sealed,
// naming the voter from the phone's copy; it is sent to the slip route with its key, and the
// server's refusal stays with the item as its reason.

const sent: { path: string; options: RequestOptions }[] = [];
let answer: (path: string) => unknown = () => ({});

vi.mock('../api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api-client')>();
  return {
    ...original,
    apiRequest: vi.fn(async (path: string, options: RequestOptions = {}) => {
      sent.push({ path, options });
      return answer(path);
    }),
  };
});

const USER = 9;
const codeOf = (voterId: number) => writeSlipToken(slipTokenBody(voterId, 0), new Uint8Array(8).fill(7));
const voter = (overrides: Partial<Voter>): Voter => ({ _id: 1, id: 1, full_name: 'Sunita Patil', voter_id: 'ABC1234567', booth: 'Booth-01', part_serial: 12, version: 1, created_at: '2026-11-01T00:00:00.000Z', ...overrides }) as Voter;

beforeEach(async () => {
  sent.length = 0;
  await clearOfflineData();
  await choosePin(USER, '123456', 1_000);
  await keepVoters([voter({}), voter({ id: 2, _id: 2, full_name: 'Other Booth', booth: 'Booth-02' })]);
});

describe('queueSlipMark', () => {
  it('should name the voter from the copy when the code is of a voter of this booth there', async () => {
    const shown = await queueSlipMark(1, codeOf(1), 'slip-key-0001', USER);
    expect(shown.voters).toEqual([expect.objectContaining({ voter_id: 1, full_name: 'Sunita Patil', part_serial: 12, changed: true })]);
    const [item] = await outboxItems();
    expect(item).toMatchObject({ kind: 'poll.slip', key: 'slip-key-0001', payload: { boothId: 1, token: codeOf(1), name: 'Sunita Patil' } });
    // Stored sealed: neither the code nor the name in clear.
    const stored = JSON.stringify(await offlineDb.outbox.toArray());
    expect(stored).not.toContain(codeOf(1));
    expect(stored).not.toContain('Sunita');
  });

  it('should name nobody when the code is of a voter of another booth or not on the phone', async () => {
    expect((await queueSlipMark(1, codeOf(2), 'slip-key-0002', USER)).voters).toEqual([]);
    expect((await queueSlipMark(1, codeOf(99), 'slip-key-0003', USER)).voters).toEqual([]);
    expect(await outboxItems()).toHaveLength(2);
  });
});

describe('flushOutbox with scanned slips', () => {
  it('should send each scan to the slip route with its key, and keep a refused one with the server\'s reason', async () => {
    await queueSlipMark(1, codeOf(1), 'slip-key-0004', USER);
    await queueSlipMark(1, codeOf(2), 'slip-key-0005', USER);
    answer = (path) => {
      if (sent.length === 2) throw new ApiError(422, 'This slip is for a voter of Booth-02, not Booth-01');
      return { election: '2029-10-20', booth: 'Booth-01', voters: [], unknown: [], replayed: false, path };
    };
    expect(await flushOutbox(USER)).toEqual({ sent: 1, stopped: 'done' });
    expect(sent.map((call) => [call.path, call.options.method, call.options.idempotencyKey, call.options.body])).toEqual([
      ['/poll/booths/1/slip-marks', 'POST', 'slip-key-0004', { token: codeOf(1) }],
      ['/poll/booths/1/slip-marks', 'POST', 'slip-key-0005', { token: codeOf(2) }],
    ]);
    expect(await outboxItems()).toEqual([expect.objectContaining({ key: 'slip-key-0005', state: 'failed', error: 'This slip is for a voter of Booth-02, not Booth-01' })]);
  });
});
