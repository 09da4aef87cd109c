import { describe, expect, it } from 'vitest';
import { parseNameSearch } from '@shared/search/name-keys';
import { nameMatchShare, termSharesOf } from './name-match-share';

// Shares as ANALYZE lists them for the voters' names (a million generated voters, rounded).
const SHARES = termSharesOf(
  ['patil', '0ptil', 'पाटील', 'sunita', '0sunit', 'sunil', '0sunil', 'shivaji', '0sivji', 'patilbuwa'],
  [0.0087, 0.0237, 0.0075, 0.0066, 0.0171, 0.012, 0.0125, 0.015, 0.0165, 0.0001, /* least and greatest */ 0.0001, 0.0237],
);
const search = (typed: string) => {
  const terms = parseNameSearch(typed);
  if (!terms) throw new Error(`not a name: ${typed}`);
  return terms;
};

describe('termSharesOf', () => {
  it('should pair each listed term with its share and leave out the least and greatest shares after them', () => {
    expect(termSharesOf(['a', 'b'], [0.2, 0.1, 0.1, 0.2])).toEqual(
      new Map([
        ['a', 0.2],
        ['b', 0.1],
      ]),
    );
  });

  it('should list nothing when the index was never analysed', () => {
    expect(termSharesOf(null, null).size).toBe(0);
    expect(termSharesOf(['a'], null).size).toBe(0);
  });
});

describe('nameMatchShare', () => {
  it('should take the larger of a word and its key, not their sum, since a written word is stored with its key', () => {
    const expansions = new Map([
      ['patil', ['patil']],
      ['0ptil', ['0ptil']],
    ]);
    expect(nameMatchShare(SHARES, search('patil'), expansions)).toBeCloseTo(0.0237, 6);
  });

  it('should count every listed term a word starts, looked up or not', () => {
    // Looked up: the terms the vocabulary holds; an unlisted term (patilkar) adds nothing.
    const lookedUp = new Map([
      ['patil', ['patil', 'patilbuwa', 'patilkar']],
      ['0ptil', []],
    ]);
    expect(nameMatchShare(SHARES, search('patil'), lookedUp)).toBeCloseTo(1 - (1 - 0.0087) * (1 - 0.0001), 6);
    // Not looked up (more than the lookup takes): the listed terms it starts.
    expect(nameMatchShare(SHARES, search('sun'), new Map())).toBeCloseTo(Math.max(1 - (1 - 0.0066) * (1 - 0.012), 1 - (1 - 0.0171) * (1 - 0.0125)), 6);
  });

  it('should multiply the shares of the words of a search', () => {
    const expansions = new Map([
      ['sunita', ['sunita']],
      ['0sunit', ['0sunit']],
      ['shivaji', ['shivaji']],
      ['0sivji', ['0sivji']],
    ]);
    expect(nameMatchShare(SHARES, search('sunita shivaji'), expansions)).toBeCloseTo(0.0171 * 0.0165, 8);
  });

  it('should give no share to a word whose terms are none of the listed ones, or that starts no stored term', () => {
    expect(nameMatchShare(SHARES, search('dravokar'), new Map([['dravokar', ['dravokar']]]))).toBe(0);
    expect(nameMatchShare(SHARES, search('sunita zzq'), new Map([['zzq', []]]))).toBe(0);
  });

  it('should give no share when nothing is listed', () => {
    expect(nameMatchShare(new Map(), search('patil'), new Map())).toBe(0);
  });
});
