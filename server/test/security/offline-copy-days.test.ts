import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_COPY_DAYS_RANGE } from '@shared/settings/settings-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 57: a deactivated user's or a lost phone kept its voters until its next sync. The sync
// tells the phone the Offline copy setting: after that many days without a sync the phone wipes
// its copy (web/src/lib/offline/offline-voters.ts). On both databases.

describe('the Offline copy setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should send 14 days with every sync page by default and the saved number once an office role changes it', async () => {
    const worker = await signInAs(t, 'Karyakarta', { booth_access: ['Booth-01'] });
    const first = await t.app.inject({ method: 'GET', url: '/api/sync/voters', headers: worker.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().keep_days).toBe(14);

    const admin = await signInAs(t, 'Super Admin');
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { offline_copy_days: '3' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().offline_copy_days).toBe('3');
    const next = await t.app.inject({ method: 'GET', url: `/api/sync/voters?cursor=${first.json().cursor}`, headers: worker.headers });
    expect(next.json().keep_days).toBe(3);
  });

  it('should refuse 0, 91 and words with 400 and the range, changing nothing', async () => {
    const admin = await signInAs(t, 'Super Admin');
    for (const value of ['0', '91', 'seven']) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { offline_copy_days: value } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields?.offline_copy_days).toBe(OFFLINE_COPY_DAYS_RANGE);
    }
    const read = await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers });
    expect(read.json().offline_copy_days).toBe('3');
  });

  it('should let only office roles change it', async () => {
    for (const role of ['Supervisor', 'Karyakarta'] as const) {
      const user = await signInAs(t, role, { booth_access: ['Booth-01'] });
      expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: user.headers, payload: { offline_copy_days: '30' } })).statusCode).toBe(403);
    }
  });
});
