import { describe, expect, it } from 'vitest';
import { BOOTH_ACCESS_VALUES, BOOTHS, isBooth } from './booths';

describe('BOOTHS', () => {
  it('should list Booth-01 to Booth-396 in order', () => {
    expect(BOOTHS).toHaveLength(396);
    expect(BOOTHS[0]).toBe('Booth-01');
    expect(BOOTHS[99]).toBe('Booth-100');
    expect(BOOTHS[395]).toBe('Booth-396');
  });

  it('should offer Admin as a booth access value but not as a booth', () => {
    expect(BOOTH_ACCESS_VALUES).toContain('Admin');
    expect(isBooth('Admin')).toBe(false);
    expect(isBooth('Booth-7')).toBe(false);
    expect(isBooth('Booth-07')).toBe(true);
  });
});
