import { describe, expect, it } from 'vitest';
import { calendarDateSchema, DATE_NOT_IN_CALENDAR, isCalendarDate } from './calendar-date';

describe('isCalendarDate', () => {
  it('should accept days the calendar has, 29 February in leap years included', () => {
    for (const day of ['2026-12-31', '2024-02-29', '2000-02-29', '2027-04-30', '1900-01-01']) expect(isCalendarDate(day), day).toBe(true);
  });

  it('should refuse days the calendar does not have when Date.parse would roll them over', () => {
    for (const day of ['2027-02-30', '2027-02-29', '1900-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-01-00', '2027-1-05', '27-01-05', '']) expect(isCalendarDate(day), day).toBe(false);
  });
});

describe('calendarDateSchema', () => {
  const schema = calendarDateSchema('Use a date like 2026-12-31');
  const messages = (value: string) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('should say the date does not exist when it is written right but the day is not in the calendar', () => {
    expect(messages('2027-02-30')).toEqual([DATE_NOT_IN_CALENDAR]);
  });

  it('should give the format message first when the date is not written YYYY-MM-DD', () => {
    expect(messages('30/02/2027')[0]).toBe('Use a date like 2026-12-31');
  });

  it('should take a real day, trimmed', () => {
    expect(schema.parse(' 2028-02-29 ')).toBe('2028-02-29');
  });
});
