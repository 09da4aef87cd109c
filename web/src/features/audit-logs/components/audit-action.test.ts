import { describe, expect, it } from 'vitest';
import { actionColor, humaniseAction } from './audit-action';

describe('humaniseAction', () => {
  it('should turn underscores into spaces and use title case', () => {
    expect(humaniseAction('LOGIN')).toBe('Login');
    expect(humaniseAction('CREATE_VOTER')).toBe('Create Voter');
    expect(humaniseAction('SEND_SMS')).toBe('Send Sms');
    expect(humaniseAction('LOGIN_FAILED')).toBe('Login Failed');
  });
});

describe('actionColor', () => {
  it('should follow the spec colours', () => {
    expect(actionColor('LOGIN')).toBe('blue');
    expect(actionColor('LOGOUT')).toBe('blue');
    expect(actionColor('CREATE_USER')).toBe('green');
    expect(actionColor('UPDATE_SETTINGS')).toBe('yellow');
    expect(actionColor('DELETE_VOTER')).toBe('red');
    expect(actionColor('SEND_SMS')).toBe('gray');
    expect(actionColor('LOGIN_FAILED')).toBe('gray');
  });
});
