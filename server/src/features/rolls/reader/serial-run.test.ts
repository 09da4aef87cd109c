import type { RollVoterBox } from '@shared/rolls/roll-types';
import { describe, expect, it } from 'vitest';
import { checkSerialRun } from './page-checks';

// A page's serials as OCR read them (null: nothing read), each read at 90%.
function page(serials: (number | null)[]): Pick<RollVoterBox, 'serialNo' | 'confidence' | 'review'>[] {
  return serials.map((serialNo) => ({
    serialNo,
    confidence: { serialNo: serialNo === null ? 0 : 0.9, epic: 0.9, fullName: 0.9, relation: 0.9, relativeName: 0.9, houseNo: 0.9, age: 0.9, gender: 0.9 },
    review: [],
  }));
}
const flagged = (voters: ReturnType<typeof page>) => voters.flatMap((voter, index) => (voter.review.some((reason) => reason.field === 'serialNo') ? [index] : []));

describe('checkSerialRun', () => {
  it('should correct a lone misread serial between two that fit the run without flagging it', () => {
    const voters = page([31, 32, 38, 34, 35, 36]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([31, 32, 33, 34, 35, 36]);
    expect(flagged(voters)).toEqual([]);
    expect(voters[2]?.confidence.serialNo).toBe(0.85);
  });

  it('should flag two misreads side by side, which the run alone cannot tell from boxes out of order', () => {
    const voters = page([31, 32, 34, 33, 35, 36]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([31, 32, 33, 34, 35, 36]);
    expect(flagged(voters)).toEqual([2, 3]);
  });

  it('should flag every box after a break in the run, as a box missed by the reader would cause', () => {
    const voters = page([31, 32, 33, 34, 36, 37]);
    checkSerialRun(voters);
    expect(flagged(voters)).toEqual([4, 5]);
  });

  it('should flag a first or last serial that does not fit, as a box missed beside it would read so', () => {
    const voters = page([30, 32, 33, 34, 35, 37]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([31, 32, 33, 34, 35, 36]);
    expect(flagged(voters)).toEqual([0, 5]);
  });

  it('should correct without flagging two misreads side by side when each is one digit from its place and far from the page', () => {
    // As on page 29 of the English part: "771" read as "71", and a 7 read as a 3 ("772" as "732").
    const voters = page([768, 769, 770, 71, 732, 773, 774, 775]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([768, 769, 770, 771, 772, 773, 774, 775]);
    expect(flagged(voters)).toEqual([]);
    expect(voters[3]?.confidence.serialNo).toBe(0.85);
  });

  it('should still flag side-by-side misreads that are two digits off, or one digit off but near the run', () => {
    // "2" for 772 is two digits away; "779" for 773 is one digit away but could be a box of this page.
    const voters = page([768, 769, 770, 771, 2, 779, 774, 775]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([768, 769, 770, 771, 772, 773, 774, 775]);
    expect(flagged(voters)).toEqual([4, 5]);
  });

  it('should fill a serial OCR did not read from the run without flagging it', () => {
    const voters = page([31, null, 33, 34]);
    checkSerialRun(voters);
    expect(voters.map((voter) => voter.serialNo)).toEqual([31, 32, 33, 34]);
    expect(flagged(voters)).toEqual([]);
  });
});
