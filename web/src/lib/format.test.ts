import { describe, expect, it } from 'vitest';
import { humaniseAction } from './format';

describe('humaniseAction', () => {
  it('should turn underscores into spaces and use title case', () => {
    expect(humaniseAction('CREATE_VOTER')).toBe('Create Voter');
    expect(humaniseAction('LOGIN')).toBe('Login');
    expect(humaniseAction('SEND_SMS')).toBe('Send Sms');
    expect(humaniseAction('LOGIN_FAILED')).toBe('Login Failed');
  });
});

