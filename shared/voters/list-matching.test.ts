import { describe, expect, it } from 'vitest';
import { isBlankListText, listDataProblems, matchKey, matchListValue, matchSubcaste, namesOfOption, unmatchedListValue } from './list-matching';
import { listValues, VOTER_FIELDS } from './voter-fields';

describe('matchListValue', () => {
  it('should match a value whatever its case, spacing and punctuation when the value is a stored one or its English name', () => {
    for (const text of ['Farm Labourer', 'farm labourer', 'FARM LABOURER', '  farm   labourer. ', 'Farm-Labourer', 'farm_labourer']) expect(matchListValue('occupation', text), text).toBe('Farm Labourer');
    expect(matchListValue('occupation', 'self employed')).toBe('Self-employed');
    expect(matchListValue('category', 'OBC')).toBe('obc');
    expect(matchListValue('category', 'vj (a)')).toBe('vja');
    expect(matchListValue('political_preference', 'bjp')).toBe('BJP');
    expect(matchListValue('political_preference', 'Indian National Congress')).toBe('Congress');
  });

  it('should match Marathi names, with or without chandrabindu, nukta, joiners or Devanagari digits', () => {
    expect(matchListValue('occupation', 'शेतकरी')).toBe('Farmer');
    expect(matchListValue('occupation', ' शेतमजूर ')).toBe('Farm Labourer');
    expect(matchListValue('political_preference', 'भाजप')).toBe('BJP');
    expect(matchListValue('political_preference', 'काँग्रेस')).toBe('Congress');
    expect(matchListValue('political_preference', 'कांग्रेस')).toBe('Congress');
    expect(matchListValue('gender', 'स्त्री')).toBe('Female');
    expect(matchListValue('taluka', 'दिग्रस')).toBe('Digras');
    expect(matchListValue('booth', 'बूथ १२')).toBe('Booth-12');
    expect(matchKey('क़ि\u200dसान')).toBe(matchKey('किसान'));
  });

  it('should match the aliases kept as data: Housewife, the ECI party names, gender letters', () => {
    expect(matchListValue('occupation', 'Housewife')).toBe('Homemaker');
    expect(matchListValue('occupation', 'house wife')).toBe('Homemaker');
    expect(matchListValue('political_preference', 'Shiv Sena')).toBe('Shiv Sena (Shinde)');
    expect(matchListValue('political_preference', 'Shiv Sena (Uddhav Balasaheb Thackeray)')).toBe('Shiv Sena (UBT)');
    expect(matchListValue('political_preference', 'Nationalist Congress Party – Sharadchandra Pawar')).toBe('NCP (Sharad Pawar)');
    expect(matchListValue('political_preference', 'Nationalist Congress Party - Sharadchandra Pawar')).toBe('NCP (Sharad Pawar)');
    expect(matchListValue('political_preference', 'Nationalist Congress Party')).toBe('NCP (Ajit Pawar)');
    expect(matchListValue('political_preference', 'Bharatiya Janata Party')).toBe('BJP');
    expect(matchListValue('political_preference', 'भारतीय जनता पक्ष')).toBe('BJP');
    expect(matchListValue('political_preference', 'अपक्ष')).toBe('Other');
    for (const [text, value] of [['M', 'Male'], ['f', 'Female'], ['पु', 'Male'], ['पुरूष', 'Male'], ['TG', 'Other']] as const) expect(matchListValue('gender', text), text).toBe(value);
    expect(matchListValue('relation_type', 'M')).toBe('Mother');
    expect(matchListValue('religion', 'Islam')).toBe('Muslim');
    expect(matchListValue('disability', 'None')).toBe('No');
    expect(matchListValue('category', 'NT-C')).toBe('nt');
  });

  it('should match booths by their number, villages without Kh./Bk. abbreviations and castes by each of their names', () => {
    expect(matchListValue('booth', '7')).toBe('Booth-07');
    expect(matchListValue('booth', 'Booth 7')).toBe('Booth-07');
    expect(matchListValue('booth', 'booth-007')).toBeNull();
    expect(matchListValue('booth', '397')).toBeNull();
    expect(matchListValue('village', 'Amala Khurd')).toBe('Amala Kh.');
    expect(matchListValue('village', 'dhanora budruk')).toBe('Dhanora Bk.');
    expect(matchListValue('caste', 'Suthar')).toBe('Sutar (Suthar, Vadhai)');
    expect(matchListValue('caste', 'Mang')).toBe('Matang (Mang)');
    // A name several castes share places none of them.
    expect(matchListValue('caste', 'Muslim')).toBeNull();
  });

  it('should give null when a text matches nothing', () => {
    expect(matchListValue('occupation', 'Astronaut')).toBeNull();
    expect(matchListValue('gender', 'Robot')).toBeNull();
    expect(matchListValue('political_preference', 'Party X')).toBeNull();
    expect(matchListValue('occupation', 'Farm')).toBeNull();
  });
});

