import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shared/users/user-schema';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';

// Issue 17, finding 1 for users: record versions (docs/decisions/015-record-versions.md).

let t: TestApp;
type Headers = { authorization: string };
let firstAdmin: Headers;
let secondAdmin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  firstAdmin = (await signInAs(t, 'Super Admin')).headers;
  secondAdmin = (await signInAs(t, 'Admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const put = (id: number, headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload });
async function listed(id: number, headers: Headers): Promise<User | undefined> {
  return (await t.app.inject({ method: 'GET', url: '/api/users', headers })).json<User[]>().find((user) => user.id === id);
}

describe('PUT /api/users/:id with a version', () => {
  it('should answer 409 with the user as GET /api/users shows it when a second admin saves over the first one\'s edit', async () => {
    const target = await createUser(t.ctx, { role: 'Karyakarta', booth_access: ['Booth-05'] });
    // The second admin opens the user (version 1) before the first one saves.
    const opened = await listed(target.id, secondAdmin);
    const first = await put(target.id, firstAdmin, { booth_access: ['Booth-05', 'Booth-06'], version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ booth_access: ['Booth-05', 'Booth-06'], version: 2 });

    // The second admin's form still holds version 1 and the old booths.
    const second = await put(target.id, secondAdmin, { ...opened, full_name: 'Renamed Later', booth_access: ['Booth-05'], version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'Someone else changed this user after you opened it', current: await listed(target.id, secondAdmin) });
    expect(await listed(target.id, firstAdmin)).toMatchObject({ full_name: target.full_name, booth_access: ['Booth-05', 'Booth-06'], version: 2 });
  });

  it('should change only the fields sent and keep the others', async () => {
    const target = await createUser(t.ctx, { role: 'Supervisor', email: 'keep@example.org', address: 'Main Road', designation: null, booth_access: ['Booth-07'] });
    const before = await listed(target.id, firstAdmin);
    const response = await put(target.id, secondAdmin, { full_name: 'Only The Name' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, full_name: 'Only The Name', version: 2 });
  });

  it('should still check the merged user: a bad field sent alone answers 400 naming it', async () => {
    const target = await createUser(t.ctx, { role: 'Karyakarta' });
    const response = await put(target.id, secondAdmin, { mobile: '12345' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['mobile']);
  });

  it('should raise the version by one on each edit and accept the current one', async () => {
    const target = await createUser(t.ctx, { role: 'Karyakarta' });
    expect((await put(target.id, secondAdmin, { full_name: 'One', version: 1 })).json()).toMatchObject({ version: 2 });
    expect((await put(target.id, secondAdmin, { is_active: false, version: 2 })).json()).toMatchObject({ is_active: false, version: 3 });
    expect((await put(target.id, secondAdmin, { full_name: 'Stale', version: 2 })).statusCode).toBe(409);
  });
});
