import { describe, expect, it } from 'vitest';
import { fieldForHeader, flagText, neutralizeCell, unneutralizeCell } from './voter-columns';
import { cellText } from './spreadsheet-readers';

describe('fieldForHeader', () => {
  it('should match export labels, field names and variants whatever the case, spaces or underscores', () => {
    for (const header of ['Voter ID', 'voter_id', 'VOTERID', ' voter id ', 'EPIC No', 'मतदार ओळखपत्र क्रमांक']) expect(fieldForHeader(header), header).toBe('voter_id');
    expect(fieldForHeader('Father/Husband Name')).toBe('father_husband_name');
    expect(fieldForHeader('Sub-caste')).toBe('sub_caste');
    expect(fieldForHeader('नाव')).toBe('full_name');
    expect(fieldForHeader('Shoe Size')).toBeUndefined();
  });
});

describe('formula neutralising', () => {
  it('should quote text a spreadsheet would run, and read it back unchanged', () => {
    for (const text of ['=1+1', '+91 98', '-x', '@SUM(A1)', '\tTab', '\rCR']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
      expect(unneutralizeCell(neutralizeCell(text))).toBe(text);
    }
    expect(neutralizeCell('Plain')).toBe('Plain');
    expect(unneutralizeCell("'quoted on purpose")).toBe("'quoted on purpose");
  });
});

describe('flagText and cellText', () => {
  it('should read Yes/No words and spreadsheet cell values as text', () => {
    expect(flagText('Yes')).toBe('true');
    expect(flagText('नाही')).toBe('false');
    expect(flagText('')).toBeUndefined();
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText({ richText: [{ text: 'Ra' }, { text: 'vi' }] })).toBe('Ravi');
    expect(cellText(new Date(Date.UTC(1990, 0, 31)))).toBe('1990-01-31');
    expect(cellText({ error: '#REF!' })).toBe('');
  });
});
