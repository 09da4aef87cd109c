import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES } from '@shared/auth/roles';
import { HOUSEHOLD_DECIDERS } from '@shared/auth/route-access';
import {
  confirmHouseholdSchema,
  householdIdParamsSchema,
  householdListQuerySchema,
  householdListSchema,
  householdSchema,
  householdsChangedSchema,
  mergeHouseholdsSchema,
  moveVoterSchema,
  proposeHouseholdsSchema,
  proposeResultSchema,
  splitHouseholdSchema,
} from '@shared/households/household-schema';
import { conflictSchema } from '@shared/records/record-version';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { confirmHousehold, getHousehold, listHouseholdsOf, mergeHouseholds, moveVoterIntoHousehold, proposeBoothHouseholds, splitHousehold } from './households-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const changeResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(householdSchema) };

export async function householdRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['households'],
      summary: "A page of one booth's households with their members (house number order), within the booths the user may see",
      querystring: householdListQuerySchema,
      response: { 200: householdListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => listHouseholdsOf(ctx, signedInUser(request).user, request.query),
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['households'], summary: 'One household with its members', params: householdIdParamsSchema, response: { 200: householdSchema, 401: errorSchema, 404: errorSchema } },
    handler: async (request) => getHousehold(ctx, signedInUser(request).user, request.params.id),
  });

  routes.post('/propose', {
    config: { access: HOUSEHOLD_DECIDERS },
    schema: {
      tags: ['households'],
      summary: "Propose the booth's households afresh from house numbers and names (households a person suggested or confirmed stay)",
      body: proposeHouseholdsSchema,
      response: { 200: proposeResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => proposeBoothHouseholds(ctx, actorOf(request), request.body.booth),
  });

  routes.post('/:id/confirm', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['households'],
      summary: "Confirm a household (office roles, Supervisors), or suggest it (a Karyakarta's confirmation waits for theirs); head_voter_id picks the head",
      params: householdIdParamsSchema,
      body: confirmHouseholdSchema,
      response: { 200: householdSchema, ...changeResponses },
    },
    handler: async (request) => confirmHousehold(ctx, actorOf(request), request.params.id, request.body),
  });

  routes.post('/:id/split', {
    config: { access: HOUSEHOLD_DECIDERS },
    schema: {
      tags: ['households'],
      summary: 'Move the chosen members into a new household of the same house; both are then confirmed',
      params: householdIdParamsSchema,
      body: splitHouseholdSchema,
      response: { 200: householdsChangedSchema, ...changeResponses },
    },
    handler: async (request) => ({ households: await splitHousehold(ctx, actorOf(request), request.params.id, request.body) }),
  });

  routes.post('/:id/merge', {
    config: { access: HOUSEHOLD_DECIDERS },
    schema: {
      tags: ['households'],
      summary: 'Bring the members of another household of the booth into this one, which is then confirmed',
      params: householdIdParamsSchema,
      body: mergeHouseholdsSchema,
      response: { 200: householdsChangedSchema, ...changeResponses },
    },
    handler: async (request) => ({ households: await mergeHouseholds(ctx, actorOf(request), request.params.id, request.body) }),
  });

  routes.post('/:id/members', {
    config: { access: HOUSEHOLD_DECIDERS },
    schema: {
      tags: ['households'],
      summary: 'Move a voter of the booth into this household (from another household or none); it is then confirmed',
      params: householdIdParamsSchema,
      body: moveVoterSchema,
      response: { 200: householdsChangedSchema, ...changeResponses },
    },
    handler: async (request) => ({ households: await moveVoterIntoHousehold(ctx, actorOf(request), request.params.id, request.body) }),
  });
}
