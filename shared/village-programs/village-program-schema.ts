import { z } from 'zod';
import { BOOTHS, isBooth } from '../reference/booths';
import { TALUKAS, VILLAGES_BY_TALUKA } from '../reference/voter-lists';
import { isoDate, limitParam, optionalVillage, optionalCount, optionalText, pagedSchema, pageParam, queryParam, requiredText } from '../office/office-fields';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { SERVICE_CATEGORIES, SERVICE_STATUSES } from '../service-requests/service-request-schema';
import { TASK_STATUSES } from '../tasks/task-schema';

// The office's village programs and visits (issue 59, docs/decisions/072-village-programs.md):
// where the leader or the party went, when, for whom, and how many came; and so which villages
// nobody has visited for a while.

export const PROGRAM_KINDS = ['visit', 'meeting', 'event', 'camp', 'rally'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

// A program happens in a village of the three talukas' lists: "Other" names no village, so it
// could never leave the not-visited list.
export const PROGRAM_TALUKAS: readonly string[] = TALUKAS.map((taluka) => taluka.value).filter((taluka) => VILLAGES_BY_TALUKA[taluka] !== undefined);

// Village names repeat across talukas (Loni, Borgaon...): a village is its taluka and its name.
export function isVillageOf(taluka: string, village: string): boolean {
  return VILLAGES_BY_TALUKA[taluka]?.includes(village) ?? false;
}

export const PROGRAM_KIND_MESSAGE = 'Choose visit, meeting, event, camp or rally';
export const PROGRAM_TALUKA_MESSAGE = 'Choose a taluka from the list';
export const PROGRAM_VILLAGE_MESSAGE = 'Choose a village of the chosen taluka';
export const PROGRAM_TIME_MESSAGE = 'Use a time like 10:30';
export const PROGRAM_BOOTHS_MESSAGE = 'Choose booths from the list';
export const PROGRAM_DATES_ORDER = 'The end date must be on or after the start date';
export const PROGRAM_MAX_BOOTHS = 50;
export const NOT_VISITED_DAYS_DEFAULT = 90;
export const NOT_VISITED_DAYS_MAX = 3650;
export const NOT_VISITED_DAYS_MESSAGE = `Days must be a whole number from 1 to ${NOT_VISITED_DAYS_MAX}`;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .union([z.string().trim().regex(TIME_PATTERN, PROGRAM_TIME_MESSAGE), z.literal(''), z.null()], { error: PROGRAM_TIME_MESSAGE })
  .optional()
  .transform((value) => (value ? value : null));

const boothList = z
  .array(z.string({ error: PROGRAM_BOOTHS_MESSAGE }).trim().refine(isBooth, PROGRAM_BOOTHS_MESSAGE), { error: PROGRAM_BOOTHS_MESSAGE })
  .max(PROGRAM_MAX_BOOTHS, `Choose at most ${PROGRAM_MAX_BOOTHS} booths`)
  .default([])
  // Stored once each, in the booths' own order.
  .transform((booths) => BOOTHS.filter((booth) => booths.includes(booth)));

const programFields = z.object({
  title: requiredText(200, 'Title'),
  kind: z.enum(PROGRAM_KINDS, { error: PROGRAM_KIND_MESSAGE }),
  program_date: isoDate,
  program_time: optionalTime,
  taluka: z.string({ error: PROGRAM_TALUKA_MESSAGE }).trim().refine((value) => PROGRAM_TALUKAS.includes(value), PROGRAM_TALUKA_MESSAGE),
  village: z.string({ error: PROGRAM_VILLAGE_MESSAGE }).trim().min(1, PROGRAM_VILLAGE_MESSAGE),
  booths: boothList,
  organiser: optionalText(200, 'Organiser'),
  expected_attendance: optionalCount('Expected attendance'),
  actual_attendance: optionalCount('Actual attendance'),
  notes: optionalText(2000, 'Notes'),
});

const villageInTaluka = (input: { taluka: string; village: string }) => !PROGRAM_TALUKAS.includes(input.taluka) || isVillageOf(input.taluka, input.village);

// The form and POST /api/village-programs.
export const villageProgramInputSchema = programFields.refine(villageInTaluka, { message: PROGRAM_VILLAGE_MESSAGE, path: ['village'] });
export type VillageProgramInput = z.input<typeof villageProgramInputSchema>;

// PUT /api/village-programs/{id}: every field again, with the version the form started from.
export const villageProgramUpdateSchema = programFields.extend({ version: sentVersionSchema }).refine(villageInTaluka, { message: PROGRAM_VILLAGE_MESSAGE, path: ['village'] });
export type VillageProgramUpdate = z.input<typeof villageProgramUpdateSchema>;

// DELETE /api/village-programs/{id}?version=N
export const villageProgramDeleteQuerySchema = z.object({ version: sentVersionSchema });

export const villageProgramQuerySchema = z
  .object({
    page: pageParam,
    limit: limitParam,
    from: queryParam(isoDate),
    to: queryParam(isoDate),
    taluka: queryParam(z.string().refine((value) => PROGRAM_TALUKAS.includes(value), PROGRAM_TALUKA_MESSAGE)),
    village: optionalVillage,
    kind: queryParam(z.enum(PROGRAM_KINDS, { error: PROGRAM_KIND_MESSAGE })),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PROGRAM_DATES_ORDER, path: ['to'] });
export type VillageProgramQuery = z.output<typeof villageProgramQuerySchema>;

export const villageProgramSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(PROGRAM_KINDS),
  program_date: z.string(),
  program_time: z.string().nullable(),
  taluka: z.string(),
  village: z.string(),
  booths: z.array(z.string()),
  organiser: z.string().nullable(),
  expected_attendance: z.number().int().nullable(),
  actual_attendance: z.number().int().nullable(),
  notes: z.string().nullable(),
  // How many service requests name this program (the field user's booths only).
  request_count: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type VillageProgram = z.infer<typeof villageProgramSchema>;

// A service request raised at the program, as its detail lists it.
export const programRequestSchema = z.object({
  id: z.number().int(),
  receipt_no: z.string(),
  citizen_name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  status: z.enum(SERVICE_STATUSES),
  booth: z.string().nullable(),
  created_at: z.string(),
});
export type ProgramRequest = z.infer<typeof programRequestSchema>;

// A follow-up task of the program (Task Management), as its detail lists it.
export const programTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  assigned_to_name: z.string().nullable(),
  due_date: z.string().nullable(),
});
export type ProgramTask = z.infer<typeof programTaskSchema>;

