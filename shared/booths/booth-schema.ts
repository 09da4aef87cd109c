import { z } from 'zod';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { BOOTH_COUNT } from '../reference/booths';
import { TALUKAS, VILLAGES, villagesOf } from '../reference/voter-lists';
import { voterSchema } from '../voters/voter-schema';
import { BOOTH_CLASSES, boothClassInfoSchema, coverageSchema, supportSchema } from './booth-class';
import { MAX_PAGES_PER_REQUEST, MAX_ROLL_PAGE } from './roll-pages';
import { recordIdNumberSchema } from '../records/record-id';

// Booths as records (issue 20, docs/field-organisation.md): one schema for the API and the
// booth form. Booth-01 … Booth-396 exist from the start (migration 022); their id is the number
// in the label and the voters keep naming their booth by label.

const toNull = (value: string) => (value === '' ? null : value);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).transform(toNull).nullable();
const optionalNumber = (label: string, max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value >= 1 && value <= max), `${label} must be a whole number from 1 to ${max}`)
    .nullable();
const listValue = (label: string, allowed: readonly string[]) => {
  const set = new Set(allowed);
  return z
    .string()
    .trim()
    .transform(toNull)
    .refine((value) => value === null || set.has(value), `Choose a ${label.toLowerCase()} from the list`)
    .nullable();
};

export const BOOTH_SECTIONS_MAX = 60;
export const boothSectionSchema = z.object({
  number: z.coerce.number({ error: 'Section number must be a whole number' }).int('Section number must be a whole number').min(1, 'Section number must be 1 or more').max(999, 'Section number must be 999 or less'),
  name: z.string({ error: 'Section name is required' }).trim().min(1, 'Section name is required').max(120, 'Section name must be at most 120 characters'),
});
export type BoothSection = z.infer<typeof boothSectionSchema>;

// The fields an office role edits, each checked on its own; the whole booth is checked after
// the sent fields are merged over the stored ones (boothRecordSchema).
export const boothFieldsSchema = z.object({
  part_number: optionalNumber('Part number', 9999),
  polling_station_number: optionalNumber('Polling station number', 9999),
  polling_station_name: optionalText('Polling station name', 200),
  polling_station_address: optionalText('Polling station address', 500),
  village: listValue('Village', VILLAGES),
  taluka: listValue('Taluka', TALUKAS.map((option) => option.value)),
  sections: z
    .array(boothSectionSchema, { error: 'Sections must be a list' })
    .max(BOOTH_SECTIONS_MAX, `A part has at most ${BOOTH_SECTIONS_MAX} sections`)
    .refine((sections) => new Set(sections.map((section) => section.number)).size === sections.length, 'Each section number may appear once'),
});
export const BOOTH_FIELDS = Object.keys(boothFieldsSchema.shape) as (keyof z.infer<typeof boothFieldsSchema>)[];
export type BoothField = (typeof BOOTH_FIELDS)[number];

export const BOOTH_FIELD_LABELS: Record<BoothField, string> = {
  part_number: 'Part number',
  polling_station_number: 'Polling station number',
  polling_station_name: 'Polling station name',
  polling_station_address: 'Polling station address',
  village: 'Village',
  taluka: 'Taluka',
  sections: 'Sections',
};

export const boothRecordSchema = boothFieldsSchema.superRefine((booth, ctx) => {
  if (booth.village && booth.taluka && !villagesOf(booth.taluka).includes(booth.village)) {
    ctx.addIssue({ code: 'custom', path: ['village'], message: 'This village is not in the chosen taluka' });
  }
});
export type BoothRecord = z.output<typeof boothRecordSchema>;

// PUT /api/booths/:id: the fields sent change, the others stay; version = the one edited.
export const boothUpdateSchema = boothFieldsSchema.partial().extend({ version: sentVersionSchema });
export type BoothUpdate = z.input<typeof boothUpdateSchema>;

export const boothIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Booth not found' }).int('Booth not found').min(1, 'Booth not found').max(BOOTH_COUNT, 'Booth not found'),
});

