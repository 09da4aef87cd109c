import { describe, expect, it } from 'vitest';
import { actionColor } from './audit-action';

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
