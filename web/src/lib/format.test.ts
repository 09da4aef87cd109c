import { describe, expect, it } from 'vitest';
import { formatToday, humaniseAction } from './format';

describe('humaniseAction', () => {
  it('should turn underscores into spaces and use title case', () => {
    expect(humaniseAction('CREATE_VOTER')).toBe('Create Voter');
    expect(humaniseAction('LOGIN')).toBe('Login');
    expect(humaniseAction('SEND_SMS')).toBe('Send Sms');
    expect(humaniseAction('LOGIN_FAILED')).toBe('Login Failed');
  });
});

describe('formatToday', () => {
  it('should spell out the weekday, day, month and year', () => {
    expect(formatToday('en-IN', new Date('2026-11-21T10:00:00Z'))).toBe('Saturday, 21 November 2026');
  });
});
