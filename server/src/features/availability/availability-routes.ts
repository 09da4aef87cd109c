import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES } from '@shared/auth/roles';
import { AVAILABILITY_DECIDERS } from '@shared/auth/route-access';
import {
  flagConfirmSchema,
  flagConflictSchema,
  flagDismissSchema,
  flagIdParamsSchema,
  flagReportSchema,
  type ReportedFlag,
  reportedFlagSchema,
  voterFlagListSchema,
  voterFlagQuerySchema,
} from '@shared/availability/availability-schema';
import { flagDecisionResultSchema } from '@shared/availability/flag-decision-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { answerKeeper } from '../../plugins/idempotency';
import type { UserActor } from '../audit/actor';
import { confirmFlag, dismissFlag, flagsForReview, reportFlag } from './availability-use-cases';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });

// Voter availability (issue 61, docs/decisions/086-voter-availability.md), registered under /api:
// a report from a voter's card beside the voter routes, and the office's queue of reports.
export async function availabilityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/voters/:id/flags', {
    config: { access: ALL_ROLES, idempotent: true },
    schema: {
      tags: ['availability'],
      summary: "Report a listed voter of the user's booths shifted, out of town, not found, deceased or a double entry, with a reason; a report of a kind already waiting joins it",
      params: voterIdParamsSchema,
      body: flagReportSchema,
      response: { 201: reportedFlagSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await reportFlag(ctx, actorOf(request), request.params.id, request.body, answerKeeper(request, 201, (reported: ReportedFlag) => reported))),
  });

  routes.get('/voter-flags', {
    config: { access: AVAILABILITY_DECIDERS },
    schema: {
      tags: ['availability'],
      summary: "Availability reports of listed voters by status (pending by default, oldest first), kind and booth; a Supervisor's booths only",
      querystring: voterFlagQuerySchema,
      response: { 200: voterFlagListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => flagsForReview(ctx, actorOf(request), request.query),
  });

  routes.post('/voter-flags/:id/confirm', {
    config: { access: AVAILABILITY_DECIDERS },
    schema: {
      tags: ['availability'],
      summary:
        'Confirm a pending report: deceased → is_dead, shifted or out of town → present_in_city off, not found → is_missing, double entry → the duplicate of the other entry; the voter version raised. 409 with the report when it or its voter changed since `version` / `voter_version`',
      params: flagIdParamsSchema,
      body: flagConfirmSchema,
      response: { 200: flagDecisionResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: flagConflictSchema },
    },
    handler: async (request) => confirmFlag(ctx, actorOf(request), request.params.id, request.body),
  });

  routes.post('/voter-flags/:id/dismiss', {
    config: { access: AVAILABILITY_DECIDERS },
    schema: {
      tags: ['availability'],
      summary: 'Dismiss a pending report: the voter is left as they are. 409 with the report when it changed since `version`',
      params: flagIdParamsSchema,
      body: flagDismissSchema,
      response: { 200: flagDecisionResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: flagConflictSchema },
    },
    handler: async (request) => dismissFlag(ctx, actorOf(request), request.params.id, request.body),
  });
}
