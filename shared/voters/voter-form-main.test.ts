import { describe, expect, it } from 'vitest';
import { VOTER_FIELDS, type VoterFieldSpec } from './voter-fields';

const fields = VOTER_FIELDS as readonly VoterFieldSpec[];
const main = fields.filter((field) => field.form?.main !== undefined);

// Issue 21: the voter form shows its main details open and folds the rest on a phone.
describe('the voter form main details', () => {
  it('should hold every required field, so a new voter never needs a folded section', () => {
    const required = fields.filter((field) => field.kind === 'voter-id' || (field.kind === 'text' && field.required === true)).map((field) => field.name);
    expect(main.map((field) => field.name)).toEqual(expect.arrayContaining(required));
  });

  it('should start with the name and hold the common fields a worker fills for nearly every voter', () => {
    const order = [...main].sort((a, b) => (a.form?.main ?? 0) - (b.form?.main ?? 0)).map((field) => field.name);
    expect(order[0]).toBe('full_name');
    expect(order).toEqual(expect.arrayContaining(['father_husband_name', 'age', 'gender', 'mobile_number', 'booth', 'house_no']));
  });

  it('should give each main field its own place', () => {
    const places = main.map((field) => field.form?.main);
    expect(new Set(places).size).toBe(places.length);
  });
});
