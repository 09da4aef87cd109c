import { describe, expect, it } from 'vitest';
import { promotionalHeldUntil } from './quiet-hours';

describe('promotionalHeldUntil', () => {
  const tz = 'Asia/Kolkata';
  it('should let a promotional message go between 09:00 and 21:00 office time', () => {
    expect(promotionalHeldUntil(new Date('2026-12-07T03:30:00Z'), tz)).toBeNull(); // 09:00 IST
    expect(promotionalHeldUntil(new Date('2026-12-07T15:29:59Z'), tz)).toBeNull(); // 20:59:59 IST
  });

  it('should hold one asked for at night until the next 09:00', () => {
    // 21:00 IST on the 7th: held until 09:00 IST on the 8th.
    expect(promotionalHeldUntil(new Date('2026-12-07T15:30:00Z'), tz)?.toISOString()).toBe('2026-12-08T03:30:00.000Z');
    // 02:00 IST on the 8th: held until 09:00 the same day.
    expect(promotionalHeldUntil(new Date('2026-12-07T20:30:00Z'), tz)?.toISOString()).toBe('2026-12-08T03:30:00.000Z');
    // 08:59 IST.
    expect(promotionalHeldUntil(new Date('2026-12-08T03:29:00Z'), tz)?.toISOString()).toBe('2026-12-08T03:30:00.000Z');
  });

  it('should read the hours in the office timezone', () => {
    // 22:00 UTC is 22:00 in London: held until 09:00 London the next day.
    expect(promotionalHeldUntil(new Date('2026-12-07T22:00:00Z'), 'Europe/London')?.toISOString()).toBe('2026-12-08T09:00:00.000Z');
  });
});
