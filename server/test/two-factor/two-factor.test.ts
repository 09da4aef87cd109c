import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '@shared/auth/roles';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

let t: TestApp;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = (await signInAs(t, 'Super Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

interface Challenge {
  twoFactorRequired: true;
  challengeToken: string;
  enrolment?: { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
}

// On for every role, so any test user is asked (the default covers office roles only).
async function setTwoFactor(app: TestApp, on: boolean) {
  for (const [key, value] of [['enable_2fa', String(on)], ['two_factor_roles', ALL_ROLES.join(',')]] as const) {
    await app.ctx.db
      .insertInto('settings')
      .values({ key, value, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

function secondStep(app: TestApp, challengeToken: string, code: string, remoteAddress = '127.0.0.1') {
  return app.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challengeToken, code }, remoteAddress });
}

// A code from a time step that has not been used yet (a right code is single-use).
async function codeFor(secret: string, stepsAhead = 0) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

// Signs a user in for the first time with two-factor on: enrolment and recovery codes.
async function enrol(app: TestApp, user: { username: string }) {
  const first = await login(app.app, user.username, TEST_PASSWORD);
  const challenge = first.json<Challenge>();
  if (!challenge.enrolment) throw new Error(`expected an enrolment: ${first.body}`);
  const usedCode = await codeFor(challenge.enrolment.secret);
  const done = await secondStep(app, challenge.challengeToken, usedCode);
  expect(done.statusCode, done.body).toBe(200);
  return { secret: challenge.enrolment.secret, usedCode, recoveryCodes: done.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('POST /api/auth/login with two-factor sign-in on', () => {
  beforeAll(async () => setTwoFactor(t, true));
  afterAll(async () => setTwoFactor(t, false));

  it('should enrol a user on first sign-in with a QR code, then sign in with a generated code and return recovery codes once', async () => {
    const user = await createUser(t.ctx, { role: 'Supervisor', full_name: 'Kavita Rao' });
    const first = await login(t.app, user.username, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const challenge = first.json<Challenge>();
    expect(challenge).toMatchObject({ twoFactorRequired: true });
    expect(first.json()).not.toHaveProperty('token');
    expect(challenge.enrolment?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(challenge.enrolment?.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Voter%20Management:.+\?.*secret=/);
    expect(challenge.enrolment?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // No LOGIN yet: the password alone does not sign anyone in.
    const loginsBefore = await t.ctx.db.selectFrom('audit_logs').select('id').where('action', '=', 'LOGIN').where('user_id', '=', user.id).execute();
    expect(loginsBefore).toHaveLength(0);

    const secret = challenge.enrolment?.secret ?? '';
    const done = await secondStep(t, challenge.challengeToken, await codeFor(secret));
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body.user).toMatchObject({ id: user.id, full_name: 'Kavita Rao' });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } })).statusCode).toBe(200);
    const actions = await t.ctx.db.selectFrom('audit_logs').select('action').where('user_id', '=', user.id).orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['ENROL_TWO_FACTOR', 'LOGIN']);

    // Recovery codes are kept only as hashes.
    const stored = await t.ctx.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(body.recoveryCodes[0]);

    // The next sign-in asks for a code without a new enrolment, and no recovery codes come back.
    const again = await login(t.app, user.username, TEST_PASSWORD);
    const next = again.json<Challenge>();
    expect(next.enrolment).toBeUndefined();
    const second = await secondStep(t, next.challengeToken, await codeFor(secret, 1));
    expect(second.statusCode).toBe(200);
    expect(second.json()).not.toHaveProperty('recoveryCodes');
  });

  it('should refuse a wrong code, a reused code and a reused challenge', async () => {
    const user = await createUser(t.ctx);
    const { secret, usedCode } = await enrol(t, user);
    const challenge = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    const wrong = await secondStep(t, challenge.challengeToken, '000000' === (await codeFor(secret, 1)) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid authentication code' });
    // The code used at enrolment is spent.
    const replay = await secondStep(t, challenge.challengeToken, usedCode);
    expect(replay.statusCode).toBe(401);
    const right = await secondStep(t, challenge.challengeToken, await codeFor(secret, 1));
    expect(right.statusCode).toBe(200);
    const reusedChallenge = await secondStep(t, challenge.challengeToken, await codeFor(secret, 1));
    expect(reusedChallenge.statusCode).toBe(401);
    expect(reusedChallenge.json()).toEqual({ message: 'This sign-in has expired. Please sign in again.' });
    const failures = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'LOGIN_FAILED').where('user_id', '=', user.id).execute();
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('should refuse an unknown or expired challenge', async () => {
    expect((await secondStep(t, 'made-up-token', '123456')).statusCode).toBe(401);
    const user = await createUser(t.ctx);
    const { secret } = await enrol(t, user);
    const challenge = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    await t.ctx.db.updateTable('login_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const late = await secondStep(t, challenge.challengeToken, await codeFor(secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('should accept each recovery code once', async () => {
    const user = await createUser(t.ctx);
    const { recoveryCodes } = await enrol(t, user);
    const code = recoveryCodes[3] ?? '';
    const challenge = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    // Typed in capitals without the dash still counts.
    const used = await secondStep(t, challenge.challengeToken, code.replace('-', '').toUpperCase());
    expect(used.statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'LOGIN').where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(row.details ?? '{}')).toEqual({ two_factor: 'recovery_code' });

    const again = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    const reused = await secondStep(t, again.challengeToken, code);
    expect(reused.statusCode).toBe(401);
    const status = await t.app.inject({ method: 'GET', url: `/api/two-factor/users/${user.id}`, headers: adminHeaders });
    expect(status.json()).toEqual({ enrolled: true, recoveryCodesLeft: 9 });
  });

  it('should not accept a recovery code before the authenticator is set up', async () => {
    const user = await createUser(t.ctx);
    const challenge = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    expect((await secondStep(t, challenge.challengeToken, 'abcde-fghjk')).statusCode).toBe(401);
  });

  it('should still refuse a wrong password before any code is asked', async () => {
    const user = await createUser(t.ctx);
    const response = await login(t.app, user.username, 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('should answer 400 naming the field when the code is missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challengeToken: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['code']);
  });
});

describe('two-factor throttling', () => {
  it('should answer 429 after five wrong codes for one user, even with a right code, and end the challenge', async () => {
    const limited = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 5, maxFailuresPerIp: 100, windowMs: 60_000 } });
    try {
      await setTwoFactor(limited, true);
      const user = await createUser(limited.ctx);
      const { secret } = await enrol(limited, user);
      const challenge = (await login(limited.app, user.username, TEST_PASSWORD)).json<Challenge>();
      const right = await codeFor(secret, 1);
      const wrongCode = right === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await secondStep(limited, challenge.challengeToken, wrongCode)).statusCode).toBe(401);
      }
      // The challenge is spent after five wrong codes.
      expect((await secondStep(limited, challenge.challengeToken, right)).statusCode).toBe(401);
      // And the account is throttled at the password step and the code step alike.
      const blocked = await login(limited.app, user.username, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts/);
    } finally {
      await limited.close();
    }
  });

  it('should answer 429 at the code step once the username is throttled', async () => {
    const limited = await createTestApp({ loginThrottle: { maxFailuresPerUsername: 3, maxFailuresPerIp: 100, windowMs: 60_000 } });
    try {
      await setTwoFactor(limited, true);
      const user = await createUser(limited.ctx);
      const { secret } = await enrol(limited, user);
      const first = (await login(limited.app, user.username, TEST_PASSWORD)).json<Challenge>();
      const second = (await login(limited.app, user.username, TEST_PASSWORD)).json<Challenge>();
      const right = await codeFor(secret, 1);
      const wrongCode = right === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 3; attempt += 1) await secondStep(limited, first.challengeToken, wrongCode);
      const blocked = await secondStep(limited, second.challengeToken, right);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('DELETE /api/two-factor/users/:id', () => {
  beforeAll(async () => setTwoFactor(t, true));
  afterAll(async () => setTwoFactor(t, false));

  it('should let a Super Admin reset a second factor so the user enrols again at the next sign-in', async () => {
    const user = await createUser(t.ctx);
    await enrol(t, user);
    expect((await t.app.inject({ method: 'GET', url: `/api/two-factor/users/${user.id}`, headers: adminHeaders })).json()).toEqual({ enrolled: true, recoveryCodesLeft: 10 });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/two-factor/users/${user.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^Two-factor authentication reset/);
    expect((await t.app.inject({ method: 'GET', url: `/api/two-factor/users/${user.id}`, headers: adminHeaders })).json()).toEqual({ enrolled: false, recoveryCodesLeft: 0 });
    const next = (await login(t.app, user.username, TEST_PASSWORD)).json<Challenge>();
    expect(next.enrolment?.secret).toBeDefined();
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'RESET_TWO_FACTOR').where('record_id', '=', String(user.id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('should answer 404 for an unknown user', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/two-factor/users/999999', headers: adminHeaders });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found' });
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/two-factor/users/1' })).statusCode).toBe(401);
  });
});

describe('two-factor reset access', () => {
  for (const role of ALL_ROLES) {
    const expected = role === 'Super Admin' ? 200 : 403;
    it(`should answer ${expected} to a ${role}`, async () => {
      const target = await createUser(t.ctx);
      const { headers } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/two-factor/users/${target.id}`, headers });
      expect(response.statusCode).toBe(expected);
      const status = await t.app.inject({ method: 'GET', url: `/api/two-factor/users/${target.id}`, headers });
      expect(status.statusCode).toBe(expected);
    });
  }
});
