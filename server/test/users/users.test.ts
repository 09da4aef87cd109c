import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { DESIGNATION_VALUES, ORGANISATION_VALUES } from '@shared/reference/staff-lists';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = { authorization: string } | Record<string, never>;

function call(method: Method, url: string, headers: Headers = {}, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined, remoteAddress: '10.20.30.40' });
}

let counter = 0;
function newUserPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `staff_${counter}_${randomBytes(2).toString('hex')}`,
    full_name: 'Meera Kulkarni',
    mobile: '9876543210',
    role: 'Karyakarta',
    password: 'Field-Pass-42!',
    booth_access: ['Booth-05'],
    ...overrides,
  };
}

// The PUT body for an existing user: the form's fields, unchanged unless overridden.
function editPayload(user: { username: string; full_name: string; role: string; mobile: string | null; booth_access: string }, overrides: Record<string, unknown> = {}) {
  return {
    username: user.username,
    full_name: user.full_name,
    mobile: user.mobile ?? '9876543210',
    role: user.role,
    booth_access: JSON.parse(user.booth_access) as string[],
    ...overrides,
  };
}

async function setPasswordPolicy(value: 'basic' | 'medium' | 'strong'): Promise<void> {
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('settings')
    .values({ key: 'password_policy', value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

// Tests that tighten the password policy put it back to the default for the next one.
afterEach(async () => {
  await setPasswordPolicy('basic');
});

async function auditRows(action: string, recordId: number) {
  return t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('record_id', '=', String(recordId)).execute();
}

async function meStatus(headers: Headers): Promise<number> {
  return (await call('GET', '/api/auth/me', headers)).statusCode;
}

async function storedHash(id: number): Promise<string> {
  return (await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
}

const ADMINS: readonly Role[] = ['Super Admin', 'Admin'];
const expectedFor = (role: Role, allowed: number) => (ADMINS.includes(role) ? allowed : 403);

// One test per role: the admins get `allowed`, everyone else 403.
function itAnswersEachRole(allowed: number, action: string, test: (headers: Headers, expected: number) => Promise<void>): void {
  for (const role of ALL_ROLES) {
    const expected = expectedFor(role, allowed);
    it(`should answer ${expected} when a ${role} ${action}`, async () => {
      const { headers } = await signInAs(t, role);
      await test(headers, expected);
    });
  }
}

describe('GET /api/users', () => {
  itAnswersEachRole(200, 'asks for the list', async (headers, expected) => {
    const response = await call('GET', '/api/users', headers);
    expect(response.statusCode).toBe(expected);
    if (expected === 403) expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
  });

  it('should answer 401 when signed out', async () => {
    const response = await call('GET', '/api/users');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('should return every user with _id and id and never a password hash when an admin asks', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const inactive = await createUser(t.ctx, { role: 'Supervisor', is_active: false, full_name: 'Kiran Inactive' });
    const response = await call('GET', '/api/users', headers);
    const users = response.json<Record<string, unknown>[]>();
    const found = users.find((user) => user.id === inactive.id);
    expect(found).toMatchObject({ _id: inactive.id, id: inactive.id, full_name: 'Kiran Inactive', role: 'Supervisor', is_active: false, last_login: null });
    for (const user of users) {
      expect(user._id).toBe(user.id);
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('password_hash');
    }
    expect(response.body).not.toContain('argon2');
  });
});

describe('GET /api/users/by-role', () => {
  for (const role of ALL_ROLES) {
    it(`should answer 200 when a ${role} asks`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await call('GET', '/api/users/by-role?role=Karyakarta', headers)).statusCode).toBe(200);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await call('GET', '/api/users/by-role?role=Admin')).statusCode).toBe(401);
  });

  it('should list only the id, username, full name and role of active users of that role when an office role asks', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const active = await createUser(t.ctx, { role: 'Supervisor', full_name: 'Active Supervisor', email: 'sup@example.org' });
    const inactive = await createUser(t.ctx, { role: 'Supervisor', is_active: false });
    const other = await createUser(t.ctx, { role: 'Karyakarta' });
    const response = await call('GET', '/api/users/by-role?role=Supervisor', headers);
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list).toContainEqual({ _id: active.id, id: active.id, username: active.username, full_name: 'Active Supervisor', role: 'Supervisor' });
    const ids = list.map((item) => item.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(other.id);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['_id', 'full_name', 'id', 'role', 'username']);
  });

  // Issue 17: a Karyakarta listed the Super Admin's and Admins' usernames and could aim guesses at them.
  for (const caller of ['Karyakarta', 'Supervisor'] as const) {
    it(`should list names but no usernames when a ${caller} asks, for office and field roles alike`, async () => {
      const { headers } = await signInAs(t, caller);
      const superAdmin = await createUser(t.ctx, { role: 'Super Admin', full_name: 'Office Head' });
      for (const role of ALL_ROLES) {
        const response = await call('GET', `/api/users/by-role?role=${encodeURIComponent(role)}`, headers);
        expect(response.statusCode).toBe(200);
        const list = response.json<Record<string, unknown>[]>();
        expect(list.length).toBeGreaterThan(0);
        for (const item of list) expect(Object.keys(item).sort()).toEqual(['_id', 'full_name', 'id', 'role']);
        if (role === 'Super Admin') {
          expect(list).toContainEqual({ _id: superAdmin.id, id: superAdmin.id, full_name: 'Office Head', role: 'Super Admin' });
          expect(response.body).not.toContain(superAdmin.username);
        }
      }
    });
  }

  it('should answer 400 naming the role when the role is missing or unknown', async () => {
    const { headers } = await signInAs(t, 'Supervisor');
    for (const url of ['/api/users/by-role', '/api/users/by-role?role=Voter']) {
      const response = await call('GET', url, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('role');
    }
  });
});

