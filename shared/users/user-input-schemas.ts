import { z } from 'zod';
import { calendarDateSchema } from '../time/calendar-date';
import { PASSWORD_MAX_LENGTH } from '../auth/password-policy';
import { ROLES } from '../auth/roles';
import { sentVersionSchema } from '../records/record-version';
import { BOOTH_ACCESS_VALUES } from '../reference/booths';
import { DESIGNATION_VALUES, ORGANISATION_VALUES } from '../reference/staff-lists';
import { MAX_STORED_INTEGER } from '../records/record-id';

// The User form of spec section 3, one schema for the react-hook-form form and the
// server routes. Optional fields accept '' (an empty input) or null and come out as null,
// so the form's output is also a valid request body. Messages are what the user reads.

export const USERNAME_PATTERN = /^[A-Za-z0-9._]+$/;
// An Indian mobile number: ten digits, the first 6 to 9 (numbering plan of the DoT).
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const STAFF_MIN_AGE = 18;
export const STAFF_MAX_AGE = 100;

const emptyToNull = (value: string | null | undefined): string | null => (value ? value : null);

function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).nullish().transform(emptyToNull);
}

function optionalChoice(values: readonly string[], message: string) {
  const allowed = new Set(values);
  return z
    .string()
    .trim()
    .nullish()
    .refine((value) => !value || allowed.has(value), message)
    .transform(emptyToNull);
}

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be 32 characters or fewer')
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, "." and "_"');

const fullNameSchema = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be 100 characters or fewer');

const mobileSchema = z
  .string({ error: 'Mobile number is required' })
  .trim()
  .min(1, 'Mobile number is required')
  .regex(MOBILE_PATTERN, 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9');

const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email must be 254 characters or fewer')
  .nullish()
  .refine((value) => !value || z.email().safeParse(value).success, 'Enter a valid email address')
  .transform(emptyToNull);

// The form's number input gives a string; API clients may send a number.
const ageSchema = z
  .union([z.number(), z.string().trim()], { error: `Age must be a whole number from ${STAFF_MIN_AGE} to ${STAFF_MAX_AGE}` })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const age = Number(value);
    if (!Number.isInteger(age) || age < STAFF_MIN_AGE || age > STAFF_MAX_AGE) {
      ctx.addIssue({ code: 'custom', message: `Age must be a whole number from ${STAFF_MIN_AGE} to ${STAFF_MAX_AGE}` });
      return z.NEVER;
    }
    return age;
  });

// A date of birth as the browser's date input gives it (YYYY-MM-DD), not in the future.
const DOB_INVALID = 'Enter a valid date of birth';
const dobSchema = z
  .string()
  .trim()
  .nullish()
  .transform(emptyToNull)
  .pipe(calendarDateSchema(DOB_INVALID).refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), DOB_INVALID).nullable());

const roleSchema = z.enum(ROLES, { error: 'Role is required' });

const boothAccessSet = new Set(BOOTH_ACCESS_VALUES);
// Several booths may be given; duplicates are dropped, order is kept.
const boothAccessSchema = z
  .array(z.string().refine((value) => boothAccessSet.has(value), 'Choose booths from the list (Booth-01 to Booth-396, or Admin)'), {
    error: 'Booth access must be a list of booths',
  })
  .max(BOOTH_ACCESS_VALUES.length, 'Too many booths')
  .optional()
  .transform((value) => [...new Set(value ?? [])]);

// Only non-emptiness is checked here: the password_policy setting decides the rest,
// and the server checks it (passwordPolicyProblem) where the setting is known.
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`);

const userFields = {
  username: usernameSchema,
  full_name: fullNameSchema,
  email: emailSchema,
  mobile: mobileSchema,
  age: ageSchema,
  address: optionalText(300, 'Address must be 300 characters or fewer'),
  id_number: optionalText(50, 'ID number must be 50 characters or fewer'),
  dob: dobSchema,
  designation: optionalChoice(DESIGNATION_VALUES, 'Choose a designation from the list'),
  organisation: optionalChoice(ORGANISATION_VALUES, 'Choose an organisation from the list'),
  role: roleSchema,
  booth_access: boothAccessSchema,
};

// POST /api/users: every field of the form, password included. New users start active.
export const createUserInputSchema = z.object({ ...userFields, password: newPasswordSchema });
export type CreateUserInput = z.input<typeof createUserInputSchema>;
export type CreateUserData = z.output<typeof createUserInputSchema>;

// A user's profile as an edit leaves it: the form's fields without password (spec section 7),
// plus the Active toggle. The edit form checks it; the server checks the merged record with it.
const activeSchema = z.boolean({ error: 'Active must be true or false' });
export const userProfileSchema = z.object({ ...userFields, is_active: activeSchema.optional() });
export type UserProfileData = z.output<typeof userProfileSchema>;

// PUT /api/users/{id}: any of the profile's fields (those left out keep their value) and the
// version the edit started from (shared/records/record-version.ts). A password sent here is ignored.
export const updateUserInputSchema = userProfileSchema.partial().extend({ version: sentVersionSchema });
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;
export type UpdateUserData = z.output<typeof updateUserInputSchema>;

// PUT /api/users/{id}/password: an admin sets a new password for someone else.
export const setPasswordInputSchema = z.object({ password: newPasswordSchema });
export type SetPasswordInput = z.infer<typeof setPasswordInputSchema>;

// PUT /api/users/me/password: anyone changes their own password, knowing the current one.
export const changeOwnPasswordInputSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, 'Current password is incorrect'),
  new_password: newPasswordSchema,
});
export type ChangeOwnPasswordInput = z.infer<typeof changeOwnPasswordInputSchema>;

export const userIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'User id must be a number' })
    .int('User id must be a whole number')
    .positive('User id must be positive')
    .max(MAX_STORED_INTEGER, 'User id is out of range'),
});

// GET /api/users/by-role?role=: the recipients and assignees of one role (spec section 3, "Role user").
export const usersByRoleQuerySchema = z.object({ role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }) });
export const roleUserSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  // Office callers only (issue 17): field roles pick people by name.
  username: z.string().optional(),
  full_name: z.string(),
  role: z.enum(ROLES),
});
export type RoleUser = z.infer<typeof roleUserSchema>;
