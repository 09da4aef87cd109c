import { z } from 'zod';

// Dates as the app takes them (YYYY-MM-DD, what a date input gives), checked against the
// calendar: Date.parse reads 2027-02-30 as 2 March, so a pattern and Date.parse let it through
// (issue 57). One field schema for every date, on the server and in the forms.
export const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_NOT_IN_CALENDAR = 'This date does not exist in the calendar';

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

// True for a YYYY-MM-DD day the calendar has (29 February only in leap years).
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

// A day in the calendar: `formatMessage` when it is not written YYYY-MM-DD, DATE_NOT_IN_CALENDAR
// when it is but no such day exists. Fields add their own rules (past, after another) on top.
export function calendarDateSchema(formatMessage: string) {
  return z
    .string()
    .trim()
    .regex(CALENDAR_DATE_PATTERN, formatMessage)
    .refine((value) => !CALENDAR_DATE_PATTERN.test(value) || isCalendarDate(value), DATE_NOT_IN_CALENDAR);
}
