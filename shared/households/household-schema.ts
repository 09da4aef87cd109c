import { z } from 'zod';
import { isBooth } from '../reference/booths';
import { pagedListFields, pageQueryFields } from '../records/paged-list';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { recordIdSchema } from '../records/record-id';

// Households (issue 20): the voters of one booth living at one house number, proposed by the
// product, suggested by a Karyakarta and confirmed by an office role or a Supervisor.
export const HOUSEHOLD_STATUSES = ['proposed', 'suggested', 'confirmed'] as const;
export type HouseholdStatus = (typeof HOUSEHOLD_STATUSES)[number];
export const HOUSEHOLD_PAGE_SIZE = 25;
export const HOUSEHOLD_PAGE_SIZE_MAX = 100;

const boothParam = z.string({ error: 'Choose a booth' }).trim().refine(isBooth, 'Choose a booth from the list');

export const householdIdParamsSchema = z.object({ id: recordIdSchema('Household not found') });

export const householdListQuerySchema = z.object({
  booth: boothParam,
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(HOUSEHOLD_STATUSES, { error: 'Status must be proposed, suggested or confirmed' }).optional()),
  ...pageQueryFields(HOUSEHOLD_PAGE_SIZE, HOUSEHOLD_PAGE_SIZE_MAX),
});
export type HouseholdListQuery = z.output<typeof householdListQuerySchema>;

export const proposeHouseholdsSchema = z.object({ booth: boothParam });

// An action on a household names the version it was shown, as an edit does.
export const confirmHouseholdSchema = z.object({
  version: sentVersionSchema,
  // The head chosen on the card; the proposed head stays when left out.
  head_voter_id: recordIdSchema('Choose a member as head').optional(),
});

const voterIds = z
  .array(recordIdSchema('Choose voters of this household'), { error: 'Choose voters of this household' })
  .min(1, 'Choose at least one voter to move into the new household')
  .max(500, 'Choose at most 500 voters');

export const splitHouseholdSchema = z.object({ version: sentVersionSchema, voter_ids: voterIds });
export const mergeHouseholdsSchema = z.object({ version: sentVersionSchema, other_id: recordIdSchema('Choose the household to merge'), other_version: sentVersionSchema });
export const moveVoterSchema = z.object({ version: sentVersionSchema, voter_id: recordIdSchema('Choose a voter to move') });

// A member as the household card shows them.
export const householdMemberSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  voter_id: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  father_husband_name: z.string().nullable(),
  relation_type: z.string().nullable(),
  house_no: z.string().nullable(),
  mobile_number: z.string().nullable(),
  // The latest contact outcome (contacts feature) where the database records one.
  support_level: z.string().nullable(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdSchema = z.object({
  id: z.number().int(),
  booth: z.string(),
  house_no: z.string(),
  head_voter_id: z.number().int().nullable(),
  status: z.enum(HOUSEHOLD_STATUSES),
  suggested_by_name: z.string().nullable(),
  confirmed_by_name: z.string().nullable(),
  updated_at: z.string(),
  version: recordVersionSchema,
  members: z.array(householdMemberSchema),
});
export type Household = z.infer<typeof householdSchema>;

export const householdListSchema = z.object({
  households: z.array(householdSchema),
  ...pagedListFields,
});
export type HouseholdList = z.infer<typeof householdListSchema>;

export const proposeResultSchema = z.object({
  message: z.string(),
  booth: z.string(),
  proposed: z.number().int(),
  kept: z.number().int(),
  voters: z.number().int(),
});
export type ProposeResult = z.infer<typeof proposeResultSchema>;

// The answer to a split or a merge: the households as they are now.
export const householdsChangedSchema = z.object({ households: z.array(householdSchema) });
