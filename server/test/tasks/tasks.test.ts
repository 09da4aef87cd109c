import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '@shared/auth/roles';
import { createTestApp, createUser, signInAs, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };

async function createTask(headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload });
}

describe('POST /api/tasks', () => {
  it('should create a task with Medium priority by default and the assigner taken from the session', async () => {
    const admin = await signInAs(t, 'Admin', { full_name: 'Office Admin' });
    const worker = await createUser(t.ctx, { role: 'Karyakarta', full_name: 'Field Worker' });
    const someoneElse = await createUser(t.ctx, { role: 'Admin' });
    const response = await createTask(admin.headers, { title: 'Visit Booth-01 households', assigned_to: worker.id, assigned_by: someoneElse.id, due_date: '2026-12-01' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Visit Booth-01 households',
      priority: 'Medium',
      status: 'Not Started',
      assigned_to: worker.id,
      assigned_to_name: 'Field Worker',
      assigned_by: admin.user.id,
      assigned_by_name: 'Office Admin',
      due_date: '2026-12-01',
    });
    expect(response.json().id).toBe(response.json()._id);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'CREATE_TASK').where('record_id', '=', String(response.json().id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(admin.user.id);
  });

  it('should answer 400 naming the fields when the title or assignee is missing', async () => {
    const admin = await signInAs(t, 'Admin');
    const response = await createTask(admin.headers, { title: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ title: 'Title is required', assigned_to: expect.any(String) });
  });

  it('should refuse an inactive or unknown assignee', async () => {
    const admin = await signInAs(t, 'Admin');
    const inactive = await createUser(t.ctx, { role: 'Karyakarta', is_active: false });
    for (const assigned_to of [inactive.id, 999_999]) {
      const response = await createTask(admin.headers, { title: 'x', assigned_to });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The assignee must be an active user');
    }
  });

  it('should refuse a due date before the start date and a bad priority', async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await createUser(t.ctx, { role: 'Karyakarta' });
    const dates = await createTask(admin.headers, { title: 'x', assigned_to: worker.id, start_date: '2026-12-05', due_date: '2026-12-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fields.due_date).toBe('Due date cannot be before the start date');
    const priority = await createTask(admin.headers, { title: 'x', assigned_to: worker.id, priority: 'Urgent' });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().fields.priority).toBe('Priority must be Low, Medium or High');
  });

  it('should let a Supervisor assign to a Karyakarta but not to an Admin', async () => {
    const supervisor = await signInAs(t, 'Supervisor');
    const worker = await createUser(t.ctx, { role: 'Karyakarta' });
    const admin = await createUser(t.ctx, { role: 'Admin' });
    expect((await createTask(supervisor.headers, { title: 'Survey', assigned_to: worker.id })).statusCode).toBe(201);
    const denied = await createTask(supervisor.headers, { title: 'Survey', assigned_to: admin.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Supervisors cannot assign tasks to Admins');
  });

  it('should let a Karyakarta assign a task only to themselves', async () => {
    const worker = await signInAs(t, 'Karyakarta');
    const other = await createUser(t.ctx, { role: 'Karyakarta' });
    expect((await createTask(worker.headers, { title: 'Personal', assigned_to: worker.user.id })).statusCode).toBe(201);
    expect((await createTask(worker.headers, { title: 'Other', assigned_to: other.id })).statusCode).toBe(403);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/tasks', payload: { title: 'x', assigned_to: 1 } })).statusCode).toBe(401);
  });
});

describe('GET /api/tasks', () => {
  it('should show office roles every task and others only tasks assigned to or by them', async () => {
    const admin = await signInAs(t, 'Admin');
    const supervisor = await signInAs(t, 'Supervisor');
    const worker = await signInAs(t, 'Karyakarta');
    const bystander = await signInAs(t, 'Karyakarta');
    const byAdmin = (await createTask(admin.headers, { title: 'From admin', assigned_to: worker.user.id })).json().id as number;
    const bySupervisor = (await createTask(supervisor.headers, { title: 'From supervisor', assigned_to: worker.user.id })).json().id as number;
    const ids = async (headers: Headers) => ((await t.app.inject({ method: 'GET', url: '/api/tasks', headers })).json() as { id: number }[]).map((task) => task.id);
    expect(await ids(admin.headers)).toEqual(expect.arrayContaining([byAdmin, bySupervisor]));
    expect(await ids(worker.headers)).toEqual(expect.arrayContaining([byAdmin, bySupervisor]));
    const supervisorIds = await ids(supervisor.headers);
    expect(supervisorIds).toContain(bySupervisor);
    expect(supervisorIds).not.toContain(byAdmin);
    expect(await ids(bystander.headers)).toEqual([]);
    const superAdmin = await signInAs(t, 'Super Admin');
    expect(await ids(superAdmin.headers)).toEqual(expect.arrayContaining([byAdmin, bySupervisor]));
  });

  it('should filter by status and refuse an unknown status', async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await signInAs(t, 'Karyakarta');
    const id = (await createTask(admin.headers, { title: 'Filter me', assigned_to: worker.user.id })).json().id as number;
    await t.app.inject({ method: 'PUT', url: `/api/tasks/${id}`, headers: worker.headers, payload: { status: 'In Progress' } });
    const inProgress = (await t.app.inject({ method: 'GET', url: '/api/tasks?status=In%20Progress', headers: worker.headers })).json() as { id: number; status: string }[];
    expect(inProgress.map((task) => task.id)).toEqual([id]);
    const notStarted = (await t.app.inject({ method: 'GET', url: '/api/tasks?status=Not%20Started', headers: worker.headers })).json() as unknown[];
    expect(notStarted).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks?status=Done', headers: worker.headers })).statusCode).toBe(400);
  });

  for (const role of ALL_ROLES) {
    it(`should answer 200 to a ${role}`, async () => {
      const { headers } = await signInAs(t, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/tasks', headers })).statusCode).toBe(200);
    });
  }

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});

describe('PUT /api/tasks/:id', () => {
  async function setup() {
    const supervisor = await signInAs(t, 'Supervisor');
    const worker = await signInAs(t, 'Karyakarta');
    const id = (await createTask(supervisor.headers, { title: 'Move me', assigned_to: worker.user.id, priority: 'High' })).json().id as number;
    return { supervisor, worker, id };
  }
  const move = (id: number, headers: Headers, status: string) => t.app.inject({ method: 'PUT', url: `/api/tasks/${id}`, headers, payload: { status } });

  it('should move forward Not Started → In Progress → Completed and then refuse any change', async () => {
    const { worker, supervisor, id } = await setup();
    const started = await move(id, worker.headers, 'In Progress');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'In Progress', completed_at: null });
    const completed = await move(id, supervisor.headers, 'Completed');
    expect(completed.statusCode).toBe(200);
    expect(completed.json().completed_at).not.toBeNull();
    const again = await move(id, worker.headers, 'In Progress');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('A completed task cannot change');
    const audit = await t.ctx.db.selectFrom('audit_logs').select('details').where('action', '=', 'UPDATE_TASK').where('record_id', '=', String(id)).execute();
    expect(audit).toHaveLength(2);
  });

  it('should refuse skipping a status or moving backwards', async () => {
    const { worker, id } = await setup();
    const skip = await move(id, worker.headers, 'Completed');
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe('A task that is Not Started can only move to In Progress');
    await move(id, worker.headers, 'In Progress');
    expect((await move(id, worker.headers, 'Not Started')).statusCode).toBe(400);
  });

  it('should let an Admin move any task but hide it from an unrelated field worker', async () => {
    const { id } = await setup();
    const admin = await signInAs(t, 'Admin');
    expect((await move(id, admin.headers, 'In Progress')).statusCode).toBe(200);
    const stranger = await signInAs(t, 'Karyakarta');
    const response = await move(id, stranger.headers, 'Completed');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Task not found');
  });

  it('should answer 400 for a bad status value or id and 401 when signed out', async () => {
    const { worker, id } = await setup();
    expect((await move(id, worker.headers, 'Finished')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/tasks/abc', headers: worker.headers, payload: { status: 'In Progress' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/tasks/${id}`, payload: { status: 'In Progress' } })).statusCode).toBe(401);
  });
});

describe('DELETE /api/tasks/:id', () => {
  it('should let only the assigner delete, even against an Admin or the assignee', async () => {
    const supervisor = await signInAs(t, 'Supervisor');
    const worker = await signInAs(t, 'Karyakarta');
    const admin = await signInAs(t, 'Admin');
    const id = (await createTask(supervisor.headers, { title: 'Delete me', assigned_to: worker.user.id })).json().id as number;
    for (const headers of [worker.headers, admin.headers]) {
      const denied = await t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Only the person who assigned this task can delete it');
    }
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: supervisor.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Task deleted successfully' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: supervisor.headers })).statusCode).toBe(404);
    const audit = await t.ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', 'DELETE_TASK').where('record_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('should answer 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/tasks/1' })).statusCode).toBe(401);
  });
});
