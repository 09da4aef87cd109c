import { describe, expect, it } from 'vitest';
import { fieldForHeader, flagText } from './voter-columns';

describe('fieldForHeader', () => {
  it('should match export labels, field names and variants whatever the case, spaces or underscores', () => {
    for (const header of ['Voter ID', 'voter_id', 'VOTERID', ' voter id ', 'EPIC No', 'मतदार ओळखपत्र क्रमांक']) expect(fieldForHeader(header), header).toBe('voter_id');
    expect(fieldForHeader('Father/Husband Name')).toBe('father_husband_name');
    expect(fieldForHeader('Sub-caste')).toBe('sub_caste');
    expect(fieldForHeader('नाव')).toBe('full_name');
    expect(fieldForHeader('Shoe Size')).toBeUndefined();
  });
});

describe('flagText', () => {
  it('should read Yes/No words', () => {
    expect(flagText('Yes')).toBe('true');
    expect(flagText('नाही')).toBe('false');
    expect(flagText('')).toBeUndefined();
  });
});
