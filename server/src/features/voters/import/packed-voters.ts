import { VOTER_INPUT_COLUMNS, type VoterInput } from '@shared/voters/voter-schema';
import { voterInsertValues } from '../../../db/voter-insert-values';

// A batch of valid rows on its way from the file reader to the saving: each voter as a JSON
// array of its values in one block of bytes, not as an object. As 5,000 objects (~7 MB) a
// batch lived long enough on both threads to reach V8's old generation, and the server's
// memory see-sawed by ~100 MB during a large import until the next full collection. Bytes sit
// outside the heap and move between threads without a copy; each voter is unpacked only as
// it is saved, into an array that dies young. Each voter's array is what the database's
// inserters take (voterInsertValues): its names' search terms are computed here, by the reader.
const COLUMNS = VOTER_INPUT_COLUMNS;
const INITIAL_BYTES = 1024 * 1024;

export interface PackedVoters {
  count: number;
  // Each voter's ID, to look up the voters that already exist.
  voterIds: string[];
  // Each voter's row in the file.
  rowNumbers: Uint32Array;
  // An earlier row whose voter ID may be the same (see FirstRows), 0 when none.
  repeatOf: Uint32Array;
  // How many values of each row the reader could not place (counted only if the row is saved).
  warnings: Uint16Array;
  // Where each voter's JSON ends in text.
  ends: Uint32Array;
  text: Uint8Array;
}

export class VoterPacker {
  private text!: Buffer;
  private used!: number;
  private voterIds!: string[];
  private rowNumbers!: Uint32Array;
  private repeatOf!: Uint32Array;
  private warnings!: Uint16Array;
  private ends!: Uint32Array;

  constructor(private readonly capacity: number) {
    this.startBatch(INITIAL_BYTES);
  }

  get count(): number {
    return this.voterIds.length;
  }

  add(row: number, input: VoterInput, repeatOf = 0, warnings = 0): void {
    const index = this.voterIds.length;
    if (index === this.capacity) throw new Error('VoterPacker is full');
    const json = JSON.stringify(voterInsertValues(input));
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    if (this.used + json.length * 3 > this.text.length) this.grow(this.used + json.length * 3);
    this.used += this.text.write(json, this.used);
    this.voterIds.push(input.voter_id);
    this.rowNumbers[index] = row;
    this.repeatOf[index] = repeatOf;
    this.warnings[index] = warnings;
    this.ends[index] = this.used;
  }

  // The batch so far; the packer starts a new one.
  take(): PackedVoters {
    const count = this.voterIds.length;
    const batch: PackedVoters = {
      count,
      voterIds: this.voterIds,
      rowNumbers: this.rowNumbers.subarray(0, count),
      repeatOf: this.repeatOf.subarray(0, count),
      warnings: this.warnings.subarray(0, count),
      ends: this.ends.subarray(0, count),
      text: new Uint8Array(this.text.buffer, 0, this.used),
    };
    // The buffers went (or go) with the batch: a new batch gets its own, as large as this one's text.
    this.startBatch(this.text.length);
    return batch;
  }

  private startBatch(bytes: number): void {
    this.text = Buffer.from(new ArrayBuffer(bytes));
    this.used = 0;
    this.voterIds = [];
    this.rowNumbers = new Uint32Array(this.capacity);
    this.repeatOf = new Uint32Array(this.capacity);
    this.warnings = new Uint16Array(this.capacity);
    this.ends = new Uint32Array(this.capacity);
  }

  private grow(needed: number): void {
    const larger = Buffer.from(new ArrayBuffer(Math.max(needed, 2 * this.text.length)));
    this.text.copy(larger, 0, 0, this.used);
    this.text = larger;
  }
}

// What postMessage moves to the other thread instead of copying.
export function transferablesOf(batch: PackedVoters): ArrayBuffer[] {
  return [batch.text.buffer, batch.rowNumbers.buffer, batch.repeatOf.buffer, batch.warnings.buffer, batch.ends.buffer] as ArrayBuffer[];
}

function textOf(batch: PackedVoters): Buffer {
  return Buffer.from(batch.text.buffer, batch.text.byteOffset, batch.text.byteLength);
}

function valuesAt(text: Buffer, batch: PackedVoters, index: number): unknown[] {
  return JSON.parse(text.toString('utf8', index === 0 ? 0 : batch.ends[index - 1], batch.ends[index])) as unknown[];
}

const voterOf = (values: unknown[]) => Object.fromEntries(COLUMNS.map((column, at) => [column, values[at]])) as VoterInput;

export function unpackVoter(batch: PackedVoters, index: number): VoterInput {
  return voterOf(valuesAt(textOf(batch), batch, index));
}

export function* unpackVoters(batch: PackedVoters, indexes?: readonly number[]): Generator<VoterInput> {
  for (const values of unpackValues(batch, indexes)) yield voterOf(values);
}

// The values of the voters at these indexes (every one when none are given) as the database's
// inserters take them (voterInsertValues), unpacked one at a time.
export function* unpackValues(batch: PackedVoters, indexes?: readonly number[]): Generator<unknown[]> {
  const text = textOf(batch);
  const count = indexes?.length ?? batch.count;
  for (let position = 0; position < count; position += 1) yield valuesAt(text, batch, indexes ? (indexes[position] as number) : position);
}
