import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

// Issue 17, finding 7: sessions signed in before two-factor was switched on stayed valid.
// Two-factor now applies to the roles in two_factor_roles while enable_2fa is on, and
// switching it on for a role ends that role's sessions that did not pass it.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function me(headers: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

function putSettings(headers: { authorization: string }, payload: Record<string, string>) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload });
}

// A session that passed two-factor: switched on for the role just long enough to enrol.
async function signInWithTwoFactor(role: 'Admin' | 'Karyakarta') {
  const user = await createUser(t.ctx, { role });
  await t.ctx.db.insertInto('settings').values([
    { key: 'enable_2fa', value: 'true', updated_at: new Date().toISOString() },
    { key: 'two_factor_roles', value: role, updated_at: new Date().toISOString() },
  ]).execute();
  const challenge = (await login(t.app, user.username, TEST_PASSWORD)).json<{ challengeToken: string; enrolment: { secret: string } }>();
  const code = await generate({ secret: challenge.enrolment.secret });
  const done = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challengeToken: challenge.challengeToken, code } });
  expect(done.statusCode, done.body).toBe(200);
  await t.ctx.db.deleteFrom('settings').where('key', 'in', ['enable_2fa', 'two_factor_roles']).execute();
  return { authorization: `Bearer ${done.json<{ token: string }>().token}` };
}

describe('PUT /api/settings switching two-factor on', () => {
  it("should end the sessions of the covered roles that did not pass two-factor, the saver's included, and keep the rest", async () => {
    const adminPassed = await signInWithTwoFactor('Admin');
    const superAdmin = await signInAs(t, 'Super Admin');
    const admin = await signInAs(t, 'Admin');
    const karyakarta = await signInAs(t, 'Karyakarta');

    const response = await putSettings(superAdmin.headers, { enable_2fa: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enable_2fa: 'true', two_factor_roles: 'Super Admin,Admin' });

    expect((await me(admin.headers)).statusCode).toBe(401);
    expect((await me(superAdmin.headers)).statusCode).toBe(401);
    expect((await me(adminPassed)).statusCode).toBe(200);
    // Field roles are optional by default: their sessions go on.
    expect((await me(karyakarta.headers)).statusCode).toBe(200);

    const row = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'UPDATE_SETTINGS').executeTakeFirstOrThrow();
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({ two_factor_sessions_ended: 2 });
  });

  it('should end the sessions of a role added to the list while two-factor is on', async () => {
    const superAdmin = await signInAs(t, 'Super Admin');
    const karyakartaPassed = await signInWithTwoFactor('Karyakarta');
    const karyakarta = await signInAs(t, 'Karyakarta');
    const supervisor = await signInAs(t, 'Supervisor');
    await t.ctx.db.insertInto('settings').values({ key: 'enable_2fa', value: 'true', updated_at: new Date().toISOString() }).execute();

    const response = await putSettings(superAdmin.headers, { two_factor_roles: 'Karyakarta,Super Admin,Admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json().two_factor_roles).toBe('Super Admin,Admin,Karyakarta');
    expect((await me(karyakarta.headers)).statusCode).toBe(401);
    expect((await me(karyakartaPassed)).statusCode).toBe(200);
    expect((await me(supervisor.headers)).statusCode).toBe(200);
    // Super Admin was covered before this save already: not "switched on" for it now.
    expect((await me(superAdmin.headers)).statusCode).toBe(200);
  });

  it('should end no session when only the list changes while two-factor is off', async () => {
    const superAdmin = await signInAs(t, 'Super Admin');
    const karyakarta = await signInAs(t, 'Karyakarta');
    expect((await putSettings(superAdmin.headers, { two_factor_roles: 'Super Admin,Admin,Supervisor,Karyakarta' })).statusCode).toBe(200);
    expect((await me(karyakarta.headers)).statusCode).toBe(200);
    expect((await me(superAdmin.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/login with two-factor required per role', () => {
  it('should ask the covered roles for a code and sign the others straight in', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    expect((await putSettings(headers, { enable_2fa: 'true', two_factor_roles: 'Super Admin,Admin,Supervisor' })).statusCode).toBe(200);
    for (const role of ['Super Admin', 'Admin', 'Supervisor'] as const) {
      const user = await createUser(t.ctx, { role });
      const response = await login(t.app, user.username, TEST_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ twoFactorRequired: true });
      expect(response.json()).not.toHaveProperty('token');
    }
    const karyakarta = await createUser(t.ctx, { role: 'Karyakarta' });
    const response = await login(t.app, karyakarta.username, TEST_PASSWORD);
    expect(response.json()).toHaveProperty('token');
  });

  it('should ask nobody while two-factor is off, whatever the list says', async () => {
    await t.ctx.db.insertInto('settings').values({ key: 'two_factor_roles', value: 'Super Admin,Admin,Supervisor,Karyakarta', updated_at: new Date().toISOString() }).execute();
    const admin = await createUser(t.ctx, { role: 'Admin' });
    expect(await login(t.app, admin.username, TEST_PASSWORD).then((response) => response.json())).toHaveProperty('token');
  });
});

describe('migration 2026-11-23-015-sign-in-limits', () => {
  it('should keep two-factor on for every role where it was on before, and on for office roles by default otherwise', async () => {
    await migrateTo(t.ctx.db, '2026-11-23-013-relation-type');
    await t.ctx.db.insertInto('settings').values({ key: 'enable_2fa', value: 'true', updated_at: new Date().toISOString() }).execute();
    await migrateToLatest(t.ctx.db);
    const stored = await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'two_factor_roles').executeTakeFirst();
    expect(stored?.value).toBe('Super Admin,Admin,Supervisor,Karyakarta');

    await migrateTo(t.ctx.db, '2026-11-23-013-relation-type');
    await t.ctx.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'enable_2fa').execute();
    await migrateToLatest(t.ctx.db);
    expect(await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'two_factor_roles').executeTakeFirst()).toBeUndefined();
  });
});