export const villageProgramDetailSchema = villageProgramSchema.extend({ requests: z.array(programRequestSchema), tasks: z.array(programTaskSchema) });
export type VillageProgramDetail = z.infer<typeof villageProgramDetailSchema>;

export const villageProgramListSchema = pagedSchema(villageProgramSchema);
export type VillageProgramList = z.infer<typeof villageProgramListSchema>;

// GET /api/village-programs/not-visited?days=N&taluka=T: the villages of the list with no
// program in the last N days up to today (a program planned for later is not a visit yet).
export const notVisitedQuerySchema = z.object({
  days: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number({ error: NOT_VISITED_DAYS_MESSAGE }).int(NOT_VISITED_DAYS_MESSAGE).min(1, NOT_VISITED_DAYS_MESSAGE).max(NOT_VISITED_DAYS_MAX, NOT_VISITED_DAYS_MESSAGE).default(NOT_VISITED_DAYS_DEFAULT),
  ),
  taluka: queryParam(z.string().refine((value) => PROGRAM_TALUKAS.includes(value), PROGRAM_TALUKA_MESSAGE)),
});
export type NotVisitedQuery = z.output<typeof notVisitedQuerySchema>;

export const notVisitedSchema = z.object({
  days: z.number().int(),
  today: z.string(),
  // Programs on or after this day count as a recent visit.
  since: z.string(),
  talukas: z.array(
    z.object({
      taluka: z.string(),
      village_count: z.number().int(),
      // Never visited first, then the longest ago.
      villages: z.array(z.object({ village: z.string(), last_visit: z.string().nullable() })),
    }),
  ),
});
export type NotVisited = z.infer<typeof notVisitedSchema>;
