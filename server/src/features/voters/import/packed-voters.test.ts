import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { nameSearchTerms } from '@shared/search/name-keys';
import { VOTER_INPUT_COLUMNS, type VoterInput, voterInputSchema } from '@shared/voters/voter-schema';
import { type PackedVoters, transferablesOf, unpackValues, unpackVoter, unpackVoters, VoterPacker } from './packed-voters';

const voter = (overrides: Partial<Record<keyof VoterInput, unknown>>): VoterInput =>
  ({ ...voterInputSchema.parse({ voter_no: '1', full_name: 'Sample Voter', voter_id: 'ABC0000001' }), ...overrides }) as VoterInput;

// Texts a spreadsheet can hold that a careless encoding would change.
const awkward = [
  voter({ full_name: 'गणेश "बाळा" पाटील', comment: 'line one\nline two\r\n\ttabbed, "quoted", \\back\\slash', age: 44, is_dead: true, present_in_city: false }),
  voter({ full_name: '😀 Emoji 👨‍👩‍👧', father_husband_name: '\u2028\u2029 separators', house_no: '12/B', head_of_house: 3 }),
  voter({ full_name: 'Lone \ud800 surrogate', ward_area: '  edge spaces  ', mobile_number: '9876543210' }),
];

function pass(batch: PackedVoters): PackedVoters {
  // Through a real message port with the buffers moved, as the worker sends a batch.
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(batch, transferablesOf(batch));
  const received = receiveMessageOnPort(port2)?.message as PackedVoters;
  port1.close();
  return received;
}

describe('VoterPacker', () => {
  it('should give back every voter exactly, with its row, repeat, warning count and voter ID, after a move between threads', () => {
    const packer = new VoterPacker(10);
    awkward.forEach((input, index) => packer.add(index + 2, input, index === 2 ? 2 : 0, index === 1 ? 3 : 0));
    const sent = packer.take();
    const batch = pass(sent);
    // The sender's buffers went with the message.
    expect(sent.text.byteLength).toBe(0);
    expect(batch.count).toBe(3);
    expect([...batch.rowNumbers]).toEqual([2, 3, 4]);
    expect([...batch.repeatOf]).toEqual([0, 0, 2]);
    expect([...batch.warnings]).toEqual([0, 3, 0]);
    expect(batch.voterIds).toEqual(awkward.map((input) => input.voter_id));
    expect([...unpackVoters(batch)]).toEqual(awkward);
    expect(unpackVoter(batch, 1)).toEqual(awkward[1]);
    // As the database's inserters take them: the form's values, then the names' search terms.
    const [third, first] = [...unpackValues(batch, [2, 0])];
    expect(third).toEqual([...VOTER_INPUT_COLUMNS.map((column) => awkward[2]![column]), nameSearchTerms(awkward[2]!.full_name, 'ABC0000001'), null]);
    expect(first?.slice(-2)).toEqual(['गणेश बाळा पाटील abc0000001 0gnes 0bl 0ptil', null]);
  });

  it('should grow past its first megabyte and start each batch empty', () => {
    const packer = new VoterPacker(5000);
    const long = (index: number) => voter({ voter_id: `LNG${String(index).padStart(7, '0')}`, full_name: 'न'.repeat(120), comment: 'x'.repeat(1000) });
    for (let index = 0; index < 2000; index += 1) packer.add(index + 2, long(index));
    const first = pass(packer.take());
    expect(first.text.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    expect([...unpackVoters(first)]).toEqual(Array.from({ length: 2000 }, (_, index) => long(index)));
    expect(packer.count).toBe(0);
    packer.add(7, awkward[0]!);
    expect([...unpackVoters(pass(packer.take()))]).toEqual([awkward[0]]);
  });
});
