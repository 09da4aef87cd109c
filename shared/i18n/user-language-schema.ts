import { z } from 'zod';
import { LANGUAGES } from './languages';

// PUT /api/users/me/language: the signed-in user's own choice; null goes back to the setting.
export const userLanguageInputSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose a language from the list' }).nullable(),
});
export type UserLanguageInput = z.infer<typeof userLanguageInputSchema>;
