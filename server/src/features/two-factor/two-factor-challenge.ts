import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { TwoFactorChallenge } from '@shared/auth/two-factor-schemas';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { readSettings } from '../settings/settings-repository';
import { createLoginChallenge, findTwoFactor, savePendingSecret } from './two-factor-repository';

// Five minutes to type a code, and five wrong codes per challenge.
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS_PER_CHALLENGE = 5;
export const RECOVERY_CODE_COUNT = 10;
// Standard authenticator settings (SHA-1, 6 digits, 30 s); one step either side
// forgives a phone clock that is a little off.
const EPOCH_TOLERANCE_SECONDS = 30;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// The password step with two-factor sign-in on: a challenge token, plus the QR code
// and secret for a user who has not set up an authenticator yet.
export async function startTwoFactorChallenge(db: Kysely<Database>, user: UserRow): Promise<TwoFactorChallenge> {
  const challengeToken = randomBytes(32).toString('base64url');
  const factor = await findTwoFactor(db, user.id);
  const secret = factor?.confirmed_at ? null : generateSecret();
  await db.transaction().execute(async (trx) => {
    await createLoginChallenge(trx, { idHash: sha256(challengeToken), userId: user.id, ttlMs: CHALLENGE_TTL_MS });
    if (secret) await savePendingSecret(trx, user.id, secret);
  });
  if (!secret) return { twoFactorRequired: true, challengeToken };

  const issuer = (await readSettings(db)).app_name.trim() || 'Voter Management';
  const otpauthUrl = generateURI({ issuer, label: user.username, secret });
  // qrcode loads with the first enrolment, not in every process at start.
  const { default: QRCode } = await import('qrcode');
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { twoFactorRequired: true, challengeToken, enrolment: { secret, otpauthUrl, qrCodeDataUrl } };
}

// The time step of a right code (for replay protection), or null.
export async function verifyTotp(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

// Recovery codes look like "k7m2q-x9d4p": easy to read aloud, about 50 bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

// Case, spaces and dashes do not matter when typing a recovery code back.
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return sha256(normaliseRecoveryCode(code));
}
