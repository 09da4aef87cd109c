import { describe, expect, it } from 'vitest';
import { formatPageRuns, pageCount, pageOfSerial, pageRuns, serialRangeOf } from './roll-pages';

describe('roll pages', () => {
  it('should put serials 1 to 30 on page 1 and 31 on page 2 when a page holds 30', () => {
    expect(pageOfSerial(1, 30)).toBe(1);
    expect(pageOfSerial(30, 30)).toBe(1);
    expect(pageOfSerial(31, 30)).toBe(2);
    expect(serialRangeOf(3, 30)).toEqual({ from: 61, to: 90 });
    expect(serialRangeOf(1, 25)).toEqual({ from: 1, to: 25 });
  });

  it('should agree with itself for every serial when the page size changes', () => {
    for (const size of [5, 25, 30, 100]) {
      for (let serial = 1; serial <= 500; serial += 1) {
        const { from, to } = serialRangeOf(pageOfSerial(serial, size), size);
        expect(serial >= from && serial <= to).toBe(true);
      }
    }
  });

  it('should count the pages that hold the highest serial, none when there is none', () => {
    expect(pageCount(null, 30)).toBe(0);
    expect(pageCount(0, 30)).toBe(0);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
    expect(pageCount(1200, 30)).toBe(40);
  });

  it('should write pages as sorted runs when they are given in any order', () => {
    expect(pageRuns([9, 3, 4, 5, 4])).toEqual([
      [3, 5],
      [9, 9],
    ]);
    expect(formatPageRuns([9, 3, 4, 5, 12, 11])).toBe('3–5, 9, 11–12');
    expect(formatPageRuns([])).toBe('');
  });
});
