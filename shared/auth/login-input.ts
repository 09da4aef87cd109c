// Spec section 5: username and password both required, no other client-side check (the upper
// limits only keep absurd input away from the server). Without zod: the sign-in page is the
// first screen a phone downloads and checks its form with this (issue 21); auth-schemas.ts
// builds the server's schema from the same limits, and login-input.test.ts proves both agree.
export const LOGIN_LIMITS = { username: 64, password: 256 } as const;

export type LoginField = keyof typeof LOGIN_LIMITS;

export type LoginCheck = { ok: true; value: { username: string; password: string } } | { ok: false; fields: LoginField[] };

// The username is taken without surrounding spaces (as the server's schema does); the password
// as typed.
export function checkLoginInput(input: { username: string; password: string }): LoginCheck {
  const value = { username: input.username.trim(), password: input.password };
  const fields = (Object.keys(LOGIN_LIMITS) as LoginField[]).filter((field) => value[field].length < 1 || value[field].length > LOGIN_LIMITS[field]);
  return fields.length === 0 ? { ok: true, value } : { ok: false, fields };
}
