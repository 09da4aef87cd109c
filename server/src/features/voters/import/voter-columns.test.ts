import { describe, expect, it } from 'vitest';
import { VOTER_FIELDS } from '@shared/voters/voter-fields';
import { fieldForHeader, flagText, normalizeHeader } from './voter-columns';

const headersOf = (field: (typeof VOTER_FIELDS)[number]) => [field.name, field.label, ...(('aliases' in field && field.aliases) || [])];

describe('fieldForHeader', () => {
  it('should match export labels, field names and variants whatever the case, spaces or underscores', () => {
    for (const header of ['Voter ID', 'voter_id', 'VOTERID', ' voter id ', 'EPIC No', 'मतदार ओळखपत्र क्रमांक']) expect(fieldForHeader(header), header).toBe('voter_id');
    expect(fieldForHeader('Father/Husband Name')).toBe('father_husband_name');
    expect(fieldForHeader('Sub-caste')).toBe('sub_caste');
    expect(fieldForHeader('नाव')).toBe('full_name');
    expect(fieldForHeader('Shoe Size')).toBeUndefined();
  });

  it('should recognise a Marathi header for every field, and the Hindi and glossary ones of the main fields', () => {
    const devanagari = /[\u0900-\u097f]/;
    for (const field of VOTER_FIELDS) expect(headersOf(field).some((header) => devanagari.test(header)), field.name).toBe(true);
    const samples: [string, string][] = [
      ['मतदार ओळखपत्र क्र. (EPIC)', 'voter_id'],
      ['मतदाता पहचान पत्र सं. (EPIC)', 'voter_id'],
      ['मतदाराचे नाव', 'full_name'],
      ['नाम', 'full_name'],
      ['मोबाईल नंबर', 'mobile_number'],
      ['मोबाइल नंबर', 'mobile_number'],
      ['राजकीय कल', 'political_preference'],
      ['जाति', 'caste'],
      ['पोट जात', 'sub_caste'],
      ['गाँव', 'village'],
      ['तहसील', 'taluka'],
      ['दिव्यांग', 'disability'],
      ['कुटुंब प्रमुख', 'head_of_house'],
      ['मयत', 'is_dead'],
    ];
    for (const [header, field] of samples) expect(fieldForHeader(header), header).toBe(field);
  });

  it('should give no header to two fields', () => {
    const owners = new Map<string, string>();
    for (const field of VOTER_FIELDS) {
      for (const header of headersOf(field)) {
        const key = normalizeHeader(header);
        const owner = owners.get(key);
        expect(owner === undefined || owner === field.name, `${header}: ${owner} and ${field.name}`).toBe(true);
        owners.set(key, field.name);
      }
    }
  });
});

describe('flagText', () => {
  it('should read Yes/No words in English, Marathi and Hindi, an empty cell or a dash as nothing, and other words as neither', () => {
    expect(flagText('Yes')).toBe('true');
    expect(flagText(' YES. ')).toBe('true');
    expect(flagText('होय')).toBe('true');
    expect(flagText('नाही')).toBe('false');
    expect(flagText('नहीं')).toBe('false');
    expect(flagText('')).toBeUndefined();
    expect(flagText(' - ')).toBeUndefined();
    expect(flagText('maybe')).toBeNull();
  });
});
