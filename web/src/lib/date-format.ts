import { zonedDay } from '@shared/time/zoned-time';

// Every date and time the app shows is written here (issue 18): instants on the office's clock
// (the timezone setting, whatever the browser's own zone: the office reads one clock), in the
// interface language's words (Marathi month names in Marathi), with Latin digits in every
// language (docs/decisions/024): Marathi's own default is Devanagari digits, Hindi's and
// Gujarati's Latin, and the ages, booth numbers, counts and date inputs beside them are Latin.
const LOCALES: Record<string, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN', gu: 'gu-IN' };

export function dateLocale(language: string): string {
  return `${LOCALES[language.split('-')[0] ?? ''] ?? 'en-IN'}-u-nu-latn`;
}

// Building a formatter is far slower than using one, and a table formats a column of them.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// An instant with its time, to the second: "22 Nov 2026, 00:15:00 IST".
export function formatDateTime(iso: string, timeZone: string, language = 'en'): string {
  const date = parseInstant(iso);
  if (!date) return iso;
  return formatter(language, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

// The office's calendar day an instant fell on: "22 Nov 2026".
export function formatInstantDate(iso: string, timeZone: string, language = 'en'): string {
  const date = parseInstant(iso);
  if (!date) return iso;
  return formatter(language, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

// A date-only value (a task's due date, a date of birth: yyyy-mm-dd) names a day, not an
// instant, so no timezone may move it: it is written as the day it is, read on UTC's calendar.
export function formatCalendarDate(day: string, language = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.getUTCDate() !== Number(match[3])) return day;
  return formatter(language, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

// Today in full for page headings: "Saturday, 21 November 2026" on the office's calendar.
export function formatLongDate(instant: Date, timeZone: string, language = 'en'): string {
  return formatter(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
}

// The office's today as yyyy-mm-dd, for date filters and their bounds.
export function officeToday(timeZone: string, now = new Date()): string {
  return zonedDay(now, timeZone);
}
