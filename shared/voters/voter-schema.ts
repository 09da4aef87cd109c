import { z } from 'zod';
import { SUPPORT_FILTERS, SUPPORT_LEVELS, VOTER_STATUS_FILTERS } from '../contacts/contact-schema';
import { recordVersionSchema } from '../records/record-version';
import { subcastesOf, villagesOf } from '../reference/voter-lists';
import { QUERY_TEXT_MAX, queryTextTooLong } from './voter-query-keys';
import { AGE_MAX, listValues, VOTER_FIELD_NAMES, VOTER_FIELDS, type VoterFieldDef, type VoterFieldSpec } from './voter-fields';
import { recordIdSchema } from '../records/record-id';
import { calendarDateSchema } from '../time/calendar-date';

// One schema validates the voter form in the browser and the multipart body on the server
// (spec sections 3 and 5), built from the field table (voter-fields.ts). Form controls give
// strings, so each field accepts its text form ("" means empty) and turns it into the stored
// type; messages are what the user reads.

export { AGE_MAX, AGE_MIN, FLAG_FIELDS, RESTRICTED_VOTER_FIELDS, VOTER_FIELD_LABELS, type RestrictedVoterField, type VoterField } from './voter-fields';
export const VOTER_PAGE_SIZE = 30;
export const VOTER_PAGE_SIZE_MAX = 100;
// Spec section 9: the photo hint says up to 5MB; the server enforces it.
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Photo must be 5 MB or smaller';

