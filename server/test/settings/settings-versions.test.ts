import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionedSettings } from '@shared/settings/settings-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 17, finding 1 for settings: the settings share one version
// (docs/decisions/015-record-versions.md).

let t: TestApp;
type Headers = { authorization: string };
let superAdmin: Headers;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await signInAs(t, 'Super Admin')).headers;
  admin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const read = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: '/api/settings', headers })).json<VersionedSettings>();
const put = (headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload });

describe('PUT /api/settings with a version', () => {
  it('should answer 409 with the settings as GET shows them when another admin saved after the page loaded, and keep theirs', async () => {
    const openedByAdmin = await read(admin);
    const openedBySuperAdmin = await read(superAdmin);
    const first = await put(superAdmin, { ...openedBySuperAdmin, password_policy: 'strong' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ password_policy: 'strong', version: openedBySuperAdmin.version + 1 });

    // The Admin's page still holds the old policy and the old version.
    const second = await put(admin, { ...openedByAdmin, app_name: 'Digras Office' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'Someone else changed the settings after you opened them', current: await read(admin) });
    expect(await read(admin)).toMatchObject({ password_policy: 'strong', app_name: openedByAdmin.app_name });
    await put(superAdmin, { password_policy: 'basic' });
  });

  it('should write only the keys sent when no version comes with them', async () => {
    expect((await put(superAdmin, { timezone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const response = await put(admin, { app_name: 'Only The Name' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ app_name: 'Only The Name', timezone: 'Asia/Tokyo' });
    await put(superAdmin, { timezone: 'Asia/Kolkata', app_name: 'Voter Management' });
  });

  it('should raise the version once per save that changes something, and not for one that changes nothing', async () => {
    const { version } = await read(admin);
    expect((await put(admin, { sms_notifications: 'false', version })).json()).toMatchObject({ version: version + 1 });
    expect((await put(admin, { sms_notifications: 'false', version: version + 1 })).json()).toMatchObject({ version: version + 1 });
    expect((await put(admin, { sms_notifications: 'true', version: version + 1 })).json()).toMatchObject({ version: version + 2 });
  });
});
