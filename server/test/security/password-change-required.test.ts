import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFor } from '@shared/auth/route-access';
import { PASSWORD_CHANGE_REQUIRED } from '../../src/plugins/access-control';
import { ensureFirstAdmin } from '../../src/features/users/bootstrap-admin';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

// Issue 57: the generated first Super Admin password was printed once and never had to be
// changed. A generated or reset password now opens nothing but "who am I", sign-out and
// changing it, until the user sets their own. Through HTTP, on both databases.

const ALLOWED = ['GET /api/auth/me', 'POST /api/auth/logout', 'PUT /api/users/me/password', 'PUT /api/users/me/language'];
const NEW_PASSWORD = 'My-Own-Choice-42';

describe('a password someone else set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, url: string, token: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });

  async function tokenOf(username: string, password: string): Promise<string> {
    const response = await login(t.app, username, password);
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  }

  it('should make the generated first Super Admin change it before anything else, and then let them work', async () => {
    await t.ctx.db.deleteFrom('users').execute();
    const admin = await ensureFirstAdmin(t.ctx.db, { username: 'admin', password: undefined });
    expect(admin.generatedPassword).toBeTruthy();
    const signedIn = await login(t.app, 'admin', admin.generatedPassword ?? '');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.must_change_password).toBe(true);
    const token = signedIn.json<{ token: string }>().token;

    const refused = await call('GET', '/api/voters', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PASSWORD_CHANGE_REQUIRED });
    expect((await call('GET', '/api/users', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/me', token)).json().must_change_password).toBe(true);

    // A wrong current password changes nothing.
    expect((await call('PUT', '/api/users/me/password', token, { current_password: 'not-it', new_password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await call('GET', '/api/voters', token)).statusCode).toBe(403);

    const changed = await call('PUT', '/api/users/me/password', token, { current_password: admin.generatedPassword, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/voters', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', token)).json().must_change_password).toBe(false);
    const audit = await t.ctx.db.selectFrom('audit_logs').select('action').where('action', '=', 'CHANGE_PASSWORD').execute();
    expect(audit).toHaveLength(1);
  });

  it('should not ask a first Super Admin whose password came from ADMIN_PASSWORD to change it', async () => {
    await t.ctx.db.deleteFrom('users').execute();
    await ensureFirstAdmin(t.ctx.db, { username: 'chosen', password: 'Operator-Chose-77' });
    const signedIn = await login(t.app, 'chosen', 'Operator-Chose-77');
    expect(signedIn.json().user.must_change_password).toBe(false);
    expect((await call('GET', '/api/voters', signedIn.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('should refuse every other API call with 403 after an admin reset the password, until it is changed', async () => {
    const admin = await signInAs(t, 'Super Admin');
    const target = await createUser(t.ctx, { role: 'Super Admin' });
    expect((await call('PUT', `/api/users/${target.id}/password`, admin.token, { password: 'Reset-By-Admin-5' })).statusCode).toBe(200);
    const token = await tokenOf(target.username, 'Reset-By-Admin-5');

    const answers: string[] = [];
    for (const route of t.app.apiRoutes) {
      const [method = 'GET', url = ''] = route.split(' ');
      const access = accessFor(method, url);
      if (access === 'public' || !access?.includes('Super Admin') || ALLOWED.includes(route)) continue;
      const path = url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const response = await call(method, path, token, method === 'GET' || method === 'DELETE' ? undefined : {});
      if (response.statusCode !== 403 || response.json().message !== PASSWORD_CHANGE_REQUIRED) answers.push(`${route} → ${response.statusCode} ${response.body.slice(0, 80)}`);
    }
    expect(answers).toEqual([]);
    expect(t.app.apiRoutes.length).toBeGreaterThan(50);

    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect((await call('PUT', '/api/users/me/password', token, { current_password: 'Reset-By-Admin-5', new_password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await call('GET', '/api/users', token)).statusCode).toBe(200);
    // Set by the user, signing in again asks nothing.
    expect((await login(t.app, target.username, NEW_PASSWORD)).json().user.must_change_password).toBe(false);
  });

  it('should let a user whose password must change sign out, and ask again at the next sign-in', async () => {
    const user = await createUser(t.ctx, { role: 'Karyakarta', mustChangePassword: true });
    const token = await tokenOf(user.username, TEST_PASSWORD);
    expect((await call('GET', '/api/voters', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    const again = await login(t.app, user.username, TEST_PASSWORD);
    expect(again.json().user.must_change_password).toBe(true);
    expect((await call('GET', '/api/sync/voters', again.json<{ token: string }>().token)).statusCode).toBe(403);
  });

  it('should not clear the demand when an admin edits the profile, only when the user sets a password', async () => {
    const admin = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx, { role: 'Supervisor', mustChangePassword: true });
    const edited = await call('PUT', `/api/users/${target.id}`, admin.token, { full_name: 'Renamed Supervisor', version: target.version });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().must_change_password).toBe(true);
  });
});
