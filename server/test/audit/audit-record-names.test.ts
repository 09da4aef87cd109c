import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '@shared/audit/audit-schemas';
import { recordAudit } from '../../src/features/audit/audit-repository';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';
import { multipart, seedVoter, voterForm } from '../voters/voter-test-helpers';

// Issue 25: an audit row names its record as it was when the row was written, and links to the
// record while it still exists.
let t: TestApp;
let admin: { authorization: string };
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const session = await signInAs(t, 'Super Admin');
  admin = session.headers;
  adminId = session.user.id;
});
afterAll(async () => {
  await t.close();
});

async function rowsFor(table: string, recordId: number | string): Promise<AuditLog[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/audit-logs?user_id=${adminId}&limit=200`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ logs: AuditLog[] }>().logs.filter((row) => row.table_name === table && row.record_id === String(recordId));
}

async function storedNames(table: string, recordId: number | string): Promise<(string | null)[]> {
  const rows = await t.ctx.db.selectFrom('audit_logs').select('record_name').where('table_name', '=', table).where('record_id', '=', String(recordId)).orderBy('id').execute();
  return rows.map((row) => row.record_name);
}

describe('audit rows of voters', () => {
  it('should store and return the voter name and voter ID as they were, linked while the voter lives', async () => {
    const form = voterForm({ full_name: 'Sunita Jadhav' });
    const body = multipart(form);
    const created = await t.app.inject({ method: 'POST', url: '/api/voters', headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json<{ id: number; version: number }>();
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/voters/${id}`, headers: admin, payload: { full_name: 'Sunita Pawar', version } });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const voterId = String(form.voter_id);
    expect(await storedNames('voters', id)).toEqual([`Sunita Jadhav (${voterId})`, `Sunita Pawar (${voterId})`]);
    const live = await rowsFor('voters', id);
    expect(live.map((row) => [row.action, row.record_name])).toEqual([
      ['UPDATE_VOTER', `Sunita Pawar (${voterId})`],
      ['CREATE_VOTER', `Sunita Jadhav (${voterId})`],
    ]);
    for (const row of live) expect(row.record_link).toEqual({ page: 'voters', search: voterId });
  });

  it('should keep the name and drop the link when the voter is deleted', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Ramesh Gaikwad' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/voters/${voter.id}`, headers: admin })).statusCode).toBe(200);
    const rows = await rowsFor('voters', voter.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'DELETE_VOTER', record_name: `Ramesh Gaikwad (${voter.voter_id})`, record_link: null });
  });

  it('should show the current name of a live voter on a row written before names were stored, and none for a deleted one', async () => {
    const live = await seedVoter(t.ctx, { full_name: 'Kavita More' });
    const gone = await seedVoter(t.ctx, { full_name: 'Anil Shinde' });
    await t.ctx.db.updateTable('voters').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    for (const voter of [live, gone]) {
      await recordAudit(t.ctx.db, { action: 'UPDATE_VOTER', userId: adminId, userName: 'Old Row', tableName: 'voters', recordId: voter.id });
    }
    expect((await rowsFor('voters', live.id))[0]).toMatchObject({ record_name: `Kavita More (${live.voter_id})`, record_link: { page: 'voters', search: live.voter_id } });
    expect((await rowsFor('voters', gone.id))[0]).toMatchObject({ record_name: null, record_link: null });
  });
});

describe('audit rows of users, tasks and settings', () => {
  it('should name a user by full name and username, linked until the user is deleted', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { username: 'meera_audit', full_name: 'Meera Kulkarni', mobile: '9876543210', role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-05'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await rowsFor('users', id))[0]).toMatchObject({ action: 'CREATE_USER', record_name: 'Meera Kulkarni (meera_audit)', record_link: { page: 'users', search: 'meera_audit' } });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin })).statusCode).toBe(200);
    const rows = await rowsFor('users', id);
    expect(rows.map((row) => [row.action, row.record_name, row.record_link])).toEqual([
      ['DELETE_USER', 'Meera Kulkarni (meera_audit)', null],
      ['CREATE_USER', 'Meera Kulkarni (meera_audit)', null],
    ]);
  });

  it('should name a task by its title, linked until the task is deleted', async () => {
    const worker = await createUser(t.ctx, { role: 'Karyakarta' });
    const created = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: admin, payload: { title: 'Survey ward 3', assigned_to: worker.id } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await rowsFor('tasks', id))[0]).toMatchObject({ record_name: 'Survey ward 3', record_link: { page: 'tasks', search: null } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: admin })).statusCode).toBe(200);
    const rows = await rowsFor('tasks', id);
    expect(rows.map((row) => [row.action, row.record_name, row.record_link])).toEqual([
      ['DELETE_TASK', 'Survey ward 3', null],
      ['CREATE_TASK', 'Survey ward 3', null],
    ]);
  });

  it('should name a settings change by the keys it changed, linked to the settings', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: { data_retention_days: '400', backup_frequency: 'weekly' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await rowsFor('settings', 'data_retention_days,backup_frequency');
    expect(row).toMatchObject({ record_name: 'data_retention_days, backup_frequency', record_link: { page: 'settings', search: null } });
  });
});

describe('GET /api/analytics/recent-activity records', () => {
  it('should name and link the record of each entry', async () => {
    const voter = await seedVoter(t.ctx, { full_name: 'Latest Voter' });
    await recordAudit(t.ctx.db, { action: 'UPDATE_VOTER', userId: adminId, userName: 'Office', tableName: 'voters', recordId: voter.id, recordName: 'Earlier Name (X)' });
    const response = await t.app.inject({ method: 'GET', url: '/api/analytics/recent-activity', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditLog[]>()[0]).toMatchObject({
      action: 'UPDATE_VOTER',
      table_name: 'voters',
      record_id: String(voter.id),
      record_name: 'Earlier Name (X)',
      record_link: { page: 'voters', search: voter.voter_id },
    });
  });
});
