import { describe, expect, it } from 'vitest';
import type { VoterField } from '@shared/voters/voter-fields';
import { type ColumnKind, columnKindOf, placeRowValues } from './placed-values';

function place(fields: Record<string, string>, hasCaste = 'caste' in fields) {
  const kinds = new Map<VoterField, ColumnKind>();
  for (const field of Object.keys(fields) as VoterField[]) if (columnKindOf(field) !== 'text') kinds.set(field, columnKindOf(field));
  const warnings = placeRowValues(fields, kinds, { hasCaste });
  return { fields, warnings };
}

describe('placeRowValues', () => {
  it('should put messy list texts in their stored values and give no warnings when every one is placed', () => {
    const { fields, warnings } = place({ full_name: 'Asha', occupation: 'housewife', political_preference: 'Shiv Sena', gender: 'स्त्री', religion: ' hindu ', booth: '12', present_in_city: 'no', caste: 'kunbi', sub_caste: 'khaire' });
    expect(warnings).toBeUndefined();
    expect(fields).toEqual({ full_name: 'Asha', occupation: 'Homemaker', political_preference: 'Shiv Sena (Shinde)', gender: 'Female', religion: 'Hindu', booth: 'Booth-12', present_in_city: 'false', caste: 'Kunbi', sub_caste: 'Khaire' });
  });

  it('should save an unplaced value as Other or leave it empty, with a warning naming the value', () => {
    const { fields, warnings } = place({ occupation: 'Astronaut', gender: 'Robot', booth: 'Booth-999', religion: 'NA' });
    expect(fields).toEqual({ occupation: 'Other', gender: '', booth: '', religion: '' });
    expect(warnings).toEqual([
      { field: 'occupation', value: 'Astronaut', savedAs: 'Other', message: 'Not in the list: "Astronaut"; saved as Other', reason: 'not_in_list', of: null, belongsTo: [] },
      { field: 'gender', value: 'Robot', savedAs: null, message: 'Not in the list: "Robot"; left empty', reason: 'not_in_list', of: null, belongsTo: [] },
      { field: 'booth', value: 'Booth-999', savedAs: null, message: 'Not in the list: "Booth-999"; left empty', reason: 'not_in_list', of: null, belongsTo: [] },
    ]);
  });

  it('should leave a flag it cannot read at its default and a sub-caste or village that does not fit empty, with warnings', () => {
    const { fields, warnings } = place({ is_dead: 'perhaps', caste: 'Kunbi', sub_caste: 'Chitpavan', taluka: 'Ner', village: 'Arambhi' });
    expect(fields).toEqual({ caste: 'Kunbi', sub_caste: '', taluka: 'Ner', village: '' });
    expect(warnings?.map(({ field, savedAs, message, reason, of, belongsTo }) => ({ field, savedAs, message, reason, of, belongsTo }))).toEqual([
      { field: 'is_dead', savedAs: 'No', message: 'Not Yes or No: "perhaps"; saved as No', reason: 'not_yes_no', of: null, belongsTo: [] },
      { field: 'sub_caste', savedAs: null, message: 'Not a sub-caste of Kunbi: "Chitpavan"; left empty', reason: 'not_sub_caste_of', of: 'Kunbi', belongsTo: [] },
      // In the list, of another taluka: the warning says which (issue 56).
      { field: 'village', savedAs: null, message: 'Not a village of Ner (a village of Digras): "Arambhi"; left empty', reason: 'village_of_another_taluka', of: 'Ner', belongsTo: ['Digras'] },
    ]);
  });

  it('should keep a sub-caste for the stored caste to judge when the file has no caste column', () => {
    expect(place({ sub_caste: 'khaire' }, false)).toEqual({ fields: { sub_caste: 'Khaire' }, warnings: undefined });
    expect(place({ sub_caste: 'Unheard Of' }, false)).toEqual({ fields: { sub_caste: 'Unheard Of' }, warnings: undefined });
  });

  it('should cut a very long value short in its warning', () => {
    const { warnings } = place({ occupation: 'x'.repeat(500) });
    expect(warnings?.[0]?.value).toBe(`${'x'.repeat(100)}…`);
  });
});
