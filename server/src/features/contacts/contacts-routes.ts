import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import {
  contactHistoryQuerySchema,
  contactHistorySchema,
  contactInputSchema,
  contactOptionsSchema,
  flagDecisionSchema,
  flagIdParamsSchema,
  type RecordedContact,
  recordedContactSchema,
  voterFlagListSchema,
  voterFlagQuerySchema,
} from '@shared/contacts/contact-schema';
import { flagDecisionResultSchema } from '@shared/contacts/flag-decision-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { answerKeeper } from '../../plugins/idempotency';
import { confirmFlag, contactHistory, contactIssues, dismissFlag, flagsForReview, recordContact } from './contacts-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });

// Contacts and support (issue 20), registered under /api: a voter's contacts beside the voter
// routes, the issues list, and the office's review of deceased / moved-away flags.
export async function contactsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/voters/:id/contacts', {
    config: { access: ALL_ROLES, idempotent: true },
    schema: {
      tags: ['contacts'],
      summary:
        "Record a contact with a voter within the user's booths; a support outcome becomes the voter's support level, deceased / moved away raise a flag for an office role",
      params: voterIdParamsSchema,
      body: contactInputSchema,
      response: { 201: recordedContactSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await recordContact(ctx, actorOf(request), request.params.id, request.body, answerKeeper(request, 201, (recorded: RecordedContact) => recorded))),
  });

  routes.get('/voters/:id/contacts', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['contacts'],
      summary: "A voter's contacts, newest first, and their flags",
      params: voterIdParamsSchema,
      querystring: contactHistoryQuerySchema,
      response: { 200: contactHistorySchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request) => contactHistory(ctx, actorOf(request), request.params.id, request.query.limit),
  });

  routes.get('/contacts/issues', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['contacts'],
      summary: 'The issues a voter may raise, as the office keeps them in Settings (contact_issues)',
      response: { 200: contactOptionsSchema, 401: errorSchema },
    },
    handler: async () => ({ issues: await contactIssues(ctx) }),
  });

  routes.get('/voter-flags', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['contacts'],
      summary: 'Deceased and moved-away flags of live voters by status (pending by default, oldest first)',
      querystring: voterFlagQuerySchema,
      response: { 200: voterFlagListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => flagsForReview(ctx, request.query),
  });

  routes.post('/voter-flags/:id/confirm', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['contacts'],
      summary: 'Confirm a pending flag: the voter becomes deceased (is_dead) or moved away (present_in_city off), version raised',
      params: flagIdParamsSchema,
      body: flagDecisionSchema,
      response: { 200: flagDecisionResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request) => confirmFlag(ctx, actorOf(request), request.params.id, request.body?.note ?? null),
  });

  routes.post('/voter-flags/:id/dismiss', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['contacts'],
      summary: 'Dismiss a pending flag: the voter is left as they are',
      params: flagIdParamsSchema,
      body: flagDecisionSchema,
      response: { 200: flagDecisionResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request) => dismissFlag(ctx, actorOf(request), request.params.id, request.body?.note ?? null),
  });
}
