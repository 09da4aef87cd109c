import { describe, expect, it } from 'vitest';
import type { Voter } from '@shared/voters/voter-schema';
import { entryMatches, entryOf, queryOf, withTerms } from './offline-search';

// The phone's offline search reads typed text as the server's list does (decision 051).
const voter = (fields: Partial<Voter>) => withTerms({ id: 1, full_name: 'Asha Kamble', voter_id: 'KMB1234567', mobile_number: '9123400000', ...fields } as Voter);
const finds = (typed: string, fields: Partial<Voter> = {}) => entryMatches(entryOf(voter(fields)), queryOf(typed));

describe('queryOf and entryMatches', () => {
  it('should find a name by its words, in either script', () => {
    expect(finds('asha')).toBe(true);
    expect(finds('कांबळे')).toBe(true);
    expect(finds('sha')).toBe(false);
  });

  it('should read digits alone as a mobile number or voter ID, and words with digits as a name too', () => {
    expect(finds('91234')).toBe(true);
    expect(finds('+91 91234')).toBe(true);
    expect(finds('kmb123')).toBe(true);
    expect(finds('b1234')).toBe(true);
    expect(finds('4021', { full_name: 'Ward 4021 Office' })).toBe(false);
    expect(finds('Ward 4021', { full_name: 'Ward 4021 Office' })).toBe(true);
    expect(finds('Ward 4022', { full_name: 'Ward 4021 Office' })).toBe(false);
  });

  it('should read other text as the name in it', () => {
    expect(finds('Kamble,')).toBe(true);
    expect(finds('Kamble;')).toBe(true);
    expect(finds('%')).toBe(false);
    expect(finds('_')).toBe(false);
  });
});
