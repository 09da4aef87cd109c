import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, type Role } from '@shared/auth/roles';
import { recordAudit } from '../../src/features/audit/audit-repository';
import { createTestApp, createUser, login, signInAs, type TestApp, TEST_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: { headers: { authorization: string } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'Super Admin');
});
afterAll(async () => {
  await t.close();
});

interface AuditPage {
  logs: { id: number; created_at: string; user_name: string | null; action: string; table_name: string | null; record_id: string | null; ip_address: string | null }[];
  totalPages: number;
  total: number;
}

async function getLogs(query: string, headers = admin.headers): Promise<AuditPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

describe('GET /api/audit-logs access', () => {
  const allowed: Role[] = ['Super Admin', 'Admin'];
  for (const role of ALL_ROLES) {
    const expected = allowed.includes(role) ? 200 : 403;
    it(`should answer ${expected} to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-logs', headers });
      expect(response.statusCode).toBe(expected);
      if (expected === 403) expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
    });
  }

  it('should answer 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit-logs' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/audit-logs rows', () => {
  it('should list LOGIN, LOGOUT and a failed sign-in with the user name, table, record and IP', async () => {
    const user = await createUser(t.ctx, { role: 'Supervisor', full_name: 'Meera Patil' });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: TEST_PASSWORD }, remoteAddress: '10.4.4.4' });
    const token = signedIn.json().token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.4.4.4' });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'wrong-password' }, remoteAddress: '10.4.4.5' });

    const page = await getLogs(`?user_id=${user.id}`);
    expect(page.logs.map((row) => row.action)).toEqual(['LOGIN_FAILED', 'LOGOUT', 'LOGIN']);
    for (const row of page.logs) {
      expect(row).toMatchObject({ user_name: 'Meera Patil', table_name: 'users', record_id: String(user.id) });
      expect(Object.keys(row).sort()).toEqual(['action', 'created_at', 'id', 'ip_address', 'record_id', 'record_link', 'record_name', 'table_name', 'user_name']);
    }
    expect(page.logs.map((row) => row.ip_address)).toEqual(['10.4.4.5', '10.4.4.4', '10.4.4.4']);
  });

  it('should record UPDATE_SETTINGS with the user who saved', async () => {
    const { user, headers } = await signInAs(t, 'Admin', { full_name: 'Office Admin' });
    const response = await t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { data_retention_days: '400' } });
    expect(response.statusCode).toBe(200);
    const page = await getLogs(`?action=UPDATE_SETTINGS&user_id=${user.id}`);
    expect(page.logs).toHaveLength(1);
    expect(page.logs[0]).toMatchObject({ user_name: 'Office Admin', table_name: 'settings', record_id: 'data_retention_days' });
  });
});

describe('GET /api/audit-logs filters and paging', () => {
  let clerkId: number;

  beforeAll(async () => {
    const clerk = await createUser(t.ctx, { role: 'Karyakarta', full_name: 'Paging Clerk' });
    clerkId = clerk.id;
    // 120 rows an hour apart, alternating actions, starting 2025-01-01T00:00Z.
    for (let i = 0; i < 120; i += 1) {
      await recordAudit(t.ctx.db, {
        action: i % 2 === 0 ? 'CREATE_VOTER' : 'UPDATE_VOTER',
        userId: clerk.id,
        userName: clerk.full_name,
        tableName: 'voters',
        recordId: i,
        ipAddress: null,
        now: new Date(Date.UTC(2025, 0, 1, i)),
      });
    }
  });

  it('should page 50 rows at a time, newest first, and count the pages', async () => {
    const first = await getLogs(`?user_id=${clerkId}`);
    expect(first.logs).toHaveLength(50);
    expect(first.totalPages).toBe(3);
    expect(first.total).toBe(120);
    expect(first.logs[0]?.record_id).toBe('119');
    const third = await getLogs(`?user_id=${clerkId}&page=3`);
    expect(third.logs).toHaveLength(20);
    expect(third.logs.at(-1)?.record_id).toBe('0');
    const custom = await getLogs(`?user_id=${clerkId}&limit=7&page=2`);
    expect(custom.logs.map((row) => row.record_id)).toEqual(['112', '111', '110', '109', '108', '107', '106']);
    expect(custom.totalPages).toBe(Math.ceil(120 / 7));
  });

  it('should filter by action', async () => {
    const page = await getLogs(`?user_id=${clerkId}&action=CREATE_VOTER&limit=200`);
    expect(page.total).toBe(60);
    expect(page.logs.every((row) => row.action === 'CREATE_VOTER')).toBe(true);
  });

  it('should read start and end dates as whole days in the timezone setting, end day included', async () => {
    // Asia/Kolkata (the default) is UTC+5:30: 2025-01-02 runs from 01-01T18:30Z to 01-02T18:30Z.
    const page = await getLogs(`?user_id=${clerkId}&start_date=2025-01-02&end_date=2025-01-02&limit=200`);
    expect(page.total).toBe(24);
    expect(page.logs.at(-1)?.created_at).toBe('2025-01-01T19:00:00.000Z');
    expect(page.logs[0]?.created_at).toBe('2025-01-02T18:00:00.000Z');
    const open = await getLogs(`?user_id=${clerkId}&start_date=2025-01-05&limit=200`);
    expect(open.logs.every((row) => row.created_at >= '2025-01-04T18:30:00.000Z')).toBe(true);
  });

  it('should answer an empty page when nothing matches', async () => {
    const page = await getLogs(`?user_id=${clerkId}&start_date=2030-01-01`);
    expect(page).toMatchObject({ logs: [], totalPages: 0, total: 0 });
  });

  it('should answer 400 naming the field for a bad page, limit, date or action', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=500', 'limit'],
      ['?start_date=yesterday', 'start_date'],
      ['?end_date=2025-13-45', 'end_date'],
      ['?action=drop%20table', 'action'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs${query}`, headers: admin.headers });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    }
  });
});

describe('audit log is append-only', () => {
  it('should offer no route that changes or deletes an audit row', async () => {
    const { headers } = await signInAs(t, 'Super Admin');
    const before = await t.ctx.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const row = await t.ctx.db.selectFrom('audit_logs').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/audit-logs', `/api/audit-logs/${row.id}`]) {
        const response = await t.app.inject({ method, url, headers, payload: { action: 'LOGIN' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Every registered route under /api/audit-logs only reads.
    const routes = t.app.printRoutes({ commonPrefix: false });
    const auditLines = routes.split('\n').filter((line) => line.includes('audit-logs'));
    expect(auditLines.length).toBeGreaterThan(0);
    for (const line of auditLines) expect(line).not.toMatch(/POST|PUT|PATCH|DELETE/);
    const after = await t.ctx.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('login', () => {
  it('should still sign in unchanged when two-factor sign-in is off', async () => {
    const user = await createUser(t.ctx);
    const response = await login(t.app, user.username, TEST_PASSWORD);
    expect(Object.keys(response.json())).toEqual(['token', 'user']);
  });
});
