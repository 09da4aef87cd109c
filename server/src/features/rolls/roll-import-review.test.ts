import { describe, expect, it } from 'vitest';
import { ROLL_BOX_FIELDS, type RollBoxField } from '@shared/rolls/roll-types';
import type { StoredBox, StoredRollVoter } from './roll-import-repository';
import { changesOf, editedSince, flaggedFieldsOf, needsReview, problemsOf, rollVoterFields, sameConstituency, valuesOf } from './roll-import-review';

const sure = Object.fromEntries(ROLL_BOX_FIELDS.map((field) => [field, 0.95])) as Record<RollBoxField, number>;
const read = (overrides: Partial<StoredBox> = {}): StoredBox => ({
  page: 3,
  rect: { x: 0, y: 0, width: 100, height: 50 },
  partNo: 5,
  serialNo: 12,
  section: '1',
  epic: 'abc1234566',
  fullName: 'सुनीता पाटील',
  relation: 'husband',
  relativeName: 'सुनील पाटील',
  houseNo: '4',
  age: 37,
  gender: 'Female',
  deleted: false,
  duplicateMark: false,
  confidence: sure,
  review: [],
  ...overrides,
});
const row = (box: StoredBox, corrected: object | null = null) => ({ box: JSON.stringify(box), corrected: corrected ? JSON.stringify(corrected) : null });

describe('the review of a read box', () => {
  it('should take the corrections over what was read, EPIC upper-cased and names in NFC', () => {
    const box = read({ fullName: 'सुनीता  पाटील'.normalize('NFD') });
    expect(valuesOf(row(box))).toMatchObject({ epic: 'ABC1234566', fullName: 'सुनीता पाटील'.normalize('NFC') });
    expect(valuesOf(row(box, { age: 38 })).age).toBe(38);
  });

  it('should flag low confidence, the reader reasons and the import checks, but not a corrected field', () => {
    const box = read({ confidence: { ...sure, fullName: 0.5 }, review: [{ field: 'epic', reason: 'epic-check-digit' }], age: 140 });
    expect(flaggedFieldsOf(box, valuesOf(row(box)), [])).toEqual(['epic', 'fullName', 'age']);
    expect(flaggedFieldsOf(box, valuesOf(row(box, { fullName: 'सुनीता' })), ['fullName'])).toEqual(['epic', 'age']);
    expect(needsReview(read())).toBe(false);
  });

  it('should name what keeps a box from being saved', () => {
    expect(problemsOf(valuesOf(row(read({ epic: null, fullName: null, serialNo: null }))))).toEqual(['epic-missing', 'name-missing', 'serial-missing']);
    expect(rollVoterFields(valuesOf(row(read({ epic: null }))), 'Booth-05')).toBeNull();
  });

  it('should map the roll onto the voter fields (relation, third gender as Other, age out of range left empty)', () => {
    expect(rollVoterFields(valuesOf(row(read({ gender: 'Third', relation: 'other', age: 12 }))), 'Booth-05')).toEqual({
      voter_id: 'ABC1234566',
      full_name: 'सुनीता पाटील',
      father_husband_name: 'सुनील पाटील',
      relation_type: 'Other',
      house_no: '4',
      age: null,
      gender: 'Other',
      booth: 'Booth-05',
      part_serial: 12,
    });
  });

  it('should list only the fields where the roll differs, keeping what the roll leaves out', () => {
    const stored: StoredRollVoter = { id: 1, version: 1, voter_id: 'ABC1234566', full_name: 'सुनीता पाटील', father_husband_name: 'सुनील पाटील', relation_type: 'Husband', house_no: '4', age: 36, gender: 'Female', booth: 'Booth-05', part_serial: 12 };
    const fields = rollVoterFields(valuesOf(row(read({ houseNo: null }))), 'Booth-05')!;
    expect(changesOf(fields, stored)).toEqual([{ field: 'age', from: 36, to: 37 }]);
  });

  it('should take a house number read with other spaces or letter case for the same house', () => {
    const stored: StoredRollVoter = { id: 1, version: 1, voter_id: 'ABC1234566', full_name: 'सुनीता पाटील', father_husband_name: 'सुनील पाटील', relation_type: 'Husband', house_no: 'Plot 3 D', age: 37, gender: 'Female', booth: 'Booth-05', part_serial: 12 };
    expect(changesOf(rollVoterFields(valuesOf(row(read({ houseNo: 'plot 3D' }))), 'Booth-05')!, stored)).toEqual([]);
    expect(changesOf(rollVoterFields(valuesOf(row(read({ houseNo: 'Plot 3 E' }))), 'Booth-05')!, stored)).toEqual([{ field: 'house_no', from: 'Plot 3 D', to: 'Plot 3 E' }]);
  });
});

describe('the roll against the booth (issue 54)', () => {
  it('should take one constituency printed in other ways as the same, and another as another', () => {
    expect(sameConstituency('4 - Mandrem', '4-MANDREM')).toBe(true);
    expect(sameConstituency('No. and Name : 77 - Digras', '77 - Digras')).toBe(true);
    expect(sameConstituency('176 - Lucknow Central', '4 - Mandrem')).toBe(false);
    expect(sameConstituency('Mandrem', 'MANDREM')).toBe(true);
    expect(sameConstituency('Mandrem', 'Pernem')).toBe(false);
  });

  it('should tell a voter changed, created or deleted after the review', () => {
    const seen = { seen: 1, seen_voter_id: 7, seen_version: 3 };
    expect(editedSince(seen, { id: 7, version: 3 })).toBe(false);
    expect(editedSince(seen, { id: 7, version: 4 })).toBe(true);
    expect(editedSince(seen, undefined)).toBe(true);
    expect(editedSince({ seen: 1, seen_voter_id: null, seen_version: null }, { id: 9, version: 1 })).toBe(true);
    expect(editedSince({ seen: 1, seen_voter_id: null, seen_version: null }, undefined)).toBe(false);
    // Taken before the check existed: nothing to compare with.
    expect(editedSince({ seen: 0, seen_voter_id: null, seen_version: null }, { id: 9, version: 1 })).toBe(false);
  });
});
