import { describe, expect, it } from 'vitest';
import { passwordPolicyProblem } from './password-policy';

describe('passwordPolicyProblem', () => {
  it('should need only 8 characters under the basic policy', () => {
    expect(passwordPolicyProblem('abcdefgh', 'basic')).toBeNull();
    expect(passwordPolicyProblem('abc', 'basic')).toBe('Password must contain at least 8 characters');
  });

  it('should need a number under the medium policy', () => {
    expect(passwordPolicyProblem('abcdefgh', 'medium')).toBe('Password must contain a number');
    expect(passwordPolicyProblem('abcdefg1', 'medium')).toBeNull();
  });

  it('should name everything missing under the strong policy', () => {
    expect(passwordPolicyProblem('abc', 'strong')).toBe('Password must contain at least 8 characters, a number and a symbol');
    expect(passwordPolicyProblem('abcdefg1', 'strong')).toBe('Password must contain a symbol');
    expect(passwordPolicyProblem('abcdef1!', 'strong')).toBeNull();
  });
});
