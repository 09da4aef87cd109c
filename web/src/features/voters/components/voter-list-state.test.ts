import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUERY_TEXT_MAX, quickSearchError } from '@shared/voters/voter-query-keys';
import { voterQuerySchema } from '@shared/voters/voter-schema';
import { FILTER_KEYS, voterListStateOf } from './voter-list-state';

describe('FILTER_KEYS', () => {
  it('should hold every parameter of the shared voter query but the paging ones', () => {
    const schemaKeys = Object.keys(voterQuerySchema.shape).filter((key) => key !== 'page' && key !== 'limit');
    expect([...FILTER_KEYS].sort()).toEqual(schemaKeys.sort());
    // The filters the search tab offers are all among them.
    expect(FILTER_KEYS).toEqual(expect.arrayContaining(['search', 'gender', 'area', 'booth', 'caste', 'father_husband_name', 'occupation', 'mobile_filter', 'age_min', 'age_max', 'village', 'political_preference']));
  });
});

describe('voterListStateOf', () => {
  it('should check the quick search as the shared schema does when no other filter is sent', () => {
    const addresses = ['', 'tab=entry', 'page=2', 'search=rahul', `search=${'a'.repeat(QUERY_TEXT_MAX)}`, `search=${'a'.repeat(QUERY_TEXT_MAX + 1)}`, `search=${encodeURIComponent(` ${'a'.repeat(QUERY_TEXT_MAX)} `)}`, 'tab=search&search=x', 'tab=entry&booth=Booth-01'];
    for (const address of addresses) {
      const params = new URLSearchParams(address);
      const withoutSchema = voterListStateOf(params, undefined);
      expect(withoutSchema.checking, address).toBe(false);
      const { filterErrors, queryValid, listParams } = voterListStateOf(params, voterQuerySchema);
      expect({ filterErrors: withoutSchema.filterErrors, queryValid: withoutSchema.queryValid, listParams: withoutSchema.listParams }, address).toEqual({ filterErrors, queryValid, listParams });
    }
  });

  it('should refuse the same quick searches as the shared schema, with its message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: QUERY_TEXT_MAX + 20 }), fc.nat(3), (text, padding) => {
        const search = `${' '.repeat(padding)}${text}`;
        const parsed = voterQuerySchema.safeParse({ search });
        expect(quickSearchError(search)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
      }),
    );
  });

  it('should wait for the shared schema when the search tab sends another filter, then show its errors', () => {
    const params = new URLSearchParams('tab=search&age_min=40&age_max=30');
    expect(voterListStateOf(params, undefined)).toMatchObject({ checking: true, queryValid: false, filterErrors: {} });
    expect(voterListStateOf(params, voterQuerySchema)).toMatchObject({ checking: false, queryValid: false, filterErrors: { age_max: 'Maximum age must not be less than minimum age' } });
    expect(voterListStateOf(new URLSearchParams('tab=search&booth=Booth-01'), voterQuerySchema)).toMatchObject({ checking: false, queryValid: true, listParams: { page: 1, booth: 'Booth-01' } });
  });

  // Decision 089: "Count exactly" is state in the address, sent with the list and not a filter.
  it('should send exactTotal=true with the list when the address asks for the exact count, without waiting for the schema', () => {
    expect(voterListStateOf(new URLSearchParams('search=patil&exactTotal=true'), undefined)).toMatchObject({ checking: false, queryValid: true, listParams: { page: 1, search: 'patil', exactTotal: 'true' } });
    expect(voterListStateOf(new URLSearchParams('search=patil&exactTotal=false'), undefined).listParams).toEqual({ page: 1, search: 'patil' });
    expect(voterListStateOf(new URLSearchParams('tab=search&search=patil&gender=Female&exactTotal=true'), voterQuerySchema)).toMatchObject({ queryValid: true, listParams: { page: 1, search: 'patil', gender: 'Female', exactTotal: 'true' } });
  });
});
