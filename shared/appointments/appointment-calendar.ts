import { z } from 'zod';
import { isoDate, requiredText } from '../office/office-fields';
import { recordIdNumberSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';

// Leaders' calendars (issue 59, docs/decisions/091-leaders-calendars-and-walk-in-tokens.md): each
// leader's working weekdays, office hours cut into slots of one length, and blocked days. Slots
// are offered only on a working day that is not blocked; the server checks every booking
// against its calendar.

// ISO weekdays: Monday 1 … Sunday 7.
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SLOT_LENGTH_MIN = 5;
export const SLOT_LENGTH_MAX = 240;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_MESSAGE = 'Use a time like 10:00';
export const DAY_END_AFTER_START = 'The day must end after it starts, with room for one slot';
export const WORKING_DAYS_REQUIRED = 'Choose at least one working day';
export const SLOT_LENGTH_MESSAGE = `Slot length must be a whole number of minutes from ${SLOT_LENGTH_MIN} to ${SLOT_LENGTH_MAX}`;
export const DLT_TEMPLATE_MESSAGE = 'DLT template id must be 12 to 19 digits';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface CalendarHours {
  day_start: string;
  day_end: string;
  slot_minutes: number;
}

// The slots' start times: from the day's start, one slot length apart, each ending by the day's end.
export function calendarSlots(hours: CalendarHours): string[] {
  const slots: string[] = [];
  const end = minutesOf(hours.day_end);
  if (hours.slot_minutes < 1) return slots;
  for (let start = minutesOf(hours.day_start); start + hours.slot_minutes <= end; start += hours.slot_minutes) slots.push(timeOf(start));
  return slots;
}

// The ISO weekday of a YYYY-MM-DD day (its calendar, not a time zone's).
export function weekdayOf(day: string): Weekday {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

const timeField = z.string({ error: TIME_MESSAGE }).trim().regex(TIME_PATTERN, TIME_MESSAGE);

const calendarFields = {
  name: requiredText(120, 'Name'),
  working_days: z
    .array(z.number({ error: WORKING_DAYS_REQUIRED }), { error: WORKING_DAYS_REQUIRED })
    .min(1, WORKING_DAYS_REQUIRED)
    .max(7, WORKING_DAYS_REQUIRED)
    // On the array, not each item, so the message names the field (not working_days.0).
    .refine((days) => days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7), WORKING_DAYS_REQUIRED)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  day_start: timeField,
  day_end: timeField,
  slot_minutes: z.coerce.number({ error: SLOT_LENGTH_MESSAGE }).int(SLOT_LENGTH_MESSAGE).min(SLOT_LENGTH_MIN, SLOT_LENGTH_MESSAGE).max(SLOT_LENGTH_MAX, SLOT_LENGTH_MESSAGE),
  // The reminder SMS the day before (off until the office turns it on), with the DLT template
  // registered for it when the gateway needs one.
  reminder_sms: z.boolean({ error: 'Must be true or false' }).default(false),
  reminder_dlt_template_id: z
    .string()
    .trim()
    .regex(/^(\d{12,19})?$/, DLT_TEMPLATE_MESSAGE)
    .optional()
    .transform((value) => value ?? ''),
};

const hoursFit = (calendar: CalendarHours) => TIME_PATTERN.test(calendar.day_start) && TIME_PATTERN.test(calendar.day_end) && calendarSlots(calendar).length > 0;

// POST /api/appointments/calendars and the calendar form.
export const calendarInputSchema = z.object(calendarFields).refine(hoursFit, { message: DAY_END_AFTER_START, path: ['day_end'] });
export type CalendarInput = z.input<typeof calendarInputSchema>;

// PUT /api/appointments/calendars/{id}: the whole calendar, from the version seen.
export const calendarUpdateSchema = z
  .object({ ...calendarFields, version: sentVersionSchema })
  .refine(hoursFit, { message: DAY_END_AFTER_START, path: ['day_end'] });
export type CalendarUpdate = z.input<typeof calendarUpdateSchema>;

export const blockedDayInputSchema = z.object({ blocked_date: isoDate, reason: requiredText(200, 'Reason') });
export type BlockedDayInput = z.input<typeof blockedDayInputSchema>;

export const blockedDaySchema = z.object({ id: z.number().int(), calendar_id: z.number().int(), blocked_date: z.string(), reason: z.string(), created_by_name: z.string().nullable() });
export type BlockedDay = z.infer<typeof blockedDaySchema>;

export const calendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  working_days: z.array(z.number().int()),
  day_start: z.string(),
  day_end: z.string(),
  slot_minutes: z.number().int(),
  reminder_sms: z.boolean(),
  reminder_dlt_template_id: z.string(),
  // From the office's today on, by date.
  blocked_days: z.array(blockedDaySchema),
  version: recordVersionSchema,
});
export type AppointmentCalendar = z.infer<typeof calendarSchema>;
export const calendarListSchema = z.object({ items: z.array(calendarSchema) });

// A calendar named in a query or a body; left out, the first calendar (the one every booking
// made before calendars belongs to).
export const calendarIdField = z
  .union([recordIdNumberSchema('Calendar not found'), z.string().trim().regex(/^\d{1,9}$/, 'Calendar not found').transform(Number), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export type DayClosed = { kind: 'not-working' } | { kind: 'blocked'; reason: string } | null;

// Why a day offers no slots, or null when it does.
export function dayClosed(calendar: { working_days: readonly number[]; blocked_days: readonly { blocked_date: string; reason: string }[] }, day: string): DayClosed {
  const blocked = calendar.blocked_days.find((item) => item.blocked_date === day);
  if (blocked) return { kind: 'blocked', reason: blocked.reason };
  if (!calendar.working_days.includes(weekdayOf(day))) return { kind: 'not-working' };
  return null;
}

// GET /api/appointments/sheet: a calendar's day as a PDF; lang left out: the office's language.
export const daySheetQuerySchema = z.object({
  date: isoDate,
  calendar_id: calendarIdField,
  lang: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['en', 'mr', 'hi', 'gu'], { error: 'Language must be en, mr, hi or gu' }).optional()),
});
