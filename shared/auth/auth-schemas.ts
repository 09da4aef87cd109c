import { z } from 'zod';
import { userSchema } from '../users/user-schema';
import { LOGIN_LIMITS } from './login-input';

// Spec section 5: username and password both required, no other client-side check. The sign-in
// form checks the same rules without zod (login-input.ts, issue 21).
export const loginInputSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(LOGIN_LIMITS.username, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(LOGIN_LIMITS.password, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageSchema = z.object({ message: z.string() });

// Validation errors name each bad field so a form can put the message beside it.
export const errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
