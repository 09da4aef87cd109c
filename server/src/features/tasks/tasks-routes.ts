import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES } from '@shared/auth/roles';
import { conflictSchema } from '@shared/records/record-version';
import { taskInputSchema, taskQuerySchema, taskSchema, taskStatusUpdateSchema } from '@shared/tasks/task-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { involvedUserScope, requestActor } from '../audit/actor';
import { boothScopeFor } from '../voters/voter-access';
import { listTasks } from './tasks-repository';
import { createTask, moveTask, removeTask } from './tasks-use-cases';
import { recordIdSchema } from '@shared/records/record-id';

const idParams = z.object({ id: recordIdSchema('Task id must be a positive number') });

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: { tags: ['tasks'], summary: 'Tasks the signed-in user may see', querystring: taskQuerySchema, response: { 200: z.array(taskSchema), 400: errorSchema, 401: errorSchema } },
    handler: async (request) => listTasks(ctx.db, { status: request.query.status, visibleTo: involvedUserScope(requestActor(request)) }),
  });

  routes.post('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['tasks'],
      summary: 'Create a task; the assigner is the signed-in user whatever the body says',
      body: taskInputSchema,
      response: { 201: taskSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createTask(ctx.db, requestActor(request), request.body, boothScopeFor(signedInUser(request).user))),
  });

  routes.put('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['tasks'],
      summary: 'Move a task to its next status (Not Started → In Progress → Completed); version = the version seen',
      params: idParams,
      body: taskStatusUpdateSchema,
      response: { 200: taskSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(taskSchema) },
    },
    handler: async (request) => moveTask(ctx.db, requestActor(request), request.params.id, request.body.status, request.body.version),
  });

  routes.delete('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['tasks'], summary: 'Delete a task (its assigner only)', params: idParams, response: { 200: messageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: async (request) => {
      await removeTask(ctx.db, requestActor(request), request.params.id);
      return { message: 'Task deleted successfully' };
    },
  });
}
