import { describe, expect, it } from 'vitest';
import { voterQuerySchema } from '@shared/voters/voter-schema';
import { FILTER_KEYS } from './use-voter-search-params';

describe('FILTER_KEYS', () => {
  it('should hold every parameter of the shared voter query but the paging ones', () => {
    const schemaKeys = Object.keys(voterQuerySchema.shape).filter((key) => key !== 'page' && key !== 'limit');
    expect([...FILTER_KEYS].sort()).toEqual(schemaKeys.sort());
    // The filters the search tab offers are all among them.
    expect(FILTER_KEYS).toEqual(expect.arrayContaining(['search', 'gender', 'area', 'booth', 'caste', 'father_husband_name', 'occupation', 'mobile_filter', 'age_min', 'age_max', 'village', 'political_preference']));
  });
});