export const boothSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  part_number: z.number().int().nullable(),
  polling_station_number: z.number().int().nullable(),
  polling_station_name: z.string().nullable(),
  polling_station_address: z.string().nullable(),
  village: z.string().nullable(),
  taluka: z.string().nullable(),
  sections: z.array(boothSectionSchema),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type Booth = z.infer<typeof boothSchema>;

// GET /api/booths: the booths the caller may see, with their live voter counts.
export const boothListSchema = z.object({
  // class: the class in force (booth-class.ts), null before anyone is contacted.
  booths: z.array(boothSchema.extend({ voters: z.number().int(), class: z.enum(BOOTH_CLASSES).nullable() })),
});
// PUT /api/booths/:id/class answers the booth (its new version) and its class.
export const boothClassResultSchema = z.object({ booth: boothSchema, class: boothClassInfoSchema });
export type BoothClassResult = z.infer<typeof boothClassResultSchema>;

export type BoothList = z.infer<typeof boothListSchema>;

// A Karyakarta and what they hold in a booth: pages, and house numbers (the stand-in for
// households until those are records of their own).
export const boothWorkerSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  // False when their booth access no longer covers this booth: the assignment shows them nothing.
  has_access: z.boolean(),
  pages: z.array(z.number().int()),
  house_numbers: z.array(z.string()),
});
export type BoothWorker = z.infer<typeof boothWorkerSchema>;

export const assignableWorkerSchema = z.object({ id: z.number().int(), full_name: z.string() });

// GET /api/booths/:id: the booth, its roll in pages, and its workers.
export const boothDetailSchema = z.object({
  booth: boothSchema,
  voters: z.number().int(),
  // Voters without a part serial number are on no page.
  unnumbered: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  workers: z.array(boothWorkerSchema),
  can_edit: z.boolean(),
  can_assign: z.boolean(),
  // The active Karyakartas with access to this booth, for whoever may assign; else empty.
  assignable: z.array(assignableWorkerSchema),
  // Booth classes and coverage (booth-class.ts).
  coverage: coverageSchema,
  support: supportSchema,
  class: boothClassInfoSchema,
  can_set_class: z.boolean(),
});
export type BoothDetail = z.infer<typeof boothDetailSchema>;

// A voter as a roll list shows them: enough to find, recognise and call them.
export const rollVoterSchema = voterSchema.pick({
  id: true,
  part_serial: true,
  voter_no: true,
  full_name: true,
  voter_id: true,
  age: true,
  gender: true,
  father_husband_name: true,
  relation_type: true,
  house_no: true,
  mobile_number: true,
  whatsapp_number: true,
  booth: true,
  // Contacted or not, and where they stand (issue 20, booth classes and coverage).
  support_level: true,
  last_contact_at: true,
});
export type RollVoter = z.infer<typeof rollVoterSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

// GET /api/booths/:id/voters: one roll page (part serial order), or with unnumbered=true a
// page of the voters who have no serial yet, or with house_no the voters of one house.
export const boothVotersQuerySchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(MAX_ROLL_PAGE, `Page must be ${MAX_ROLL_PAGE} or less`).default(1),
  ),
  unnumbered: z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'Unnumbered must be true or false' }).default('false')).transform((value) => value === 'true'),
  house_no: z.preprocess(blankToUndefined, z.string().trim().max(30, 'House number must be at most 30 characters').optional()),
});
export type BoothVotersQuery = z.input<typeof boothVotersQuerySchema>;

export const pageHolderSchema = z.object({ user_id: z.number().int(), full_name: z.string() });

export const boothVotersSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  // The serials this page holds (a roll page only).
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  holder: pageHolderSchema.nullable(),
  voters: z.array(rollVoterSchema),
});
export type BoothVoters = z.infer<typeof boothVotersSchema>;

