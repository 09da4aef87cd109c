import { z } from 'zod';
import { BOOTHS, isBooth } from '../reference/booths';
import {
  CASTE_VALUES,
  CATEGORY_VALUES,
  DISABILITY_VALUES,
  GENDER_VALUES,
  HEAD_OF_HOUSE_VALUES,
  OCCUPATION_SUBCATEGORY_VALUES,
  OCCUPATION_VALUES,
  POLITICAL_PREFERENCE_VALUES,
  RELIGION_VALUES,
  subcastesOf,
  TALUKA_VALUES,
  VILLAGES,
  villagesOf,
} from '../reference/voter-lists';

// One schema validates the voter form in the browser and the multipart body on the server
// (spec sections 3 and 5). Form controls give strings, so each field accepts its text form
// ("" means empty) and turns it into the stored type; messages are what the user reads.

export const AGE_MIN = 18;
export const AGE_MAX = 120;
export const VOTER_PAGE_SIZE = 30;
export const VOTER_PAGE_SIZE_MAX = 100;
// Spec section 9: the photo hint says up to 5MB; the server enforces it.
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Photo must be 5 MB or smaller';

// Spec section 5, "Voter form": these change only by Super Admin or Admin once a voter exists.
export const RESTRICTED_VOTER_FIELDS = ['full_name', 'age', 'father_husband_name', 'house_no', 'ward_area', 'village', 'booth', 'district', 'taluka'] as const;
export type RestrictedVoterField = (typeof RESTRICTED_VOTER_FIELDS)[number];

export const VOTER_FIELD_LABELS = {
  voter_no: 'Voter Number',
  full_name: 'Full Name',
  voter_id: 'Voter ID',
  age: 'Age',
  gender: 'Gender',
  date_of_birth: 'Date of Birth',
  father_husband_name: 'Father/Husband Name',
  religion: 'Religion',
  disability: 'Disability',
  mobile_number: 'Mobile Number',
  whatsapp_number: 'WhatsApp Number',
  house_no: 'House No',
  ward_area: 'Ward/Area',
  village: 'Village',
  booth: 'Booth',
  district: 'District',
  taluka: 'Taluka',
  present_in_city: 'Present in City',
  present_city_name: 'Present City Name',
  category: 'Category',
  caste: 'Caste',
  sub_caste: 'Sub-caste',
  political_preference: 'Political Preference',
  party_designation: 'Party Designation',
  head_of_house: 'Head of House',
  occupation: 'Occupation',
  occupation_subcategory: 'Occupation Sub-category',
  is_dead: 'Deceased',
  comment: 'Comment',
} as const;
export type VoterField = keyof typeof VOTER_FIELD_LABELS;

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

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

const isoDate = z
  .string()
  .trim()
  .transform(toNull)
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && value <= new Date().toISOString().slice(0, 10)), 'Date of Birth must be a past date (YYYY-MM-DD)')
  .nullable()
  .optional();

// EPIC numbers are letters and digits (e.g. ABC1234567); stored upper-case so search and uniqueness ignore case.
export const voterIdSchema = z
  .string({ error: 'Voter ID is required' })
  .trim()
  .min(1, 'Voter ID is required')
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[A-Z0-9/-]{3,20}$/.test(value), 'Voter ID must be 3 to 20 letters or digits');

export const voterFieldsSchema = z.object({
  voter_no: requiredText('Voter Number', 30),
  full_name: requiredText('Full Name', 120),
  voter_id: voterIdSchema,
  age: optionalInt(`Age must be between ${AGE_MIN} and ${AGE_MAX}`, AGE_MIN, AGE_MAX),
  gender: listValue('Gender', GENDER_VALUES),
  date_of_birth: isoDate,
  father_husband_name: optionalText('Father/Husband Name', 120),
  religion: listValue('Religion', RELIGION_VALUES),
  disability: listValue('Disability', DISABILITY_VALUES),
  mobile_number: mobile('Mobile Number'),
  whatsapp_number: mobile('WhatsApp Number'),
  house_no: optionalText('House No', 30),
  ward_area: optionalText('Ward/Area', 100),
  village: listValue('Village', VILLAGES),
  booth: listValue('Booth', BOOTHS),
  district: optionalText('District', 60),
  taluka: listValue('Taluka', TALUKA_VALUES),
  present_in_city: flag.default(true),
  present_city_name: optionalText('Present City Name', 100),
  category: listValue('Category', CATEGORY_VALUES),
  caste: listValue('Caste', CASTE_VALUES),
  sub_caste: optionalText('Sub-caste', 100),
  political_preference: listValue('Political Preference', POLITICAL_PREFERENCE_VALUES),
  party_designation: optionalText('Party Designation', 100),
  head_of_house: optionalInt('Head of House must be 1 to 5', Math.min(...HEAD_OF_HOUSE_VALUES), Math.max(...HEAD_OF_HOUSE_VALUES)),
  occupation: listValue('Occupation', OCCUPATION_VALUES),
  occupation_subcategory: listValue('Occupation Sub-category', OCCUPATION_SUBCATEGORY_VALUES),
  is_dead: flag.default(false),
  comment: optionalText('Comment', 1000),
});

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
  // Every field named, not spread from the parsed object: the spread cost more than all the
  // field checks together (an import's 60 against 27 µs a row). `satisfies` keeps the list whole.
  .transform((voter) => ({
    voter_no: voter.voter_no,
    full_name: voter.full_name,
    voter_id: voter.voter_id,
    age: voter.age ?? null,
    gender: voter.gender ?? null,
    date_of_birth: voter.date_of_birth ?? null,
    father_husband_name: voter.father_husband_name ?? null,
    religion: voter.religion ?? null,
    disability: voter.disability ?? null,
    mobile_number: voter.mobile_number ?? null,
    whatsapp_number: voter.whatsapp_number ?? null,
    house_no: voter.house_no ?? null,
    ward_area: voter.ward_area ?? null,
    village: voter.village ?? null,
    booth: voter.booth ?? null,
    district: voter.district ?? null,
    taluka: voter.taluka ?? null,
    present_in_city: voter.present_in_city,
    // Spec section 4: the present city only means something when the voter lives away.
    present_city_name: voter.present_in_city ? null : (voter.present_city_name ?? null),
    category: voter.category ?? null,
    caste: voter.caste ?? null,
    sub_caste: voter.sub_caste ?? null,
    political_preference: voter.political_preference ?? null,
    party_designation: voter.party_designation ?? null,
    head_of_house: voter.head_of_house ?? null,
    occupation: voter.occupation ?? null,
    occupation_subcategory: voter.occupation_subcategory ?? null,
    is_dead: voter.is_dead,
    comment: voter.comment ?? null,
  }) satisfies Record<keyof z.output<typeof voterFieldsSchema>, unknown>);
