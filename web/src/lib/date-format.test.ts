import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

describe('formatDateTime', () => {
  it('should show the same instant on each office clock', () => {
    const iso = '2026-11-21T18:45:00.000Z';
    expect(formatDateTime(iso, 'Asia/Kolkata')).toMatch(/22 Nov 2026.*00:15:00/);
    expect(formatDateTime(iso, 'America/New_York')).toMatch(/21 Nov 2026.*13:45:00/);
    expect(formatDateTime(iso, 'Europe/London')).toMatch(/21 Nov 2026.*18:45:00/);
    expect(formatDateTime(iso, 'Asia/Tokyo')).toMatch(/22 Nov 2026.*03:45:00/);
  });

  it('should give back text that is not a date unchanged', () => {
    expect(formatDateTime('not a date', 'Asia/Kolkata')).toBe('not a date');
  });
});
