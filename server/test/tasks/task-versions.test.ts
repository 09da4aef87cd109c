import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@shared/tasks/task-schema';
import { createTestApp, signInAs, type TestApp } from '../support/test-app';

// Issue 17, finding 1 for tasks: record versions (docs/decisions/015-record-versions.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };

async function taskFor(assigner: Headers, assigneeId: number): Promise<Task> {
  return (await t.app.inject({ method: 'POST', url: '/api/tasks', headers: assigner, payload: { title: 'Survey ward 3', assigned_to: assigneeId } })).json<Task>();
}
const move = (id: number, headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/tasks/${id}`, headers, payload });
const listed = async (id: number, headers: Headers) => (await t.app.inject({ method: 'GET', url: '/api/tasks', headers })).json<Task[]>().find((task) => task.id === id);

describe('PUT /api/tasks/:id with a version', () => {
  it('should answer 409 with the task as the caller\'s list shows it when someone moved it after the caller loaded it', async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await signInAs(t, 'Karyakarta');
    const task = await taskFor(admin.headers, worker.user.id);
    expect(task.version).toBe(1);
    const started = await move(task.id, admin.headers, { status: 'In Progress', version: 1 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'In Progress', version: 2 });

    // The Karyakarta's screen still shows Not Started (version 1).
    const late = await move(task.id, worker.headers, { status: 'In Progress', version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Someone else changed this task first. Reload and try again.', current: await listed(task.id, worker.headers) });
    expect(late.json().current).toMatchObject({ status: 'In Progress', version: 2 });
  });

  it('should move with the current version and raise it by one each step', async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await signInAs(t, 'Karyakarta');
    const task = await taskFor(admin.headers, worker.user.id);
    expect((await move(task.id, worker.headers, { status: 'In Progress', version: 1 })).json()).toMatchObject({ version: 2 });
    expect((await move(task.id, worker.headers, { status: 'Completed', version: 2 })).json()).toMatchObject({ status: 'Completed', version: 3 });
  });

  it('should let only one of two parallel moves of the same version through', async () => {
    const admin = await signInAs(t, 'Admin');
    const worker = await signInAs(t, 'Karyakarta');
    const task = await taskFor(admin.headers, worker.user.id);
    const answers = await Promise.all([move(task.id, worker.headers, { status: 'In Progress', version: 1 }), move(task.id, admin.headers, { status: 'In Progress', version: 1 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await listed(task.id, admin.headers)).toMatchObject({ status: 'In Progress', version: 2 });
  });
});
