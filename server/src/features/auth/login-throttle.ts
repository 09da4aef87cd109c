import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { AttemptSchedule } from './sign-in-limits-repository';
import { databaseSignInLimits, type SignInLimitsStore } from './sign-in-limits-store';

// Sign-in limits (issue 17, decision 018; issue 57, decision 062). Every attempt is counted
// in the database (or Redis, decision 043) BEFORE its password or code is checked, by one
// atomic upsert, so N parallel guesses cost N attempts and several app nodes share the counts.
//   - per client address, for unknown devices only: a hard limit (100 failures per 15
//     minutes, sized for an office behind one NAT; SIGN_IN_FAILURES_PER_ADDRESS);
//   - per username, for devices that never signed in as that user: 5 free attempts, then a
//     slow-down (one attempt per 15 s, doubling to 5 minutes) rather than a lock, so a
//     stranger cannot keep the owner out for long;
//   - per device cookie (a browser that signed in as that user before): a hard limit of its
//     own (5 per 15 minutes) that locks only that cookie. Neither the username's nor the
//     address's counter applies to it, so the owner signs in from their own device while
//     strangers guess the username or colleagues behind the same address mistype theirs.
export interface LoginThrottleOptions {
  // Attempts per username from unknown devices before the slow-down starts.
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  // Attempts per device cookie before that cookie is locked for the window.
  maxFailuresPerDevice?: number;
  windowMs: number;
  // The first wait of the slow-down; it doubles with each attempt up to maxSlowDownMs.
  slowDownMs?: number;
  maxSlowDownMs?: number;
  // Tests move time forward; the database keeps the counts.
  clock?: () => number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  maxFailuresPerUsername: 5,
  // Decision 062: an office of ~100 behind one address, each on a new device mistyping once.
  maxFailuresPerIp: 100,
  maxFailuresPerDevice: 5,
  windowMs: 15 * 60_000,
  slowDownMs: 15_000,
  maxSlowDownMs: 5 * 60_000,
};

// How one kind of counter behaves.
export interface LimitRule {
  // Attempts admitted per window; null for no hard limit (the username's slow-down).
  hardMax: number | null;
  // Attempts before the slow-down starts; Infinity for none.
  freeAttempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
  // True: the counter is forgotten a window after its LAST attempt (a slow-down that keeps
  // going while guessing goes on); false: a window after its first.
  slidingWindow: boolean;
}

export interface LimitKey {
  key: string;
  rule: LimitRule;
}

// The wait after `attempts` attempts before the next one is admitted: none within the free
// attempts, then firstDelayMs doubling up to maxDelayMs.
export function waitAfterAttempts(rule: LimitRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  const doublings = Math.min(attempts - rule.freeAttempts, 30);
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
}

// The slow-down as "from n attempts on, blocked until t", for the database to apply in the
// same statement that counts the attempt.
export function attemptSchedule(rule: LimitRule, now: number): AttemptSchedule {
  const steps: AttemptSchedule = [];
  if (!Number.isFinite(rule.freeAttempts)) return steps;
  for (let attempts = rule.freeAttempts; ; attempts += 1) {
    const wait = waitAfterAttempts(rule, attempts);
    steps.push({ fromAttempts: attempts, blockedUntil: new Date(now + wait).toISOString() });
    if (wait >= rule.maxDelayMs) break;
  }
  return steps;
}

// Milliseconds until a refused key admits an attempt again.
export function retryAfterMs(rule: LimitRule, row: { attempts: number; blocked_until: string; expires_at: string }, now: number): number {
  const expiresAt = Date.parse(row.expires_at);
  if (expiresAt <= now) return 0;
  const slowDown = Math.max(0, Date.parse(row.blocked_until) - now);
  const locked = rule.hardMax !== null && row.attempts >= rule.hardMax ? expiresAt - now : 0;
  return Math.max(slowDown, locked);
}

