import { describe, expect, it } from 'vitest';
import { dateLocale, formatCalendarDate, formatDateTime, formatInstantDate, formatLongDate, officeToday } from './date-format';

describe('formatDateTime', () => {
  it('should show the same instant on each office clock', () => {
    const iso = '2026-11-21T18:45:00.000Z';
    expect(formatDateTime(iso, 'Asia/Kolkata')).toBe('22 Nov 2026, 00:15:00 IST');
    expect(formatDateTime(iso, 'America/New_York')).toMatch(/21 Nov 2026.*13:45:00/);
    expect(formatDateTime(iso, 'Europe/London')).toMatch(/21 Nov 2026.*18:45:00/);
    expect(formatDateTime(iso, 'Asia/Tokyo')).toMatch(/22 Nov 2026.*03:45:00/);
  });

  it('should give back text that is not a date unchanged', () => {
    expect(formatDateTime('not a date', 'Asia/Kolkata')).toBe('not a date');
  });

  it('should write Marathi, Hindi and Gujarati month names with Latin digits when the language is one of them', () => {
    const iso = '2026-11-21T18:45:00.000Z';
    expect(formatDateTime(iso, 'Asia/Kolkata', 'mr')).toBe('22 नोव्हें, 2026, 00:15:00 IST');
    expect(formatDateTime(iso, 'Asia/Kolkata', 'hi')).toMatch(/^22 नव.* 2026, 00:15:00 IST$/);
    expect(formatDateTime(iso, 'Asia/Kolkata', 'gu')).toMatch(/^22 નવે, 2026 00:15:00 IST$/);
  });
});

describe('formatInstantDate', () => {
  it("should show the office's date when a UTC instant near midnight is the next day there", () => {
    // 23:10 UTC on the 21st is 04:40 on the 22nd in India and still the 21st in New York.
    expect(formatInstantDate('2026-11-21T23:10:00.000Z', 'Asia/Kolkata')).toBe('22 Nov 2026');
    expect(formatInstantDate('2026-11-21T23:10:00.000Z', 'America/New_York')).toBe('21 Nov 2026');
    // 20:00 UTC on the 31st of December is already New Year in India and Tokyo.
    expect(formatInstantDate('2026-12-31T20:00:00.000Z', 'Asia/Kolkata')).toBe('1 Jan 2027');
    expect(formatInstantDate('2026-12-31T20:00:00.000Z', 'Europe/London')).toBe('31 Dec 2026');
  });
});

describe('formatCalendarDate', () => {
  it('should keep a date-only value on its day whatever the zone and language', () => {
    expect(formatCalendarDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatCalendarDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatCalendarDate('1991-05-02', 'mr')).toBe('2 मे, 1991');
    expect(formatCalendarDate('2026-12-05', 'gu')).toBe('5 ડિસે, 2026');
  });

  it('should give back a value that is not a real yyyy-mm-dd day unchanged', () => {
    expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30');
    expect(formatCalendarDate('05/12/2026')).toBe('05/12/2026');
    expect(formatCalendarDate('')).toBe('');
  });
});

describe('formatLongDate', () => {
  it("should spell out the office's weekday, day, month and year", () => {
    const instant = new Date('2026-11-21T20:00:00Z');
    expect(formatLongDate(instant, 'Asia/Kolkata')).toBe('Sunday, 22 November 2026');
    expect(formatLongDate(instant, 'America/New_York')).toBe('Saturday, 21 November 2026');
  });

  it('should use Marathi weekday and month names when the language is Marathi', () => {
    expect(formatLongDate(new Date('2026-11-21T10:00:00Z'), 'Asia/Kolkata', 'mr')).toBe('शनिवार, 21 नोव्हेंबर, 2026');
  });
});

describe('officeToday', () => {
  it("should be the office's calendar day, not the UTC one, near midnight", () => {
    expect(officeToday('Asia/Kolkata', new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(officeToday('America/New_York', new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(officeToday('Asia/Tokyo', new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(officeToday('Asia/Tokyo', new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });
});

describe('dateLocale', () => {
  it('should map each interface language to its Indian locale with Latin digits', () => {
    expect(dateLocale('en')).toBe('en-IN-u-nu-latn');
    expect(dateLocale('mr')).toBe('mr-IN-u-nu-latn');
    expect(dateLocale('hi')).toBe('hi-IN-u-nu-latn');
    expect(dateLocale('gu')).toBe('gu-IN-u-nu-latn');
    expect(dateLocale('mr-IN')).toBe('mr-IN-u-nu-latn');
    expect(dateLocale('xx')).toBe('en-IN-u-nu-latn');
  });
});
