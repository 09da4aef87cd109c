import { describe, expect, it } from 'vitest';
import { compareBooths, percentages } from './analytics-schema';

describe('percentages', () => {
  it('should give two-decimal shares that add up to exactly 100', () => {
    const shares = percentages([1, 1, 1]);
    expect(shares).toEqual([33.34, 33.33, 33.33]);
    expect(shares.reduce((sum, value) => sum + value, 0)).toBeCloseTo(100, 10);
    expect(percentages([2, 1])).toEqual([66.67, 33.33]);
    expect(percentages([5])).toEqual([100]);
  });

  it('should give zeros when there is nothing to share', () => {
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([])).toEqual([]);
  });
});

describe('compareBooths', () => {
  it('should sort by the first number in the text, then alphabetically', () => {
    expect(['Booth-10', 'Booth-2', 'Annex', 'Booth-02A', 'Booth-1'].sort(compareBooths)).toEqual(['Booth-1', 'Booth-02A', 'Booth-2', 'Booth-10', 'Annex']);
  });
});
