import { describe, expect, it } from 'vitest';
import { nextDay, startOfZonedDay, zonedDay, zonedTimestamp } from './zoned-time';

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

describe('zonedDay and zonedTimestamp', () => {
  it('should give the office day and wall clock of an instant, with its offset', () => {
    const lateEvening = new Date('2026-11-23T19:15:42.500Z');
    expect(zonedDay(lateEvening, 'Asia/Kolkata')).toBe('2026-11-24');
    expect(zonedTimestamp(lateEvening, 'Asia/Kolkata')).toBe('2026-11-24T00:45:42+05:30');
    expect(zonedDay(lateEvening, 'America/New_York')).toBe('2026-11-23');
    expect(zonedTimestamp(lateEvening, 'America/New_York')).toBe('2026-11-23T14:15:42-05:00');
    expect(zonedTimestamp(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01T13:00:00+01:00');
  });
});
