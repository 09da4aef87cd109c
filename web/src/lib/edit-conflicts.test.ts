import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { conflictCurrent, fieldsChangedByOthers, reapplyOwnChanges } from './edit-conflicts';

const fields = ['name', 'mobile', 'booths', 'active'] as const;
const loaded = { name: 'Asha', mobile: '', booths: ['Booth-01'], active: true };

describe('edit conflicts', () => {
  it('should list only the fields someone else changed, with their value and the form\'s', () => {
    const current = { ...loaded, name: 'Asha Patil', booths: ['Booth-01', 'Booth-02'] };
    const typed = { ...loaded, name: 'Asha P.', mobile: '9822000001' };
    expect(fieldsChangedByOthers(fields, loaded, current, typed)).toEqual([
      { field: 'name', theirs: 'Asha Patil', yours: 'Asha P.', alsoYours: true },
      { field: 'booths', theirs: ['Booth-01', 'Booth-02'], yours: ['Booth-01'], alsoYours: false },
    ]);
  });

  it('should count a stored null and an empty input as the same value', () => {
    expect(fieldsChangedByOthers(['mobile'], { mobile: '' }, { mobile: null }, { mobile: '' })).toEqual([]);
  });

  it('should put the user\'s own changes on top of the current record and keep the rest of theirs', () => {
    const current = { ...loaded, name: 'Asha Patil', active: false };
    const typed = { ...loaded, mobile: '9822000001' };
    expect(reapplyOwnChanges(fields, loaded, current, typed)).toEqual({ name: 'Asha Patil', mobile: '9822000001', booths: ['Booth-01'], active: false });
  });

  it('should read the current record from a 409 that carries one, and nothing from other errors', () => {
    expect(conflictCurrent(new ApiError(409, 'changed', undefined, { id: 1 }))).toEqual({ id: 1 });
    expect(conflictCurrent(new ApiError(409, 'Username already exists', { username: 'taken' }))).toBeUndefined();
    expect(conflictCurrent(new ApiError(400, 'bad', undefined, { id: 1 }))).toBeUndefined();
  });
});
