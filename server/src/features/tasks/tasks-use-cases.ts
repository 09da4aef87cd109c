import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { BoothScope } from '@shared/auth/booth-scope';
import type { Role } from '@shared/auth/roles';
import { mayAssign } from '@shared/tasks/task-assignment';
import { NEXT_TASK_STATUS, type Task, type taskInputSchema, type TaskStatus } from '@shared/tasks/task-schema';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import { involvedUserScope, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { taskRecordName } from '../audit/record-names';
import { findUserById } from '../users/users-repository';
import { programExists } from '../village-programs/village-programs-repository';
import { deleteTask, findTask, insertTask, moveTaskStatus } from './tasks-repository';

const TASK_NOT_FOUND = 'Task not found';

async function visibleTask(db: Executor, actor: StaffActor, id: number): Promise<Task> {
  const task = await findTask(db, id);
  // Office roles see every task; others the tasks assigned to them or by them.
  const scope = involvedUserScope(actor);
  if (!task || (scope !== undefined && task.assigned_to !== scope && task.assigned_by !== scope)) throw new HttpError(404, TASK_NOT_FOUND);
  return task;
}

// The assigner is the actor whatever the input says. A follow-up task names a program the
// assigner may read (a field user: one covering their booths).
export async function createTask(db: Kysely<Database>, actor: StaffActor, input: z.output<typeof taskInputSchema>, scope: BoothScope = { kind: 'all' }): Promise<Task> {
  if (input.program_id !== null && !(await programExists(db, scope, input.program_id))) {
    throw new HttpError(404, 'Program not found', { program_id: 'Program not found' });
  }
  const assignee = await findUserById(db, input.assigned_to);
  if (!assignee || assignee.is_active !== 1) {
    throw new HttpError(400, 'The assignee must be an active user', { assigned_to: 'The assignee must be an active user' });
  }
  if (!mayAssign({ id: actor.userId, role: actor.role }, { id: assignee.id, role: assignee.role as Role })) {
    throw new HttpError(403, `${actor.role}s cannot assign tasks to ${assignee.role}s`);
  }
  const id = await db.transaction().execute(async (trx) => {
    const taskId = await insertTask(trx, {
      title: input.title,
      description: input.description,
      assigned_to: assignee.id,
      assigned_by: actor.userId,
      due_date: input.due_date,
      start_date: input.start_date,
      priority: input.priority,
      area: input.area,
      notes: input.notes,
      program_id: input.program_id,
    });
    await recordAudit(trx, { action: 'CREATE_TASK', ...actor, tableName: 'tasks', recordId: taskId, recordName: taskRecordName(input), details: { assigned_to: assignee.id, program_id: input.program_id } });
    return taskId;
  });
  const task = await findTask(db, id);
  if (!task) throw new HttpError(404, TASK_NOT_FOUND);
  return task;
}

export const TASK_CHANGED = 'Someone else changed this task first. Reload and try again.';

// Not Started → In Progress → Completed, one step at a time, checked against the task as it
// is inside the transaction; of two people pressing at once, the second gets a 409 with the
// task as it now is (record-versions.ts).
export async function moveTask(db: Kysely<Database>, actor: StaffActor, id: number, wanted: TaskStatus, version?: number): Promise<Task> {
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const task = await visibleTask(trx, actor, id);
      assertVersion(version, task.version, () => new EditConflictError(TASK_CHANGED, task));
      if (task.status === 'Completed') throw new HttpError(400, 'A completed task cannot change');
      if (NEXT_TASK_STATUS[task.status] !== wanted) {
        throw new HttpError(400, `A task that is ${task.status} can only move to ${NEXT_TASK_STATUS[task.status]}`);
      }
      if (!(await moveTaskStatus(trx, task.id, task.version, wanted))) throw new StaleRowError();
      await recordAudit(trx, { action: 'UPDATE_TASK', ...actor, tableName: 'tasks', recordId: task.id, recordName: taskRecordName(task), details: { from: task.status, to: wanted, version: task.version + 1 } });
      return (await findTask(trx, task.id)) ?? task;
    }),
  );
}

// Only the task's assigner may delete it.
export async function removeTask(db: Kysely<Database>, actor: StaffActor, id: number): Promise<void> {
  const task = await visibleTask(db, actor, id);
  if (task.assigned_by !== actor.userId) throw new HttpError(403, 'Only the person who assigned this task can delete it');
  await db.transaction().execute(async (trx) => {
    await deleteTask(trx, task.id);
    await recordAudit(trx, { action: 'DELETE_TASK', ...actor, tableName: 'tasks', recordId: task.id, recordName: taskRecordName(task), details: { title: task.title } });
  });
}
