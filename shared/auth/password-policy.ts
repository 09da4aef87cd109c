import type { PasswordPolicy } from '../settings/settings-schema';

// The password_policy setting (spec section 5, options of section 9), enforced wherever
// a password is set. Returns what is missing in plain words, or null when it passes.
export function passwordPolicyProblem(password: string, policy: PasswordPolicy): string | null {
  const missing: string[] = [];
  if (password.length < 8) missing.push('at least 8 characters');
  if ((policy === 'medium' || policy === 'strong') && !/\d/.test(password)) missing.push('a number');
  if (policy === 'strong' && !/[^A-Za-z0-9]/.test(password)) missing.push('a symbol');
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `Password must contain ${list}`;
}

export const PASSWORD_MAX_LENGTH = 128;
