import { describe, expect, it } from 'vitest';
import { REFERENCE_LANGUAGES } from './list-option';
import { referenceName } from './reference-names';
import { CASTE_ROW_LIST } from './caste-row-list';
import { listOptionName, ROW_LISTS, type RowListName, rowListName } from './row-lists';

describe('rowListName', () => {
  it('should give every value of the row lists the name referenceName gives it, in every language', () => {
    for (const list of Object.keys(ROW_LISTS) as RowListName[]) {
      expect(ROW_LISTS[list].length, list).toBeGreaterThan(1);
      for (const option of ROW_LISTS[list]) {
        for (const lang of REFERENCE_LANGUAGES) expect(rowListName(list, option.value, lang), `${list} ${option.value} ${lang}`).toBe(referenceName(list, option.value, lang));
      }
    }
  });

  it('should give every caste the name referenceName gives it, in every language', () => {
    for (const option of CASTE_ROW_LIST) {
      for (const lang of REFERENCE_LANGUAGES) expect(listOptionName(CASTE_ROW_LIST, option.value, lang), `${option.value} ${lang}`).toBe(referenceName('castes', option.value, lang));
    }
  });

  it('should show a value no longer on the list as stored and no value as null', () => {
    expect(listOptionName(CASTE_ROW_LIST, 'Old caste', 'mr')).toBe('Old caste');
    expect(rowListName('parties', null, 'en')).toBeNull();
    expect(rowListName('genders', '', 'en')).toBeNull();
    expect(rowListName('genders', 'Female', 'mr')).toBe('स्त्री');
  });
});
