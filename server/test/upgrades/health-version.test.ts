import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD_HEADER, healthDetailsSchema } from '@shared/health/health-schema';
import { MIGRATIONS } from '../../src/db/migrate';
import { PROJECT_ROOT } from '../../src/features/upgrades/app-version';
import { BUILD_STAMP_FILE } from '../../../web/build/web-build-stamp';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 24: what an installation runs (office roles only) and the build every answer names.
const STAMP = 'abcdef0123456789';
const names = Object.keys(MIGRATIONS).sort();
const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vms-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test build</title>');
  writeFileSync(path.join(webDist, BUILD_STAMP_FILE), JSON.stringify({ stamp: STAMP, builtAt: '2026-01-01T00:00:00.000Z' }));
  t = await createTestApp({ config: { webDistDir: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('should say only that the server answers when the caller is signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/details', () => {
  it('should show the version, commit, migration level and web build when an office role asks', async () => {
    for (const role of ['Super Admin', 'Admin'] as const) {
      const { headers } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/health/details', headers });
      expect(response.statusCode).toBe(200);
      const body = healthDetailsSchema.parse(response.json());
      expect(body.version).toBe(pkg.version);
      // A git checkout here: the short commit; a source tarball would answer null.
      expect(body.commit === null || /^[0-9a-f]{12}$/.test(body.commit)).toBe(true);
      expect(body.migration).toEqual({ level: names.length, latest: names.at(-1) });
      expect(body.webBuild).toBe(STAMP);
    }
  });

  it('should refuse field roles and signed-out callers when they ask for the details', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as const) {
      const { headers } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/health/details', headers });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(pkg.version);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/details' })).statusCode).toBe(401);
  });
});

describe(`${APP_BUILD_HEADER} header`, () => {
  it('should name the served web build on every API answer when it succeeds, fails or is refused', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers }),
      t.app.inject({ method: 'GET', url: '/api/users' }),
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'wrong-password' } }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401, 404]);
    for (const answer of answers) expect(answer.headers[APP_BUILD_HEADER.toLowerCase()]).toBe(STAMP);
  });

  it('should send no build header when the server serves no web build', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers[APP_BUILD_HEADER.toLowerCase()]).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