describe('blank texts and unmatched values', () => {
  it('should read dashes and "not available" words as no value', () => {
    for (const text of ['-', ' -- ', 'NA', 'n/a', 'Nil', 'माहित नाही']) expect(isBlankListText('religion', text), text).toBe(true);
    expect(isBlankListText('political_preference', 'Neutral')).toBe(true);
    expect(isBlankListText('occupation', 'Neutral')).toBe(false);
    expect(isBlankListText('occupation', 'Astronaut')).toBe(false);
  });

  it('should save an unmatched value as Other where the list keeps one for values it does not name, else leave it empty', () => {
    expect(unmatchedListValue('occupation')).toBe('Other');
    expect(unmatchedListValue('political_preference')).toBe('Other');
    expect(unmatchedListValue('category')).toBe('other');
    expect(unmatchedListValue('village')).toBe('Other');
    expect(unmatchedListValue('gender')).toBeNull();
    expect(unmatchedListValue('disability')).toBeNull();
    expect(unmatchedListValue('booth')).toBeNull();
  });
});

describe('matchSubcaste', () => {
  it('should place a sub-caste within its caste, or by a name only one caste holds when there is no caste', () => {
    expect(matchSubcaste('Kunbi', 'khaire')).toBe('Khaire');
    expect(matchSubcaste('Brahmin', 'chitpavan')).toBe('Kokanastha (Chitpavan)');
    expect(matchSubcaste(null, 'KHAIRE')).toBe('Khaire');
    expect(matchSubcaste('Brahmin', 'Khaire')).toBeNull();
  });
});

describe('the alias data', () => {
  it('should name only real values, lists and unmatched values, and claim no name for two values', () => {
    // Two real villages of Digras (census 542659 and 542722) are both वडगाव in Marathi, and two
    // of Digras and Darwha both सेवादासनगर: a name two villages share places neither.
    const sharedVillageNames = ['वडगाव', 'वडगांव', 'વડગાંવ', 'सेवादासनगर', 'સેવાદાસનગર'];
    const { clashes, ...rest } = listDataProblems();
    expect(rest).toEqual({ strayAliases: [], unknownLists: [], badUnmatched: [] });
    expect(clashes.filter((clash) => !sharedVillageNames.some((name) => clash.startsWith(`village: ${name}:`)))).toEqual([]);
    for (const name of sharedVillageNames) expect(matchListValue('village', name), name).toBeNull();
  });

  it('should match every option of every list by each of its own names', () => {
    const sharedKeys = new Set(listDataProblems().clashes.map((clash) => matchKey(clash.split(': ')[1] ?? '')));
    for (const field of VOTER_FIELDS) {
      if (field.kind !== 'list') continue;
      const values = listValues(field);
      field.options.forEach((option, index) => {
        for (const name of namesOfOption(field.name, option)) {
          // A name two villages share (checked above) places neither.
          if (sharedKeys.has(matchKey(name))) expect(matchListValue(field.name, name), `${field.name}: ${name}`).toBeNull();
          else expect(matchListValue(field.name, name), `${field.name}: ${name}`).toBe(values[index]);
        }
      });
    }
  });
});
