import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

describe('createLoginThrottle', () => {
  const options = { maxFailuresPerUsername: 3, maxFailuresPerIp: 5, windowMs: 60_000 };

  it('should allow attempts until the username reaches its failure limit', () => {
    let now = 1_000_000;
    const throttle = createLoginThrottle(options, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfterMs('Ravi', '1.1.1.1')).toBe(0);
      throttle.recordFailure('ravi', '1.1.1.1');
      now += 1_000;
    }
    expect(throttle.retryAfterMs('RAVI', '2.2.2.2')).toBe(57_000);
  });

  it('should allow attempts again once the oldest failure leaves the window', () => {
    let now = 0;
    const throttle = createLoginThrottle(options, () => now);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure('ravi', '1.1.1.1');
    expect(throttle.retryAfterMs('ravi', '1.1.1.1')).toBeGreaterThan(0);
    now = 60_001;
    expect(throttle.retryAfterMs('ravi', '1.1.1.1')).toBe(0);
  });

  it('should limit one IP across many usernames', () => {
    const throttle = createLoginThrottle(options, () => 0);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(`user${i}`, '9.9.9.9');
    expect(throttle.retryAfterMs('someone-else', '9.9.9.9')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('someone-else', '8.8.8.8')).toBe(0);
  });

  it('should forget a username failures after a successful sign-in', () => {
    const throttle = createLoginThrottle(options, () => 0);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure('ravi', `10.0.0.${i}`);
    throttle.recordSuccess('Ravi');
    expect(throttle.retryAfterMs('ravi', '10.0.0.99')).toBe(0);
  });
});
