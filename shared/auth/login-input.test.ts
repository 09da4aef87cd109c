import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginInputSchema } from './auth-schemas';
import { checkLoginInput } from './login-input';

// The sign-in form checks without zod (issue 21); the server checks with the schema. Both must
// accept and refuse the same input, field by field.
describe('checkLoginInput', () => {
  it('should refuse a blank username and an empty password when either is missing', () => {
    expect(checkLoginInput({ username: '   ', password: '' })).toEqual({ ok: false, fields: ['username', 'password'] });
    expect(checkLoginInput({ username: ' asha ', password: ' x ' })).toEqual({ ok: true, value: { username: 'asha', password: ' x ' } });
  });

  it('should agree with the server schema when given any username and password', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 70 }), fc.constantFrom('', ' ', '\t\n', 'a'.repeat(64), ` ${'a'.repeat(64)} `, 'a'.repeat(65), 'p'.repeat(256), 'p'.repeat(257)));
    fc.assert(
      fc.property(text, text, (username, password) => {
        const input = { username, password };
        const mine = checkLoginInput(input);
        const theirs = loginInputSchema.safeParse(input);
        expect(mine.ok).toBe(theirs.success);
        if (mine.ok && theirs.success) expect(mine.value).toEqual(theirs.data);
        if (!mine.ok && !theirs.success) expect([...new Set(theirs.error.issues.map((issue) => issue.path[0]))].sort()).toEqual([...mine.fields].sort());
      }),
      { numRuns: 500 },
    );
  });
});