// The counters live in the database, or in Redis when several nodes share one (REDIS_URL).
export function createLoginThrottle(options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE, store: SignInLimitsStore = databaseSignInLimits) {
  const settings = { ...DEFAULT_LOGIN_THROTTLE, ...options };
  const clock = options.clock ?? Date.now;
  const noSlowDown = { freeAttempts: Number.POSITIVE_INFINITY, firstDelayMs: 0, maxDelayMs: 0 };
  const rules = {
    ip: { hardMax: settings.maxFailuresPerIp, windowMs: settings.windowMs, slidingWindow: false, ...noSlowDown },
    device: { hardMax: settings.maxFailuresPerDevice ?? 5, windowMs: settings.windowMs, slidingWindow: false, ...noSlowDown },
    user: {
      hardMax: null,
      freeAttempts: settings.maxFailuresPerUsername,
      firstDelayMs: settings.slowDownMs ?? 15_000,
      maxDelayMs: settings.maxSlowDownMs ?? 5 * 60_000,
      windowMs: settings.windowMs,
      slidingWindow: true,
    },
  } satisfies Record<string, LimitRule>;

  return {
    // The counters one attempt goes through. A device cookie valid for this username: that
    // cookie's alone (decision 062: the address's count is other people's typos, and a
    // cookie is only got by knowing this account's password, so it buys no spraying).
    // Otherwise the address's first (refusing there costs the username nothing), then the
    // username's.
    keysFor(attempt: { ipAddress: string; username: string; deviceId: string | null }): LimitKey[] {
      if (attempt.deviceId) return [{ key: `device:${attempt.deviceId}`, rule: rules.device }];
      return [{ key: `ip:${attempt.ipAddress}`, rule: rules.ip }, { key: `user:${attempt.username.toLowerCase()}`, rule: rules.user }];
    },

    // A signed-in user proving their current password (change password): the session is at
    // least what a device cookie is, so only the username's counter applies, never the
    // address's that colleagues share.
    keysForSignedIn(username: string): LimitKey[] {
      return [{ key: `user:${username.toLowerCase()}`, rule: rules.user }];
    },

    // Counts the attempt on every key or refuses with 429 and Retry-After. A key that
    // refuses gives back the attempts already counted on the keys before it.
    async admit(db: Kysely<Database>, keys: LimitKey[], message: (waitMs: number) => string): Promise<void> {
      const admitted: LimitKey[] = [];
      for (const limit of keys) {
        const now = clock();
        const ok = await store.admit(db, {
          key: limit.key,
          now: new Date(now).toISOString(),
          expiresAt: new Date(now + limit.rule.windowMs).toISOString(),
          hardMax: limit.rule.hardMax,
          slidingWindow: limit.rule.slidingWindow,
          schedule: attemptSchedule(limit.rule, now),
        });
        if (ok) {
          admitted.push(limit);
          continue;
        }
        for (const earlier of admitted) await store.refund(db, earlier.key);
        const row = await store.find(db, limit.key);
        const waitMs = Math.max(1_000, row ? retryAfterMs(limit.rule, row, clock()) : 0);
        throw new HttpError(429, message(waitMs), undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
      }
    },

    // A right password that still needs its code: it was no failure, so its attempt is
    // given back; the counts themselves stay until the code is right.
    async passwordAccepted(db: Kysely<Database>, keys: LimitKey[]): Promise<void> {
      for (const limit of keys) await store.refund(db, limit.key);
    },

    // A completed sign-in (or a right current password): the IP gets its attempt back (its earlier failures still count),
    // the username's or device's counter starts again.
    async succeeded(db: Kysely<Database>, keys: LimitKey[]): Promise<void> {
      for (const limit of keys) {
        if (limit.key.startsWith('ip:')) await store.refund(db, limit.key);
        else await store.clear(db, limit.key);
      }
      // Expired counters are useless; dropping them here keeps the table small without a job.
      await store.forgetExpired(db, new Date(clock()).toISOString());
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

// The sign-in steps' wording: the password step and the code step share one limit.
export function signInThrottledMessage(waitMs: number): string {
  return `Too many failed sign-in attempts. Please try again in ${waitWording(waitMs)}.`;
}

function waitWording(waitMs: number): string {
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
