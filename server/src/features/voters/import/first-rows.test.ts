import { describe, expect, it } from 'vitest';
import { FirstRows, hash53 } from './first-rows';

describe('FirstRows', () => {
  it('should give the first row of each ID remembered, and nothing for IDs never seen, across growth', () => {
    const rows = new FirstRows();
    for (let index = 0; index < 200_000; index += 1) rows.remember(`ABC${String(index).padStart(7, '0')}`, index + 2);
    // A repeat keeps the first row.
    rows.remember('ABC0000005', 999_999);
    expect(rows.candidate('ABC0000005')).toBe(7);
    expect(rows.candidate('ABC0199999')).toBe(200_001);
    let strays = 0;
    for (let index = 200_000; index < 400_000; index += 1) if (rows.candidate(`ABC${String(index).padStart(7, '0')}`) !== undefined) strays += 1;
    expect(strays).toBe(0);
  });

  it('should hash to distinct safe integers that are never zero', () => {
    const seen = new Set<number>();
    for (let index = 0; index < 100_000; index += 1) {
      const key = hash53(`XYZ${index}`);
      expect(Number.isSafeInteger(key) && key > 0).toBe(true);
      seen.add(key);
    }
    expect(seen.size).toBe(100_000);
    expect(hash53('')).toBeGreaterThan(0);
  });
});
