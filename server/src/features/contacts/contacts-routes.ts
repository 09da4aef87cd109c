import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ALL_ROLES } from '@shared/auth/roles';
import { contactHistoryQuerySchema, contactHistorySchema, contactInputSchema, contactOptionsSchema, type RecordedContact, recordedContactSchema } from '@shared/contacts/contact-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { answerKeeper } from '../../plugins/idempotency';
import { contactHistory, contactIssues, recordContact } from './contacts-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });

// Contacts and support (issue 20), registered under /api: a voter's contacts beside the voter
// routes and the issues list (the office's review of the reports contacts raise: features/availability).
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
}
