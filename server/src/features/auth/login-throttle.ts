import { HttpError } from '../../plugins/http-error';

// Counts failed sign-ins per username and per client IP in a sliding window, so a
// password cannot be guessed by brute force from one address or against one account.
// Kept in memory: the server is one process (see docs/decisions/002-auth-tokens.md).
export interface LoginThrottleOptions {
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  maxFailuresPerUsername: 5,
  maxFailuresPerIp: 20,
  windowMs: 15 * 60_000,
};

export function createLoginThrottle(options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE, clock: () => number = Date.now) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = clock() - options.windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  }

  function keys(username: string, ip: string): { user: string; ip: string } {
    return { user: `u:${username.toLowerCase()}`, ip: `ip:${ip}` };
  }

  return {
    // Milliseconds until another attempt is allowed, or 0 when it is allowed now.
    retryAfterMs(username: string, ip: string): number {
      const k = keys(username, ip);
      const checks: [number[], number][] = [
        [recent(k.user), options.maxFailuresPerUsername],
        [recent(k.ip), options.maxFailuresPerIp],
      ];
      let wait = 0;
      for (const [times, max] of checks) {
        if (times.length >= max) {
          const oldest = times[times.length - max] ?? clock();
          wait = Math.max(wait, oldest + options.windowMs - clock());
        }
      }
      return wait;
    },
    recordFailure(username: string, ip: string): void {
      const k = keys(username, ip);
      for (const key of [k.user, k.ip]) failures.set(key, [...recent(key), clock()]);
    },
    recordSuccess(username: string): void {
      failures.delete(keys(username, '').user);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

// Refuses with 429 and Retry-After while the username or the IP has too many recent failures.
export function assertNotThrottled(throttle: LoginThrottle, username: string, ip: string, message: (waitMs: number) => string): void {
  const waitMs = throttle.retryAfterMs(username, ip);
  if (waitMs > 0) throw new HttpError(429, message(waitMs), undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
}

// The sign-in steps' wording: the password step and the code step share one limit.
export function signInThrottledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
