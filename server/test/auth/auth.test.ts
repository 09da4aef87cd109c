import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function auditRows(action: string) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).execute();
}

describe('POST /api/auth/login', () => {
  it('should return a token and the user without a password hash when the credentials are right', async () => {
    const user = await createUser(t.ctx, { role: 'Supervisor', full_name: 'Sunita Pawar' });
    const response = await login(t.app, user.username, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ _id: user.id, id: user.id, username: user.username, full_name: 'Sunita Pawar', role: 'Supervisor', is_active: true });
    // No password or hash field (must_change_password, a flag, is the one field that names it).
    expect(JSON.stringify(body).replace('"must_change_password":false', '')).not.toContain('password');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('should set last_login and write a LOGIN audit row with the client IP when sign-in succeeds', async () => {
    const user = await createUser(t.ctx, { role: 'Admin' });
    expect(user.last_login).toBeNull();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: TEST_PASSWORD }, remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
    const stored = await t.ctx.db.selectFrom('users').select('last_login').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.last_login).not.toBeNull();
    expect(response.json().user.last_login).toBe(stored.last_login);
    const rows = (await auditRows('LOGIN')).filter((row) => row.user_id === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_name: user.full_name, ip_address: '10.1.2.3', table_name: 'users', record_id: String(user.id) });
  });

  it('should accept the username in any letter case', async () => {
    const user = await createUser(t.ctx, { username: 'ravi.k' });
    const response = await login(t.app, 'Ravi.K', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('should answer 401 with the same message for a wrong password and an unknown user', async () => {
    const user = await createUser(t.ctx);
    const wrongPassword = await login(t.app, user.username, 'not-the-password');
    const unknownUser = await login(t.app, 'nobody-here', TEST_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    const failures = await auditRows('LOGIN_FAILED');
    expect(failures.some((row) => row.user_id === user.id)).toBe(true);
    expect(failures.some((row) => row.user_id === null && row.user_name === 'nobody-here')).toBe(true);
  });

  it('should answer an inactive user with the right password exactly like a wrong password', async () => {
    const user = await createUser(t.ctx, { is_active: false });
    const right = await login(t.app, user.username, TEST_PASSWORD);
    const wrong = await login(t.app, user.username, 'not-the-password');
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
    expect(right.json()).toEqual({ message: 'Invalid username or password' });
    expect(right.headers['set-cookie']).toBeUndefined();
    const failures = (await auditRows('LOGIN_FAILED')).filter((row) => row.user_id === user.id);
    expect(failures).toHaveLength(2);
    expect(JSON.parse(failures[0]?.details ?? '{}')).toEqual({ reason: 'inactive_account' });
  });

  it('should answer 400 naming each missing field when the body is incomplete', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Username is required');
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('should answer 400 JSON when the body is malformed JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "a",' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('should answer 413 when the body is over the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large' });
  });
});

describe('POST /api/auth/login rate limit', () => {
  it('should answer 429 after five failures for one username from an unknown device, even with the right password', async () => {
    const limited = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 5, maxFailuresPerIp: 100, windowMs: 60_000 } });
    try {
      const user = await createUser(limited.ctx);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login(limited.app, user.username, 'wrong-password')).statusCode).toBe(401);
      }
      const blocked = await login(limited.app, user.username, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from another address is not affected.
      const other = await createUser(limited.ctx);
      const otherResponse = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: other.username, password: TEST_PASSWORD }, remoteAddress: '10.9.9.9' });
      expect(otherResponse.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('should answer 429 after too many failures from one IP across usernames', async () => {
    const limited = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 100, maxFailuresPerIp: 3, windowMs: 60_000 } });
    try {
      const user = await createUser(limited.ctx);
      for (const name of ['a1', 'a2', 'a3']) {
        expect((await login(limited.app, name, 'wrong-password')).statusCode).toBe(401);
      }
      expect((await login(limited.app, user.username, TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/auth/me', () => {
  it('should return the user object directly when the token is valid', async () => {
    const { user, headers } = await signInAs(t, 'Karyakarta', { full_name: 'राम पाटील', booth_access: ['Booth-07'] });
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user.id, id: user.id, full_name: 'राम पाटील', role: 'Karyakarta', booth_access: ['Booth-07'] });
    expect(response.body.replace('"must_change_password":false', '')).not.toContain('password');
  });

  it('should answer 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('should answer 401 for a malformed or tampered token', async () => {
    const { token } = await signInAs(t, 'Admin');
    const [header, payload, signature = ''] = token.split('.');
    // One character changed inside the signature: its last character carries bits a decoder
    // ignores, so changing the end could leave the signature as it was (1 run in about 1,000).
    const changed = signature[10] === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature.slice(0, 10)}${changed}${signature.slice(11)}`;
    for (const value of ['Bearer not-a-token', `Bearer ${tampered}`, `Basic ${token}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: value } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('should answer 401 for a token signed with another secret or another algorithm', async () => {
    const { user } = await signInAs(t, 'Admin');
    const session = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const claims = { sid: session.id };
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('voter-management-system')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, sub: String(user.id), iss: 'voter-management-system' }),
    ).toString('base64url')}.`;
    for (const token of [otherSecret, unsigned]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('should answer 401 when the session has expired', async () => {
    const { user, headers } = await signInAs(t, 'Supervisor');
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(response.statusCode).toBe(401);
  });

  it('should answer 401 at once when the user is deactivated', async () => {
    const { user, headers } = await signInAs(t, 'Karyakarta');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('should revoke the token and write a LOGOUT audit row', async () => {
    const { user, headers } = await signInAs(t, 'Admin');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    const rows = (await auditRows('LOGOUT')).filter((row) => row.user_id === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ip_address).toBe('127.0.0.1');
  });

  it('should accept an empty JSON body, as the spec client sends', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...headers, 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(200);
  });

  it('should leave other sessions of the same user working', async () => {
    const user = await createUser(t.ctx, { role: 'Supervisor' });
    const first = (await login(t.app, user.username, TEST_PASSWORD)).json().token as string;
    const second = (await login(t.app, user.username, TEST_PASSWORD)).json().token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first}` } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('role guard', () => {
  const allowed: Role[] = ['Super Admin', 'Admin'];
  for (const role of ALL_ROLES) {
    const expected = allowed.includes(role) ? 200 : 403;
    it(`should answer ${expected} to a ${role} on the admin-only GET /api/settings`, async () => {
      const { headers } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers });
      expect(response.statusCode).toBe(expected);
      if (expected === 403) expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
      else expect(response.json()).toMatchObject({ app_name: 'Voter Management', password_policy: 'basic' });
    });
  }

  it('should answer 401 to nobody on GET /api/settings', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});
