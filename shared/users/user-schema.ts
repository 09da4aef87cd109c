import { z } from 'zod';
import { ROLES } from '../auth/roles';
import { recordVersionSchema } from '../records/record-version';
import { LANGUAGES } from '../settings/settings-schema';

// The user object as the API returns it (spec section 3, "User"): never a password hash.
export const userSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  age: z.number().int().nullable(),
  address: z.string().nullable(),
  id_number: z.string().nullable(),
  dob: z.string().nullable(),
  designation: z.string().nullable(),
  organisation: z.string().nullable(),
  role: z.enum(ROLES),
  booth_access: z.array(z.string()),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  // Raised by every edit of the profile (shared/records/record-version.ts).
  version: recordVersionSchema,
  // The interface language the user chose; null follows the Language setting (issue 18).
  language: z.enum(LANGUAGES).nullable(),
  // A generated or reset password: every call but /api/auth/me, logout and changing the
  // password answers 403 until the user sets their own (issue 57).
  must_change_password: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
