import { describe, expect, it } from 'vitest';
import { nextDay, startOfZonedDay } from './zoned-time';

describe('startOfZonedDay', () => {
  it('should start an Indian day at 18:30 UTC the evening before', () => {
    expect(startOfZonedDay('2026-11-21', 'Asia/Kolkata').toISOString()).toBe('2026-11-20T18:30:00.000Z');
  });

  it('should follow daylight saving time in New York and London', () => {
    expect(startOfZonedDay('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfZonedDay('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(startOfZonedDay('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfZonedDay('2026-12-01', 'Europe/London').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('nextDay', () => {
  it('should roll over months and years', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