const toNull = (value: string) => (value === '' ? null : value);

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`).transform(toNull).nullable().optional();
}

function listValue(label: string, allowed: readonly string[]) {
  const set = new Set(allowed);
  return z
    .string()
    .trim()
    .transform(toNull)
    .refine((value) => value === null || set.has(value), `Choose a ${label.toLowerCase()} from the list`)
    .nullable()
    .optional();
}

function optionalInt(message: string, min: number, max: number) {
  return z
    .union([z.number(), z.string().trim()])
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value >= min && value <= max), message)
    .nullable()
    .optional();
}

function mobile(label: string) {
  return z
    .string()
    .trim()
    // People write numbers with spaces or dashes; only the digits are stored.
    .transform((value) => toNull(value.replace(/[\s-]/g, '')))
    .refine((value) => value === null || /^\d{10}$/.test(value), `${label} must be 10 digits`)
    .nullable()
    .optional();
}

const flagValue = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');
const flag = (defaultValue: boolean) => flagValue.default(defaultValue);

const DOB_PAST = 'Date of Birth must be a past date (YYYY-MM-DD)';
const isoDate = z
  .string()
  .trim()
  .transform(toNull)
  .pipe(calendarDateSchema(DOB_PAST).refine((value) => value <= new Date().toISOString().slice(0, 10), DOB_PAST).nullable())
  .nullable()
  .optional();

// EPIC numbers are letters and digits (e.g. ABC1234567); stored upper-case so search and uniqueness ignore case.
export const voterIdSchema = z
  .string({ error: 'Voter ID is required' })
  .trim()
  .min(1, 'Voter ID is required')
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[A-Z0-9/-]{3,20}$/.test(value), 'Voter ID must be 3 to 20 letters or digits');

// The input schema of each kind of field, and the type it has: the table's `as const` entries
// keep each field's kind, so VoterInput knows every field's type.
type InputSchemaOf<F> = F extends { kind: 'text'; required: true }
  ? ReturnType<typeof requiredText>
  : F extends { kind: 'text' }
    ? ReturnType<typeof optionalText>
    : F extends { kind: 'voter-id' }
      ? typeof voterIdSchema
      : F extends { kind: 'int' }
        ? ReturnType<typeof optionalInt>
        : F extends { kind: 'list' }
          ? ReturnType<typeof listValue>
          : F extends { kind: 'mobile' }
            ? ReturnType<typeof mobile>
            : F extends { kind: 'flag' }
              ? ReturnType<typeof flag>
              : typeof isoDate;

function inputSchemaOf(field: VoterFieldSpec): z.ZodType {
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText(field.label, field.max) : optionalText(field.label, field.max);
    case 'voter-id':
      return voterIdSchema;
    case 'int':
      return optionalInt(field.message, field.min, field.max);
    case 'list':
      return listValue(field.label, listValues(field));
    case 'mobile':
      return mobile(field.label);
    case 'flag':
      return flag(field.default);
    case 'date':
      return isoDate;
  }
}

const fieldShape = <T>(schemaOf: (field: VoterFieldSpec) => z.ZodType) => Object.fromEntries(VOTER_FIELDS.map((field) => [field.name, schemaOf(field)])) as T;

export const voterFieldsSchema = z.object(fieldShape<{ [F in VoterFieldDef as F['name']]: InputSchemaOf<F> }>(inputSchemaOf));
type VoterFieldsOutput = z.output<typeof voterFieldsSchema>;

// The full voter as it is saved: cross-field rules, then every optional field made explicit.
export const voterInputSchema = voterFieldsSchema
  .superRefine((voter, ctx) => {
    if (voter.sub_caste) {
      const allowed = subcastesOf(voter.caste);
      if (!allowed.includes(voter.sub_caste)) {
        ctx.addIssue({ code: 'custom', path: ['sub_caste'], message: voter.caste ? 'Choose a sub-caste of the chosen caste' : 'Choose a caste before its sub-caste' });
      }
    }
    if (voter.village && voter.taluka && !villagesOf(voter.taluka).includes(voter.village)) {
      ctx.addIssue({ code: 'custom', path: ['village'], message: 'This village is not in the chosen taluka' });
    }
  })
  // A fresh object with every field named in table order (a missing one as null). Not spread
  // from the parsed object: the spread cost more than all the field checks together (an
  // import's 60 against 27 µs a row).
  .transform((voter): VoterInput => {
    const input = voter as Record<string, unknown>;
    for (const name of VOTER_FIELD_NAMES) if (input[name] === undefined) input[name] = null;
    // Spec section 4: the present city only means something when the voter lives away.
    if (voter.present_in_city) input.present_city_name = null;
    return input as VoterInput;
  });
export type VoterFormValues = z.input<typeof voterInputSchema>;
export type VoterInput = { [K in keyof VoterFieldsOutput]-?: Exclude<VoterFieldsOutput[K], undefined> };
// A voter's form fields in one fixed order: the columns of an import's bulk insert.
export const VOTER_INPUT_COLUMNS = VOTER_FIELD_NAMES as readonly (keyof VoterInput)[];

// GET /api/voters query (spec section 7). Empty parameters count as absent, so a form can
// send every filter as it stands.
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}
const queryText = (label: string) => queryParam(z.string().trim().max(QUERY_TEXT_MAX, queryTextTooLong(label)));
const queryAge = (label: string) =>
  queryParam(z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} must be 0 or more`).max(AGE_MAX, `${label} must be ${AGE_MAX} or less`));

export const MOBILE_FILTERS = ['with_mobile', 'without_mobile'] as const;

// The list filters the field table marks: `one-of` must name a value of the field's list,
// `equals` takes any text and matches it exactly.
type FilterField = Extract<VoterFieldDef, { filter: string }>;
export type EqualsFilter = FilterField['name'];
const FILTER_FIELDS = VOTER_FIELDS.filter((field): field is FilterField => 'filter' in field);
export const EQUALS_FILTERS: readonly EqualsFilter[] = FILTER_FIELDS.map((field) => field.name);

function filterSchemaOf(field: FilterField) {
  if (field.filter === 'equals') return queryText(field.label);
  const allowed = new Set(listValues(field));
  return queryParam(z.string().refine((value) => allowed.has(value), field.filterMessage));
}

