import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
const root = path.resolve(import.meta.dirname, '../../..');

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await signInAs(t, 'Super Admin');
  const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { password_policy: 'strong' } });
  expect(response.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

// The admin command line works on the same database as the server (DATA_DIR / DATABASE_URL).
function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.ctx.config.dataDir, LOG_LEVEL: 'silent' };
  if (t.ctx.config.databaseUrl) env.DATABASE_URL = t.ctx.config.databaseUrl;
  else delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/cli/admin.ts'), ...args], { cwd: root, env, encoding: 'utf8' });
}

describe('password policy on the admin command line', () => {
  it('should refuse a password that breaks the strong policy, and accept one that meets it', async () => {
    const weak = admin('create-user', '--username', 'weak.pw', '--role', 'Admin', '--password', 'password1');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Password must contain a symbol');
    const strong = admin('create-user', '--username', 'strong.pw', '--role', 'Admin', '--password', 'Pass-word-42');
    expect(strong.status, strong.stderr).toBe(0);
    const users = await t.ctx.db.selectFrom('users').select('username').where('username', 'in', ['weak.pw', 'strong.pw']).execute();
    expect(users.map((row) => row.username)).toEqual(['strong.pw']);
  });

  it('should generate passwords that pass the strong policy and refuse weak resets', async () => {
    const user = await createUser(t.ctx, { username: 'reset.me' });
    const refused = admin('reset-password', user.username, '--password', 'short');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Password must contain at least 8 characters, a number and a symbol');
    const generated = admin('reset-password', user.username);
    expect(generated.status, generated.stderr).toBe(0);
    const password = /New password \(shown once\): (\S+)/.exec(generated.stdout)?.[1] ?? '';
    expect(password).toMatch(/\d/);
    expect(password).toMatch(/[^A-Za-z0-9]/);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
    expect(login.statusCode).toBe(200);
  });
});
