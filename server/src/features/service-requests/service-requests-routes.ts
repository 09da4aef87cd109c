import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import {
  serviceNoteInputSchema,
  serviceRequestDetailSchema,
  serviceRequestInputSchema,
  serviceRequestListSchema,
  serviceRequestQuerySchema,
  serviceRequestSchema,
  serviceRequestUpdateSchema,
} from '@shared/service-requests/service-request-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { requestActor } from '../audit/actor';
import { boothScopeFor } from '../voters/voter-access';
import { addNote, createRequest, editRequest, getRequest, listRequests } from './service-requests-use-cases';

const idParams = z.object({ id: recordIdSchema('Service request id must be a positive number') });
const scopeOf = (request: FastifyRequest) => boothScopeFor(signedInUser(request).user);

// Issue 59: the office runs the register; a field user raises and follows the requests of
// their own booths (the use cases check the booth of each record).
export async function serviceRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'Service requests and complaints, newest first, filtered; a field user sees their booths only',
      querystring: serviceRequestQuerySchema,
      response: { 200: serviceRequestListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => listRequests(ctx.db, scopeOf(request), request.query),
  });

  routes.post('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'Register a request for a voter or another citizen; answers it with its receipt number',
      body: serviceRequestInputSchema,
      response: { 201: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createRequest(ctx.db, requestActor(request), scopeOf(request), request.body)),
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'A request with its dated history',
      params: idParams,
      response: { 200: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request) => getRequest(ctx.db, scopeOf(request), request.params.id),
  });

  routes.put('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: "Edit a request's details (office roles); version = the version the form started from",
      params: idParams,
      body: serviceRequestUpdateSchema,
      response: { 200: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(serviceRequestSchema) },
    },
    handler: async (request) => editRequest(ctx.db, requestActor(request), request.params.id, request.body),
  });

  routes.post('/:id/notes', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: "Add a dated note to a request's history, optionally moving its status; version = the version seen",
      params: idParams,
      body: serviceNoteInputSchema,
      response: { 200: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: conflictSchema(serviceRequestSchema) },
    },
    handler: async (request) => addNote(ctx.db, requestActor(request), scopeOf(request), request.params.id, request.body),
  });
}