// The query's parameters without the cross-field rule, so a screen can list its keys.
export const voterQueryParamsSchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(VOTER_PAGE_SIZE_MAX, `Limit must be ${VOTER_PAGE_SIZE_MAX} or less`).default(VOTER_PAGE_SIZE),
  ),
  search: queryText('Search'),
  area: queryText('Area'),
  father_husband_name: queryText('Father/Husband name'),
  ...(Object.fromEntries(FILTER_FIELDS.map((field) => [field.name, filterSchemaOf(field)])) as Record<EqualsFilter, ReturnType<typeof queryText>>),
  mobile_filter: queryParam(z.enum(MOBILE_FILTERS, { error: 'Mobile filter must be with_mobile or without_mobile' })),
  age_min: queryAge('Minimum age'),
  age_max: queryAge('Maximum age'),
  // Contacts and support (issue 20): the latest support outcome, and the voter's state on the roll.
  support_level: queryParam(z.enum(SUPPORT_FILTERS, { error: 'Choose a support level from the list' })),
  voter_status: queryParam(z.enum(VOTER_STATUS_FILTERS, { error: 'Choose deceased, shifted, missing or active' })),
});

const ageRange = { path: ['age_max'], message: 'Maximum age must not be less than minimum age' };
const ageRangeHolds = (query: { age_min?: number; age_max?: number }) => query.age_min === undefined || query.age_max === undefined || query.age_min <= query.age_max;
export const voterQuerySchema = voterQueryParamsSchema.refine(ageRangeHolds, ageRange);
export type VoterQuery = z.output<typeof voterQuerySchema>;
export type VoterFilters = Omit<VoterQuery, 'page' | 'limit'>;

// GET /api/voters alone: exactTotal=true counts a name search's matches exactly where the list
// would otherwise answer the database's estimate (decision 089).
export const voterListQuerySchema = voterQueryParamsSchema
  .extend({ exactTotal: z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'exactTotal must be true or false' }).optional()).transform((value) => value === 'true') })
  .refine(ageRangeHolds, ageRange);

// The voter as the API returns it: `_id` and `id` both (spec section 3), then every field.
type OutputSchemaOf<F> = F extends { kind: 'text'; required: true } | { kind: 'voter-id' }
  ? z.ZodString
  : F extends { kind: 'int' }
    ? z.ZodNullable<z.ZodNumber>
    : F extends { kind: 'flag' }
      ? z.ZodBoolean
      : z.ZodNullable<z.ZodString>;

function outputSchemaOf(field: VoterFieldSpec): z.ZodType {
  if (field.kind === 'voter-id' || (field.kind === 'text' && field.required)) return z.string();
  if (field.kind === 'int') return z.number().int().nullable();
  if (field.kind === 'flag') return z.boolean();
  return z.string().nullable();
}

export const voterSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  ...fieldShape<{ [F in VoterFieldDef as F['name']]: OutputSchemaOf<F> }>(outputSchemaOf),
  // The stored photo's file name; the picture itself comes from GET /api/voters/{id}/photo.
  voter_image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  // Raised by every write; an edit sends it back (shared/records/record-version.ts).
  version: recordVersionSchema,
  // Kept by the contacts (issue 20), never by the form: the latest support outcome and the
  // time of the latest contact of any outcome; null until there is one.
  support_level: z.enum(SUPPORT_LEVELS).nullable(),
  last_contact_at: z.string().nullable(),
});
export type Voter = z.infer<typeof voterSchema>;

export const voterListSchema = z.object({
  voters: z.array(voterSchema),
  // Exact, unless totalEstimated: then the database's estimate, rounded (decision 089), and
  // totalPages follows it.
  total: z.number().int(),
  totalPages: z.number().int(),
  // Present (true) only when the total is an estimate: a name search above ESTIMATED_TOTAL_ABOVE
  // matches on PostgreSQL, not asked with exactTotal=true.
  totalEstimated: z.literal(true).optional(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type VoterList = z.infer<typeof voterListSchema>;

export const voterIdParamsSchema = z.object({
  id: recordIdSchema('Voter not found'),
});

export const photoQuerySchema = z.object({
  size: z.preprocess(blankToUndefined, z.enum(['thumb', 'full']).default('full')),
});