export type VoterFormValues = z.input<typeof voterInputSchema>;
export type VoterInput = z.output<typeof voterInputSchema>;
// A voter's form fields in one fixed order: the columns of an import's bulk insert.
export const VOTER_INPUT_COLUMNS = Object.keys(voterFieldsSchema.shape) as (keyof VoterInput)[];

// GET /api/voters query (spec section 7). Empty parameters count as absent, so a form can
// send every filter as it stands.
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}
const queryText = (label: string) => queryParam(z.string().trim().max(100, `${label} must be at most 100 characters`));
const queryAge = (label: string) =>
  queryParam(z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} must be 0 or more`).max(AGE_MAX, `${label} must be ${AGE_MAX} or less`));

export const MOBILE_FILTERS = ['with_mobile', 'without_mobile'] as const;

export const voterQuerySchema = z
  .object({
    page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1)),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(VOTER_PAGE_SIZE_MAX, `Limit must be ${VOTER_PAGE_SIZE_MAX} or less`).default(VOTER_PAGE_SIZE),
    ),
    search: queryText('Search'),
    gender: queryParam(z.enum(GENDER_VALUES as [string, ...string[]], { error: 'Choose Male, Female or Other' })),
    area: queryText('Area'),
    occupation: queryText('Occupation'),
    caste: queryText('Caste'),
    booth: queryParam(z.string().refine(isBooth, 'Choose a booth from the list')),
    village: queryText('Village'),
    taluka: queryText('Taluka'),
    political_preference: queryText('Political preference'),
    father_husband_name: queryText('Father/Husband name'),
    mobile_filter: queryParam(z.enum(MOBILE_FILTERS, { error: 'Mobile filter must be with_mobile or without_mobile' })),
    age_min: queryAge('Minimum age'),
    age_max: queryAge('Maximum age'),
  })
  .refine((query) => query.age_min === undefined || query.age_max === undefined || query.age_min <= query.age_max, {
    path: ['age_max'],
    message: 'Maximum age must not be less than minimum age',
  });
export type VoterQuery = z.output<typeof voterQuerySchema>;
export type VoterFilters = Omit<VoterQuery, 'page' | 'limit'>;

// The voter as the API returns it: `_id` and `id` both (spec section 3).
export const voterSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  voter_no: z.string(),
  full_name: z.string(),
  voter_id: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  father_husband_name: z.string().nullable(),
  religion: z.string().nullable(),
  disability: z.string().nullable(),
  mobile_number: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  house_no: z.string().nullable(),
  ward_area: z.string().nullable(),
  village: z.string().nullable(),
  booth: z.string().nullable(),
  district: z.string().nullable(),
  taluka: z.string().nullable(),
  present_in_city: z.boolean(),
  present_city_name: z.string().nullable(),
  category: z.string().nullable(),
  caste: z.string().nullable(),
  sub_caste: z.string().nullable(),
  political_preference: z.string().nullable(),
  party_designation: z.string().nullable(),
  head_of_house: z.number().int().nullable(),
  occupation: z.string().nullable(),
  occupation_subcategory: z.string().nullable(),
  is_dead: z.boolean(),
  comment: z.string().nullable(),
  // The stored photo's file name; the picture itself comes from GET /api/voters/{id}/photo.
  voter_image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
});
export type Voter = z.infer<typeof voterSchema>;

export const voterListSchema = z.object({
  voters: z.array(voterSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type VoterList = z.infer<typeof voterListSchema>;

export const voterIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Voter not found' }).int('Voter not found').positive('Voter not found'),
});

export const photoQuerySchema = z.object({
  size: z.preprocess(blankToUndefined, z.enum(['thumb', 'full']).default('full')),
});
