import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import {
  notVisitedQuerySchema,
  notVisitedSchema,
  villageProgramDeleteQuerySchema,
  villageProgramDetailSchema,
  villageProgramInputSchema,
  villageProgramListSchema,
  villageProgramQuerySchema,
  villageProgramSchema,
  villageProgramUpdateSchema,
} from '@shared/village-programs/village-program-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { involvedUserScope, requestActor } from '../audit/actor';
import { boothScopeFor } from '../voters/voter-access';
import { createProgram, editProgram, getProgram, listPrograms, notVisited, removeProgram } from './village-programs-use-cases';

const idParams = z.object({ id: recordIdSchema('Program id must be a positive number') });
const scopeOf = (request: FastifyRequest) => boothScopeFor(signedInUser(request).user);

// Issue 59: the office plans and records its programs; a field user reads those that cover
// one of their booths (the repository filters by booth).
export async function villageProgramRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'Village programs and visits, newest first, filtered by dates, taluka, village and kind; a field user sees those covering their booths',
      querystring: villageProgramQuerySchema,
      response: { 200: villageProgramListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => listPrograms(ctx.db, scopeOf(request), request.query),
  });

  routes.get('/not-visited', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'The villages of the reference list with no program in the last N days (default 90), by taluka, never visited first',
      querystring: notVisitedQuerySchema,
      response: { 200: notVisitedSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => notVisited(ctx.db, request.query),
  });

  routes.post('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'Record a program or visit in a village of the reference list (office roles)',
      body: villageProgramInputSchema,
      response: { 201: villageProgramDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createProgram(ctx.db, requestActor(request), request.body)),
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'A program with the service requests raised at it and its follow-up tasks (a field user: their booths\' requests, their own tasks)',
      params: idParams,
      response: { 200: villageProgramDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => getProgram(ctx.db, scopeOf(request), request.params.id, involvedUserScope(requestActor(request))),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'Edit a program (office roles); version = the version the form started from',
      params: idParams,
      body: villageProgramUpdateSchema,
      response: { 200: villageProgramDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(villageProgramSchema) },
    },
    handler: async (request) => editProgram(ctx.db, requestActor(request), request.params.id, request.body),
  });

  routes.delete('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['village-programs'],
      summary: 'Delete a program (office roles); its requests stay, unlinked; version = the version seen',
      params: idParams,
      querystring: villageProgramDeleteQuerySchema,
      response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(villageProgramSchema) },
    },
    handler: async (request) => {
      await removeProgram(ctx.db, requestActor(request), request.params.id, request.query.version);
      return { message: 'Program deleted' };
    },
  });
}
