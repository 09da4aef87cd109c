import { z } from 'zod';
import { loginResponseSchema } from './auth-schemas';

// Two-factor sign-in (enable_2fa = "true"): the password step answers with a challenge,
// the code step completes the sign-in.
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  // Only for a user who has no authenticator yet: scan this, then send its first code.
  enrolment: twoFactorEnrolmentSchema.optional(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorInputSchema = z.object({
  challengeToken: z.string().min(1, 'Sign in again').max(200, 'Sign in again'),
  // Six digits from the app, or one of the recovery codes.
  code: z.string().trim().min(1, 'Enter the code').max(40, 'The code is too long'),
});
export type TwoFactorInput = z.infer<typeof twoFactorInputSchema>;

export const twoFactorLoginResponseSchema = loginResponseSchema.extend({
  // Present once, right after enrolment: the user must save them now.
  recoveryCodes: z.array(z.string()).optional(),
});
export type TwoFactorLoginResponse = z.infer<typeof twoFactorLoginResponseSchema>;

export const loginOrChallengeSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginOrChallenge = z.infer<typeof loginOrChallengeSchema>;
