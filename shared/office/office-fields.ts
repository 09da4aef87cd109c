import { z } from 'zod';
import { isBooth } from '../reference/booths';
import { VILLAGE_OPTIONS } from '../reference/voter-lists';
import { MOBILE_PATTERN } from '../users/user-input-schemas';
import { calendarDateSchema } from '../time/calendar-date';

// Field schemas the office's registers share (service requests, appointments, village
// programs: issue 59). Messages reuse the wording other forms already use, so the message
// table (shared/messages) words them in every language.

export const OFFICE_PAGE_SIZE = 25;
export const OFFICE_PAGE_SIZE_MAX = 100;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

// A query-string parameter that may be left out or sent empty.
export function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

export const pageParam = z.preprocess(blankToUndefined, z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1));
export const limitParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(OFFICE_PAGE_SIZE_MAX, `Limit must be ${OFFICE_PAGE_SIZE_MAX} or less`)
    .default(OFFICE_PAGE_SIZE),
);

export const isoDate = calendarDateSchema('Use a date like 2026-12-31');

// Text a form may leave empty: stored as null.
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

export const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

export const optionalMobile = z
  .union([z.string().trim().regex(MOBILE_PATTERN, 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

export const optionalBooth = z
  .union([z.string().trim().refine(isBooth, 'Choose a booth from the list'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

const VILLAGE_VALUES = new Set(VILLAGE_OPTIONS.map((village) => village.value));
export function isVillage(value: string): boolean {
  return VILLAGE_VALUES.has(value);
}

export const optionalVillage = z
  .union([z.string().trim().refine(isVillage, 'Choose a village from the list'), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

// A whole number a form may leave empty (attendance): text in a form, a number in JSON.
export const optionalCount = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : value),
    z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} must be 0 or more`).max(1_000_000, `${label} must be 1000000 or less`).nullable(),
  );

// A list page as every register answers it.
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });
}
