import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@web/lib/i18n';
import { importCountsText, importToast } from './import-outcome';

const t = i18n.t.bind(i18n);
// The texts load as a file (lib/i18n.ts); on a busy machine they may not be in when the first test runs.
beforeAll(() => i18nReady);
const result = (counts: Partial<Record<'imported' | 'updated' | 'warnings' | 'errors', number>>) => ({ imported: 0, updated: 0, warnings: 0, errors: 0, ...counts });

describe('importToast', () => {
  it("should read as the spec's toast and be a success when every row was saved as written", () => {
    expect(importToast(t, result({ imported: 25 }))).toEqual({ tone: 'success', text: 'Import completed! 25 voters imported, 0 errors' });
  });

  it('should count updated voters and warnings apart from imported ones, with singulars for one', () => {
    expect(importToast(t, result({ imported: 1, updated: 3, warnings: 1, errors: 1 }))).toEqual({ tone: 'warning', text: 'Import completed! 1 voter imported, 3 updated, 1 warning, 1 error' });
    expect(importToast(t, result({ imported: 10, warnings: 4 }))).toEqual({ tone: 'warning', text: 'Import completed! 10 voters imported, 4 warnings, 0 errors' });
    expect(importToast(t, result({ updated: 2 })).tone).toBe('success');
  });

  it('should not be a success when nothing was saved', () => {
    expect(importToast(t, result({ errors: 3 }))).toEqual({ tone: 'error', text: 'Import completed! 0 voters imported, 3 errors' });
    expect(importToast(t, result({})).tone).toBe('error');
  });
});

describe('importCountsText', () => {
  it('should give all four counts for the result panel', () => {
    expect(importCountsText(t, result({ imported: 2, errors: 1 }), true)).toBe('2 voters imported, 0 updated, 0 warnings, 1 error');
  });
});
