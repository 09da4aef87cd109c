import { describe, expect, it } from 'vitest';
import { createDeviceCookieValue, deviceCookieHeader, deviceCookieName, readDeviceId } from './device-cookie';
import { attemptSchedule, createLoginThrottle, type LimitRule, retryAfterMs, signInThrottledMessage, waitAfterAttempts } from './login-throttle';

// The counting itself is one SQL statement, proven under parallel requests on both
// databases in server/test/auth/sign-in-limits.test.ts; these are the rules around it.
const slowDown: LimitRule = { hardMax: null, freeAttempts: 5, firstDelayMs: 15_000, maxDelayMs: 300_000, windowMs: 900_000, slidingWindow: true };
const hard: LimitRule = { hardMax: 20, freeAttempts: Number.POSITIVE_INFINITY, firstDelayMs: 0, maxDelayMs: 0, windowMs: 900_000, slidingWindow: false };

describe('waitAfterAttempts', () => {
  it('should not wait within the free attempts, then double from the first delay up to the cap', () => {
    const waits = [0, 1, 4, 5, 6, 7, 8, 9, 10, 50].map((attempts) => waitAfterAttempts(slowDown, attempts));
    expect(waits).toEqual([0, 0, 0, 15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });

  it('should never wait when the rule has no slow-down', () => {
    expect(waitAfterAttempts(hard, 1_000)).toBe(0);
  });
});

describe('attemptSchedule', () => {
  it('should list the blocked-until time from the first slowed attempt up to the cap', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const schedule = attemptSchedule(slowDown, now);
    expect(schedule.map((step) => step.fromAttempts)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(schedule[0]?.blockedUntil).toBe('2026-01-01T00:00:15.000Z');
    expect(schedule.at(-1)?.blockedUntil).toBe('2026-01-01T00:05:00.000Z');
  });

  it('should be empty for a hard limit', () => {
    expect(attemptSchedule(hard, 0)).toEqual([]);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');
  it('should wait for the slow-down when the counter is slowed', () => {
    const row = { attempts: 6, blocked_until: '2026-01-01T00:00:30.000Z', expires_at: '2026-01-01T00:15:00.000Z' };
    expect(retryAfterMs(slowDown, row, now)).toBe(30_000);
  });

  it('should wait for the end of the window when a hard limit is reached', () => {
    const row = { attempts: 20, blocked_until: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-01T00:10:00.000Z' };
    expect(retryAfterMs(hard, row, now)).toBe(600_000);
  });

  it('should not wait once the counter has expired', () => {
    const row = { attempts: 20, blocked_until: '2026-01-01T00:05:00.000Z', expires_at: '2025-12-31T23:59:00.000Z' };
    expect(retryAfterMs(hard, row, now)).toBe(0);
  });
});

describe('createLoginThrottle keysFor', () => {
  const throttle = createLoginThrottle();
  it('should count an unknown device against the IP and the username in any letter case', () => {
    expect(throttle.keysFor({ ipAddress: '10.0.0.1', username: 'Ravi', deviceId: null }).map((limit) => limit.key)).toEqual(['ip:10.0.0.1', 'user:ravi']);
  });

  it('should count a known device against that device only, never the address colleagues share', () => {
    const keys = throttle.keysFor({ ipAddress: '10.0.0.1', username: 'ravi', deviceId: 'abc' });
    expect(keys.map((limit) => limit.key)).toEqual(['device:abc']);
    expect(keys[0]?.rule.hardMax).toBe(5);
  });

  it('should hold an unknown device to 100 failures per address and a signed-in user to the username only', () => {
    expect(throttle.keysFor({ ipAddress: '10.0.0.1', username: 'ravi', deviceId: null })[0]?.rule.hardMax).toBe(100);
    expect(throttle.keysForSignedIn('Ravi').map((limit) => limit.key)).toEqual(['user:ravi']);
  });
});

describe('signInThrottledMessage', () => {
  it('should say seconds under a minute and minutes from a minute on', () => {
    expect(signInThrottledMessage(15_000)).toBe('Too many failed sign-in attempts. Please try again in 15 seconds.');
    expect(signInThrottledMessage(1_000)).toBe('Too many failed sign-in attempts. Please try again in 1 second.');
    expect(signInThrottledMessage(60_000)).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(signInThrottledMessage(14 * 60_000 + 1)).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });
});

describe('device cookies', () => {
  const secret = 'x'.repeat(48);
  it('should read back a cookie for the username it was made for, in any letter case', () => {
    const value = createDeviceCookieValue(secret, 'Ravi');
    const header = `other=1; ${deviceCookieName('ravi')}=${value}`;
    expect(readDeviceId(secret, 'RAVI', header)).toBe(value.split('.')[0]);
  });

  it('should refuse a cookie of another username, another secret or a changed device id', () => {
    const value = createDeviceCookieValue(secret, 'ravi');
    const [deviceId, signed] = value.split('.');
    expect(readDeviceId(secret, 'admin', `${deviceCookieName('admin')}=${value}`)).toBeNull();
    expect(readDeviceId('y'.repeat(48), 'ravi', `${deviceCookieName('ravi')}=${value}`)).toBeNull();
    const changed = `${deviceId?.slice(0, -1)}${deviceId?.endsWith('A') ? 'B' : 'A'}.${signed}`;
    expect(readDeviceId(secret, 'ravi', `${deviceCookieName('ravi')}=${changed}`)).toBeNull();
    expect(readDeviceId(secret, 'ravi', undefined)).toBeNull();
  });

  it('should be HttpOnly, SameSite=Strict, limited to the sign-in path, and Secure over HTTPS only', () => {
    expect(deviceCookieHeader('ravi', 'v', false)).toMatch(/^vms_device_[0-9a-f]{16}=v; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
    expect(deviceCookieHeader('ravi', 'v', true)).toMatch(/; Secure$/);
  });
});