// GET /api/booths/:id/households: the voters grouped by house number (households proper come
// with their own records later).
export const boothHouseholdSchema = z.object({
  house_no: z.string().nullable(),
  voters: z.number().int(),
  // The lowest part serial in the house: where it sits in the roll, and on which page.
  first_serial: z.number().int().nullable(),
  holder: pageHolderSchema.nullable(),
});
export const boothHouseholdsSchema = z.object({ households: z.array(boothHouseholdSchema) });
export type BoothHousehold = z.infer<typeof boothHouseholdSchema>;

// PUT /api/booths/:id/assignments: give pages (a range) or house numbers to a Karyakarta, or
// with user_id null take them back. One request however many pages.
export const HOUSE_NUMBERS_MAX = 200;
const EXPECTED_HOLDERS = 'Expected holders must be a list of user ids';
const EXPECTED_HOLDERS_MAX = 1000;
const pageNumber = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(1, `${label} must be 1 or more`).max(MAX_ROLL_PAGE, `${label} must be ${MAX_ROLL_PAGE} or less`);
export const pageAssignmentSchema = z
  .object({
    user_id: recordIdNumberSchema('Choose a Karyakarta').nullable(),
    pages: z
      .object({ from: pageNumber('First page'), to: pageNumber('Last page') })
      .refine((range) => range.from <= range.to, { path: ['to'], message: 'The last page must not come before the first' })
      .refine((range) => range.to - range.from < MAX_PAGES_PER_REQUEST, { path: ['to'], message: `At most ${MAX_PAGES_PER_REQUEST} pages at a time` })
      .optional(),
    house_numbers: z
      .array(z.string().trim().min(1, 'House number is required').max(30, 'House number must be at most 30 characters'), { error: 'House numbers must be a list' })
      .min(1, 'Give at least one house number')
      .max(HOUSE_NUMBERS_MAX, `At most ${HOUSE_NUMBERS_MAX} house numbers at a time`)
      .optional(),
    // The users the client saw holding these pages or houses (booth page's workers). Taking
    // pages from anyone else answers 409 with the holders as they are now (no silent takeover).
    expected_holders: z
      .array(recordIdNumberSchema(EXPECTED_HOLDERS), { error: EXPECTED_HOLDERS })
      .max(EXPECTED_HOLDERS_MAX, EXPECTED_HOLDERS)
      .optional(),
  })
  .refine((body) => (body.pages === undefined) !== (body.house_numbers === undefined), { path: ['pages'], message: 'Give either a range of pages or a list of house numbers' });
export type PageAssignment = z.input<typeof pageAssignmentSchema>;

export const assignmentResultSchema = z.object({
  message: z.string(),
  workers: z.array(boothWorkerSchema),
});
export type AssignmentResult = z.infer<typeof assignmentResultSchema>;

// 409 to an assignment that would take pages or houses from someone the client did not name in
// expected_holders: who holds those of the request now (the assignee left out).
export const assignmentConflictSchema = z.object({ message: z.string(), current: z.object({ holders: z.array(boothWorkerSchema) }) });
export type AssignmentConflict = z.infer<typeof assignmentConflictSchema>;

// GET /api/my-voters: a Karyakarta's pages and houses, and their voters by household.
export const myVotersSchema = z.object({
  page_size: z.number().int(),
  assignments: z.array(z.object({ booth_id: z.number().int(), booth: z.string(), pages: z.array(z.number().int()), house_numbers: z.array(z.string()) })),
  // A confirmed household record (household_id) groups its members, the head first; voters in
  // no confirmed household are grouped by house number (household_id null).
  households: z.array(
    z.object({ booth: z.string(), house_no: z.string().nullable(), household_id: z.number().int().nullable(), head_voter_id: z.number().int().nullable(), voters: z.array(rollVoterSchema) }),
  ),
  total: z.number().int(),
  // More voters than one answer holds (MY_VOTERS_MAX): the first ones are listed.
  truncated: z.boolean(),
});
export type MyVoters = z.infer<typeof myVotersSchema>;
export const MY_VOTERS_MAX = 3000;
