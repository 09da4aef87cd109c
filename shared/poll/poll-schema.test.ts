import { describe, expect, it } from 'vitest';
import { parseSerials, SERIALS_TEXT_INVALID, SERIALS_TOO_MANY } from './poll-schema';
import { inSilencePeriod, pollHours, pollWindow, zonedHour } from './poll-window';

describe('parseSerials', () => {
  it('should read single serials, lists and ranges in the order typed without repeats', () => {
    expect(parseSerials('12')).toEqual({ serials: [12] });
    expect(parseSerials('12, 15, 18')).toEqual({ serials: [12, 15, 18] });
    expect(parseSerials('18-22')).toEqual({ serials: [18, 19, 20, 21, 22] });
    expect(parseSerials(' 7 3,3 . 5*6 ')).toEqual({ serials: [7, 3, 5, 6] });
    expect(parseSerials('')).toEqual({ serials: [] });
  });

  it('should refuse text that is not serial numbers', () => {
    expect(parseSerials('12a')).toEqual({ error: SERIALS_TEXT_INVALID });
    expect(parseSerials('22-18')).toEqual({ error: SERIALS_TEXT_INVALID });
    expect(parseSerials('0')).toEqual({ error: SERIALS_TEXT_INVALID });
  });

  it('should refuse more than 50 serials in one go', () => {
    expect(parseSerials('1-51')).toEqual({ error: SERIALS_TOO_MANY });
    expect(parseSerials('1-50')).toMatchObject({ serials: expect.any(Array) });
    expect(parseSerials('1-50, 60')).toEqual({ error: SERIALS_TOO_MANY });
  });
});

describe('pollWindow', () => {
  const settings = { poll_date: '2029-10-20', poll_start: '07:00', poll_end: '18:00', timezone: 'Asia/Kolkata' };

  it('should read the poll hours in the office timezone and start the silence 48 hours before', () => {
    const window = pollWindow(settings);
    expect(window?.opens.toISOString()).toBe('2029-10-20T01:30:00.000Z');
    expect(window?.closes.toISOString()).toBe('2029-10-20T12:30:00.000Z');
    expect(window?.silenceFrom.toISOString()).toBe('2029-10-18T01:30:00.000Z');
    expect(pollWindow({ ...settings, poll_date: '' })).toBeNull();
  });

  it('should be in the silence period only from 48 hours before opening until closing', () => {
    expect(inSilencePeriod(settings, new Date('2029-10-18T01:29:59Z'))).toBeNull();
    expect(inSilencePeriod(settings, new Date('2029-10-18T01:30:00Z'))).not.toBeNull();
    expect(inSilencePeriod(settings, new Date('2029-10-20T12:29:59Z'))).not.toBeNull();
    expect(inSilencePeriod(settings, new Date('2029-10-20T12:30:00Z'))).toBeNull();
  });

  it('should list the hours from opening to closing and read an instant as an office hour', () => {
    expect(pollHours(settings)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(pollHours({ poll_start: '07:30', poll_end: '18:30' })).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(zonedHour(new Date('2029-10-20T01:30:00Z'), 'Asia/Kolkata')).toBe(7);
    expect(zonedHour(new Date('2029-10-20T18:29:00Z'), 'Asia/Kolkata')).toBe(23);
  });
});