describe('POST /api/users', () => {
  itAnswersEachRole(201, 'creates a Karyakarta', async (headers, expected) => {
    const response = await call('POST', '/api/users', headers, newUserPayload());
    expect(response.statusCode).toBe(expected);
  });

  it('should answer 401 when signed out', async () => {
    expect((await call('POST', '/api/users', {}, newUserPayload())).statusCode).toBe(401);
  });

  it('should store every field, return the user without a hash and write a CREATE_USER audit row when an admin creates a user', async () => {
    const { user: admin, headers } = await signInAs(t, 'Admin');
    // The fields that come back exactly as they were sent.
    const asSent = {
      full_name: 'सुनीता पवार',
      email: 'sunita@example.org',
      mobile: '8765432109',
      age: 34,
      address: 'Ward 4, Digras',
      id_number: 'ABCDE1234F',
      dob: '1991-06-15',
    };
    const payload = newUserPayload({
      ...asSent,
      designation: DESIGNATION_VALUES[0],
      organisation: ORGANISATION_VALUES[3],
      role: 'Supervisor',
      booth_access: ['Booth-01', 'Booth-396', 'Booth-01'],
    });
    const response = await call('POST', '/api/users', headers, payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      username: payload.username,
      ...asSent,
      designation: 'अध्यक्ष',
      organisation: ORGANISATION_VALUES[3],
      role: 'Supervisor',
      booth_access: ['Booth-01', 'Booth-396'],
      is_active: true,
      last_login: null,
    });
    expect(body._id).toBe(body.id);
    // No password or hash field (must_change_password, a flag, is the one field that names it).
    expect(response.body.replace('"must_change_password":false', '')).not.toContain('password');
    expect(response.body).not.toContain('argon2');

    const rows = await auditRows('CREATE_USER', body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: admin.id, user_name: admin.full_name, table_name: 'users', ip_address: '10.20.30.40' });
    expect((await login(t.app, payload.username, payload.password)).statusCode).toBe(200);
  });

  it('should store empty optional fields as null when the form leaves them blank', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    const response = await call('POST', '/api/users', headers, newUserPayload({ email: '', age: '', address: ' ', id_number: '', dob: '', designation: '', organisation: '', booth_access: [] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: null, age: null, address: null, id_number: null, dob: null, designation: null, organisation: null, booth_access: [] });
  });

  it('should answer 400 naming each required field when they are missing', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const response = await call('POST', '/api/users', headers, {});
    expect(response.statusCode).toBe(400);
    const { message, fields } = response.json();
    expect(message).toBe('Username is required');
    expect(fields).toMatchObject({
      username: 'Username is required',
      full_name: 'Full name is required',
      mobile: 'Mobile number is required',
      role: 'Role is required',
      password: 'Password is required',
    });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a username that is too short', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['a username that is too long', { username: 'a'.repeat(33) }, 'username', 'Username must be 32 characters or fewer'],
    ['a username with spaces or symbols', { username: 'ravi kumar!' }, 'username', 'Username may contain only letters, digits, "." and "_"'],
    ['a mobile number that is not ten digits', { mobile: '98765' }, 'mobile', 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['a mobile number that is not Indian', { mobile: '1234567890' }, 'mobile', 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['an unknown role', { role: 'Boss' }, 'role', 'Role is required'],
    ['an unknown designation', { designation: 'President' }, 'designation', 'Choose a designation from the list'],
    ['an unknown organisation', { organisation: 'Chess Club' }, 'organisation', 'Choose an organisation from the list'],
    ['an unknown booth', { booth_access: ['Booth-01', 'Booth-397'] }, 'booth_access.1', 'Choose booths from the list (Booth-01 to Booth-396, or Admin)'],
    ['an age out of range', { age: 7 }, 'age', 'Age must be a whole number from 18 to 100'],
    ['a date of birth in the future', { dob: '2999-01-01' }, 'dob', 'Enter a valid date of birth'],
  ];
  for (const [what, overrides, field, message] of invalid) {
    it(`should answer 400 naming ${field} when the body has ${what}`, async () => {
      const { headers } = await signInAs(t, 'Super Admin');
      const response = await call('POST', '/api/users', headers, newUserPayload(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
    });
  }

  it('should accept the Admin booth access and every designation and organisation when given', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    for (const [index, designation] of DESIGNATION_VALUES.entries()) {
      const organisation = ORGANISATION_VALUES[index % ORGANISATION_VALUES.length];
      const response = await call('POST', '/api/users', headers, newUserPayload({ designation, organisation, booth_access: ['Admin'] }));
      expect(response.statusCode).toBe(201);
    }
  });

  it('should answer 409 "Username already exists" when the username is taken in any letter case', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const existing = await createUser(t.ctx, { username: 'priya.kale' });
    for (const username of [existing.username, 'Priya.Kale']) {
      const response = await call('POST', '/api/users', headers, newUserPayload({ username }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Username already exists', fields: { username: 'Username already exists' } });
    }
  });

  it('should refuse a username that differs only in letter case at the database too, so racing creates cannot both land', async () => {
    await createUser(t.ctx, { username: 'ravi.ingle' });
    const error = await createUser(t.ctx, { username: 'Ravi.Ingle' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(t.ctx.dialect.classifyError(error)).toBe('unique-violation');
  });

  for (const role of ['Admin', 'Super Admin'] as const) {
    it(`should answer 403 when an Admin tries to create a ${role}`, async () => {
      const { headers } = await signInAs(t, 'Admin');
      const payload = newUserPayload({ role });
      const response = await call('POST', '/api/users', headers, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only a Super Admin can manage Super Admin and Admin accounts.' });
      expect(await t.ctx.db.selectFrom('users').select('id').where('username', '=', payload.username).executeTakeFirst()).toBeUndefined();
    });
  }

  it('should create an Admin when a Super Admin asks', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    const response = await call('POST', '/api/users', headers, newUserPayload({ role: 'Admin', booth_access: ['Admin'] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe('Admin');
  });

  const policies: ['basic' | 'medium' | 'strong', string, string][] = [
    ['basic', 'short', 'Password must contain at least 8 characters'],
    ['medium', 'longenough', 'Password must contain a number'],
    ['strong', 'longenough1', 'Password must contain a symbol'],
    ['strong', 'abc', 'Password must contain at least 8 characters, a number and a symbol'],
  ];
  for (const [policy, password, message] of policies) {
    it(`should answer 400 "${message}" when the ${policy} policy refuses "${password}"`, async () => {
      await setPasswordPolicy(policy);
      const { headers } = await signInAs(t, 'Admin');
      const response = await call('POST', '/api/users', headers, newUserPayload({ password }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, fields: { password: message } });
    });
  }

  it('should accept a password that meets the strong policy when it is set', async () => {
    await setPasswordPolicy('strong');
    const { headers } = await signInAs(t, 'Admin');
    expect((await call('POST', '/api/users', headers, newUserPayload({ password: 'Seva-Dal-2026!' }))).statusCode).toBe(201);
  });
});

describe('PUT /api/users/:id', () => {
  itAnswersEachRole(200, 'edits a Karyakarta', async (headers, expected) => {
    const target = await createUser(t.ctx, { role: 'Karyakarta' });
    const response = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target, { full_name: 'Renamed' }));
    expect(response.statusCode).toBe(expected);
  });

  it('should answer 401 when signed out', async () => {
    const target = await createUser(t.ctx);
    expect((await call('PUT', `/api/users/${target.id}`, {}, editPayload(target))).statusCode).toBe(401);
  });

  it('should save the fields sent, keep the others and the password, and write an UPDATE_USER audit row naming what changed when an admin edits', async () => {
    const { user: admin, headers } = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx, { role: 'Karyakarta', email: 'old@example.org' });
    const hashBefore = await storedHash(target.id);
    const response = await call(
      'PUT',
      `/api/users/${target.id}`,
      headers,
      editPayload(target, { full_name: 'Anil Gawande', mobile: '7000000001', booth_access: ['Booth-10', 'Booth-11'], password: 'Ignored-Pass-1!' }),
    );
    expect(response.statusCode).toBe(200);
    // The email was not sent: it stays.
    expect(response.json()).toMatchObject({ _id: target.id, id: target.id, full_name: 'Anil Gawande', mobile: '7000000001', email: 'old@example.org', booth_access: ['Booth-10', 'Booth-11'], is_active: true, version: 2 });
    expect(response.body).not.toContain('argon2');
    expect(await storedHash(target.id)).toBe(hashBefore);

    const rows = await auditRows('UPDATE_USER', target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: admin.id, user_name: admin.full_name, table_name: 'users', ip_address: '10.20.30.40' });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ changed: ['full_name', 'mobile', 'booth_access'], version: 2 });
  });

  it('should end the user\'s sessions when they are deactivated, and keep them ended after reactivation', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await signInAs(t, 'Karyakarta');
    expect(await meStatus(target.headers)).toBe(200);
    const response = await call('PUT', `/api/users/${target.user.id}`, headers, editPayload(target.user, { is_active: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json().is_active).toBe(false);
    expect(await meStatus(target.headers)).toBe(401);
    const open = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', target.user.id).where('revoked_at', 'is', null).execute();
    expect(open).toHaveLength(0);

    expect((await call('PUT', `/api/users/${target.user.id}`, headers, editPayload(target.user, { is_active: true }))).statusCode).toBe(200);
    expect(await meStatus(target.headers)).toBe(401);
    expect((await login(t.app, target.user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("should end the user's sessions when their role changes", async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await signInAs(t, 'Karyakarta');
    const response = await call('PUT', `/api/users/${target.user.id}`, headers, editPayload(target.user, { role: 'Supervisor' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('Supervisor');
    expect(await meStatus(target.headers)).toBe(401);
  });

  it("should keep the user's sessions when only their profile changes", async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await signInAs(t, 'Supervisor');
    expect((await call('PUT', `/api/users/${target.user.id}`, headers, editPayload(target.user, { mobile: '9000000009' }))).statusCode).toBe(200);
    expect(await meStatus(target.headers)).toBe(200);
  });

  it('should keep the Active flag when the body leaves it out', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx, { is_active: false });
    const response = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target));
    expect(response.json().is_active).toBe(false);
  });

  for (const role of ['Admin', 'Super Admin'] as const) {
    it(`should answer 403 when an Admin edits a ${role}`, async () => {
      const { headers } = await signInAs(t, 'Admin');
      const target = await createUser(t.ctx, { role });
      const response = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target, { full_name: 'Taken Over' }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only a Super Admin can manage Super Admin and Admin accounts.' });
    });

    it(`should answer 403 when an Admin gives a Karyakarta the ${role} role`, async () => {
      const { headers } = await signInAs(t, 'Admin');
      const target = await createUser(t.ctx, { role: 'Karyakarta' });
      const response = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target, { role }));
      expect(response.statusCode).toBe(403);
      const stored = await t.ctx.db.selectFrom('users').select('role').where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(stored.role).toBe('Karyakarta');
    });
  }

  it('should let a Super Admin promote a Supervisor to Admin and edit an Admin', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    const target = await createUser(t.ctx, { role: 'Supervisor' });
    const promoted = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target, { role: 'Admin' }));
    expect(promoted.statusCode).toBe(200);
    const admin = await createUser(t.ctx, { role: 'Admin' });
    expect((await call('PUT', `/api/users/${admin.id}`, headers, editPayload(admin, { full_name: 'New Name' }))).statusCode).toBe(200);
  });

  it('should let an Admin edit their own profile when the role and Active flag stay', async () => {
    const { user, headers } = await signInAs(t, 'Admin');
    const response = await call('PUT', `/api/users/${user.id}`, headers, editPayload(user, { full_name: 'Vikas J.', is_active: true }));
    expect(response.statusCode).toBe(200);
    expect(await meStatus(headers)).toBe(200);
  });

  it('should answer 400 when a user changes their own role or deactivates themselves', async () => {
    const { user, headers } = await signInAs(t, 'Super Admin');
    const demote = await call('PUT', `/api/users/${user.id}`, headers, editPayload(user, { role: 'Admin' }));
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ message: 'You cannot change your own role.', fields: { role: 'You cannot change your own role.' } });
    const deactivate = await call('PUT', `/api/users/${user.id}`, headers, editPayload(user, { is_active: false }));
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe('You cannot deactivate yourself.');
    expect(await meStatus(headers)).toBe(200);
  });

  it('should answer 409 when the new username belongs to someone else', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const other = await createUser(t.ctx, { username: 'taken.name' });
    const target = await createUser(t.ctx);
    const response = await call('PUT', `/api/users/${target.id}`, headers, editPayload(target, { username: 'TAKEN.name' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Username already exists');
    // Keeping one's own username (in another letter case) is fine.
    expect((await call('PUT', `/api/users/${other.id}`, headers, editPayload(other, { username: 'Taken.Name' }))).statusCode).toBe(200);
  });

  it('should answer 400 naming the fields when the body is invalid', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx);
    const response = await call('PUT', `/api/users/${target.id}`, headers, { username: '', full_name: '', mobile: '12', role: 'Karyakarta', is_active: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['full_name', 'is_active', 'mobile', 'username']);
  });

  it('should answer 404 for an unknown user and 400 for an id that is not a number', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const missing = await call('PUT', '/api/users/999999', headers, editPayload({ username: 'ghost', full_name: 'Ghost', role: 'Karyakarta', mobile: null, booth_access: '[]' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
    const bad = await call('PUT', '/api/users/abc', headers, editPayload({ username: 'ghost', full_name: 'Ghost', role: 'Karyakarta', mobile: null, booth_access: '[]' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('DELETE /api/users/:id', () => {
  itAnswersEachRole(200, 'deletes a Karyakarta', async (headers, expected) => {
    const target = await createUser(t.ctx);
    const response = await call('DELETE', `/api/users/${target.id}`, headers);
    expect(response.statusCode).toBe(expected);
    if (expected === 200) expect(response.json()).toEqual({ message: 'User deleted successfully' });
  });

  it('should answer 401 when signed out', async () => {
    const target = await createUser(t.ctx);
    expect((await call('DELETE', `/api/users/${target.id}`)).statusCode).toBe(401);
  });

  it('should answer 400 "You cannot delete yourself." when a user deletes themselves', async () => {
    for (const role of ADMINS) {
      const { user, headers } = await signInAs(t, role);
      const response = await call('DELETE', `/api/users/${user.id}`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'You cannot delete yourself.' });
      expect(await meStatus(headers)).toBe(200);
    }
  });

  for (const role of ['Admin', 'Super Admin'] as const) {
    it(`should answer 403 when an Admin deletes a ${role}`, async () => {
      const { headers } = await signInAs(t, 'Admin');
      const target = await createUser(t.ctx, { role });
      expect((await call('DELETE', `/api/users/${target.id}`, headers)).statusCode).toBe(403);
      expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', target.id).executeTakeFirst()).toBeDefined();
    });
  }

  it('should end the sessions, keep older audit rows and write a DELETE_USER row when a Super Admin deletes an Admin', async () => {
    const { user: superAdmin, headers } = await signInAs(t, 'Super Admin');
    const target = await signInAs(t, 'Admin', { full_name: 'Departing Admin' });
    const response = await call('DELETE', `/api/users/${target.user.id}`, headers);
    expect(response.statusCode).toBe(200);
    expect(await meStatus(target.headers)).toBe(401);
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', target.user.id).execute()).toHaveLength(0);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', target.user.id).executeTakeFirst()).toBeUndefined();

    const signIns = await auditRows('LOGIN', target.user.id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.user_name).toBe('Departing Admin');
    const rows = await auditRows('DELETE_USER', target.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: superAdmin.id, user_name: superAdmin.full_name, table_name: 'users', ip_address: '10.20.30.40' });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ username: target.user.username, full_name: 'Departing Admin', role: 'Admin' });
  });

  it('should answer 404 when the user does not exist', async () => {
    const { headers } = await signInAs(t, 'Admin');
    expect((await call('DELETE', '/api/users/999999', headers)).statusCode).toBe(404);
  });

  it('should answer 400 naming the id when it is not a usable number', async () => {
    const { headers } = await signInAs(t, 'Admin');
    for (const id of ['0', '1.5', '99999999999', 'me']) {
      const response = await call('DELETE', `/api/users/${id}`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('id');
    }
  });
});

describe('PUT /api/users/:id/password', () => {
  itAnswersEachRole(200, "sets a Karyakarta's password", async (headers, expected) => {
    const target = await createUser(t.ctx);
    expect((await call('PUT', `/api/users/${target.id}/password`, headers, { password: 'Brand-New-Pass-7' })).statusCode).toBe(expected);
  });

  it('should answer 401 when signed out', async () => {
    const target = await createUser(t.ctx);
    expect((await call('PUT', `/api/users/${target.id}/password`, {}, { password: 'Brand-New-Pass-7' })).statusCode).toBe(401);
  });

  it("should end all the user's sessions, switch the password and write a RESET_PASSWORD row when an admin sets it", async () => {
    const { user: admin, headers } = await signInAs(t, 'Admin');
    const target = await signInAs(t, 'Supervisor');
    const response = await call('PUT', `/api/users/${target.user.id}/password`, headers, { password: 'Brand-New-Pass-7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated successfully' });
    expect(await meStatus(target.headers)).toBe(401);
    expect((await login(t.app, target.user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, target.user.username, 'Brand-New-Pass-7')).statusCode).toBe(200);
    const rows = await auditRows('RESET_PASSWORD', target.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: admin.id, ip_address: '10.20.30.40' });
    expect(await meStatus(headers)).toBe(200);
  });

  it('should answer 400 with the policy message when the new password is too weak', async () => {
    await setPasswordPolicy('medium');
    const { headers } = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx);
    const response = await call('PUT', `/api/users/${target.id}/password`, headers, { password: 'nonumbers' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password must contain a number', fields: { password: 'Password must contain a number' } });
  });

  it('should answer 400 naming the password when it is missing', async () => {
    const { headers } = await signInAs(t, 'Admin');
    const target = await createUser(t.ctx);
    const response = await call('PUT', `/api/users/${target.id}/password`, headers, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: 'Password is required' });
  });

  it('should answer 403 when an Admin sets the password of an Admin or a Super Admin', async () => {
    const { headers } = await signInAs(t, 'Admin');
    for (const role of ADMINS) {
      const target = await createUser(t.ctx, { role });
      expect((await call('PUT', `/api/users/${target.id}/password`, headers, { password: 'Brand-New-Pass-7' })).statusCode).toBe(403);
      expect((await login(t.app, target.username, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('should answer 400 when an admin uses it on their own account', async () => {
    const { user, headers } = await signInAs(t, 'Super Admin');
    const response = await call('PUT', `/api/users/${user.id}/password`, headers, { password: 'Brand-New-Pass-7' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Use "Change password" to change your own password.');
  });
});

describe('PUT /api/users/me/password', () => {
  for (const role of ALL_ROLES) {
    it(`should answer 200 when a ${role} changes their own password`, async () => {
      const { headers } = await signInAs(t, role);
      const response = await call('PUT', '/api/users/me/password', headers, { current_password: TEST_PASSWORD, new_password: 'My-Own-Pass-55' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Password changed successfully' });
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await call('PUT', '/api/users/me/password', {}, { current_password: TEST_PASSWORD, new_password: 'My-Own-Pass-55' })).statusCode).toBe(401);
  });

  it('should end the other sessions, keep this one and write a CHANGE_PASSWORD row when the password changes', async () => {
    const user = await createUser(t.ctx, { role: 'Karyakarta' });
    const phone = { authorization: `Bearer ${(await login(t.app, user.username, TEST_PASSWORD)).json().token as string}` };
    const laptop = { authorization: `Bearer ${(await login(t.app, user.username, TEST_PASSWORD)).json().token as string}` };
    const response = await call('PUT', '/api/users/me/password', phone, { current_password: TEST_PASSWORD, new_password: 'My-Own-Pass-55' });
    expect(response.statusCode).toBe(200);
    expect(await meStatus(phone)).toBe(200);
    expect(await meStatus(laptop)).toBe(401);
    expect((await login(t.app, user.username, 'My-Own-Pass-55')).statusCode).toBe(200);
    const rows = await auditRows('CHANGE_PASSWORD', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, user_name: user.full_name, ip_address: '10.20.30.40' });
  });

  it('should answer 400 naming current_password and keep the session when the current password is wrong', async () => {
    const { user, headers } = await signInAs(t, 'Supervisor');
    const response = await call('PUT', '/api/users/me/password', headers, { current_password: 'wrong-password', new_password: 'My-Own-Pass-55' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Current password is incorrect', fields: { current_password: 'Current password is incorrect' } });
    expect(await meStatus(headers)).toBe(200);
    expect((await login(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('should answer 429 when the current password is guessed too often', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call('PUT', '/api/users/me/password', headers, { current_password: `guess-${attempt}`, new_password: 'My-Own-Pass-55' })).statusCode).toBe(400);
    }
    const blocked = await call('PUT', '/api/users/me/password', headers, { current_password: TEST_PASSWORD, new_password: 'My-Own-Pass-55' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should answer 400 naming new_password when the policy refuses it or it is unchanged', async () => {
    await setPasswordPolicy('strong');
    const { headers } = await signInAs(t, 'Admin');
    const weak = await call('PUT', '/api/users/me/password', headers, { current_password: TEST_PASSWORD, new_password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Password must contain a symbol', fields: { new_password: 'Password must contain a symbol' } });
    const same = await call('PUT', '/api/users/me/password', headers, { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toHaveProperty('new_password');
  });

  it('should answer 400 naming both fields when they are missing', async () => {
    const { headers } = await signInAs(t, 'Karyakarta');
    const response = await call('PUT', '/api/users/me/password', headers, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ current_password: 'Current password is required', new_password: 'Password is required' });
  });
});

describe('GET /api/docs/json', () => {
  it('should describe every users route in the OpenAPI contract', async () => {
    const response = await call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/users/', '/api/users/by-role', '/api/users/{id}', '/api/users/{id}/password', '/api/users/me/password']));
  });
});
