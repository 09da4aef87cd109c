import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES, isAdminRole, type Role } from '@shared/auth/roles';
import { mayAssign } from '@shared/tasks/task-assignment';
import { NEXT_TASK_STATUS, taskInputSchema, taskQuerySchema, taskSchema, taskStatusUpdateSchema } from '@shared/tasks/task-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { findUserById } from '../users/users-repository';
import { deleteTask, findTask, insertTask, listTasks, moveTaskStatus } from './tasks-repository';

const idParams = z.object({ id: z.coerce.number().int().positive('Task id must be a positive number') });
const TASK_NOT_FOUND = 'Task not found';

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Office roles see every task; others the tasks assigned to them or by them.
  async function visibleTask(id: number, user: { id: number; role: string }) {
    const task = await findTask(ctx.db, id);
    const visible = task && (isAdminRole(user.role as Role) || task.assigned_to === user.id || task.assigned_by === user.id);
    if (!task || !visible) throw new HttpError(404, TASK_NOT_FOUND);
    return task;
  }

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: { tags: ['tasks'], summary: 'Tasks the signed-in user may see', querystring: taskQuerySchema, response: { 200: z.array(taskSchema), 400: errorSchema, 401: errorSchema } },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return listTasks(ctx.db, { status: request.query.status, visibleTo: isAdminRole(user.role as Role) ? undefined : user.id });
    },
  });

  routes.post('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['tasks'],
      summary: 'Create a task; the assigner is the signed-in user whatever the body says',
      body: taskInputSchema,
      response: { 201: taskSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const input = request.body;
      const assignee = await findUserById(ctx.db, input.assigned_to);
      if (!assignee || assignee.is_active !== 1) {
        throw new HttpError(400, 'The assignee must be an active user', { assigned_to: 'The assignee must be an active user' });
      }
      if (!mayAssign({ id: user.id, role: user.role as Role }, { id: assignee.id, role: assignee.role as Role })) {
        throw new HttpError(403, `${user.role}s cannot assign tasks to ${assignee.role}s`);
      }
      const id = await ctx.db.transaction().execute(async (trx) => {
        const taskId = await insertTask(trx, {
          title: input.title,
          description: input.description,
          assigned_to: assignee.id,
          assigned_by: user.id,
          due_date: input.due_date,
          start_date: input.start_date,
          priority: input.priority,
          area: input.area,
          notes: input.notes,
        });
        await recordAudit(trx, { action: 'CREATE_TASK', userId: user.id, userName: user.full_name, tableName: 'tasks', recordId: taskId, ipAddress: request.ip, details: { assigned_to: assignee.id } });
        return taskId;
      });
      const task = await findTask(ctx.db, id);
      if (!task) throw new HttpError(404, TASK_NOT_FOUND);
      return reply.code(201).send(task);
    },
  });

  routes.put('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['tasks'],
      summary: 'Move a task to its next status (Not Started → In Progress → Completed)',
      params: idParams,
      body: taskStatusUpdateSchema,
      response: { 200: taskSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const task = await visibleTask(request.params.id, user);
      const wanted = request.body.status;
      if (task.status === 'Completed') throw new HttpError(400, 'A completed task cannot change');
      if (NEXT_TASK_STATUS[task.status] !== wanted) {
        throw new HttpError(400, `A task that is ${task.status} can only move to ${NEXT_TASK_STATUS[task.status]}`);
      }
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const changed = await moveTaskStatus(trx, task.id, task.status, wanted);
        if (changed) {
          await recordAudit(trx, { action: 'UPDATE_TASK', userId: user.id, userName: user.full_name, tableName: 'tasks', recordId: task.id, ipAddress: request.ip, details: { from: task.status, to: wanted } });
        }
        return changed;
      });
      if (!moved) throw new HttpError(409, 'Someone else changed this task first. Reload and try again.');
      return (await findTask(ctx.db, task.id)) ?? task;
    },
  });

  routes.delete('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['tasks'], summary: 'Delete a task (its assigner only)', params: idParams, response: { 200: messageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const task = await visibleTask(request.params.id, user);
      if (task.assigned_by !== user.id) throw new HttpError(403, 'Only the person who assigned this task can delete it');
      await ctx.db.transaction().execute(async (trx) => {
        await deleteTask(trx, task.id);
        await recordAudit(trx, { action: 'DELETE_TASK', userId: user.id, userName: user.full_name, tableName: 'tasks', recordId: task.id, ipAddress: request.ip, details: { title: task.title } });
      });
      return { message: 'Task deleted successfully' };
    },
  });
}
