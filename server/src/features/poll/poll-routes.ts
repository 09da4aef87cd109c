import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { boothIdParamsSchema } from '@shared/booths/booth-schema';
import {
  chaseBoothsSchema,
  chaseInputSchema,
  chaseListSchema,
  chaseResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  idempotencyKeySchema,
  markResultSchema,
  pollMarkInputSchema,
  recentMarksQuerySchema,
  recentMarksSchema,
  serialLookupSchema,
  serialsQuerySchema,
  turnoutQuerySchema,
  turnoutSchema,
} from '@shared/poll/poll-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { keyedRequestOf } from '../../plugins/idempotency';
import type { KeyedRequest } from '../../plugins/idempotency-keys-repository';
import { boothChaseList, boothMarks, changeMarks, chaseBooths, chaseVoter, lookUpSerials, markBySlip, myChaseList, turnout } from './poll-use-cases';
import { type UserActor } from '../audit/actor';
import { marksFromSms } from './sms-marks-use-cases';
import { smsMarksInputSchema } from '@shared/poll/sms-marks-schema';
import { slipMarkInputSchema } from '@shared/slips/slip-token';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const COVERAGE_READERS = ['Super Admin', 'Admin', 'Supervisor'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

// The Idempotency-Key a phone's outbox sends with a mark or an undo (docs/poll-day.md).
// The key is bound to the URL and the serials sent (decision 059).
function idempotencyKeyOf(request: FastifyRequest): (KeyedRequest & { key: string }) | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID, { idempotency_key: IDEMPOTENCY_KEY_INVALID });
  return { key: parsed.data, ...keyedRequestOf(request, request.body) };
}

// Poll day (issue 22): marking who voted (any role in its booths), turnout (office roles and
// Supervisors over their booths), chasing supporters who have not voted.
export async function pollRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/booths/:id/voters', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary: 'The booth’s voters with the typed part serials (?serials=12,15,18-22), with when each was marked as voted',
      params: boothIdParamsSchema,
      querystring: serialsQuerySchema,
      response: { 200: serialLookupSchema, ...errors },
    },
    handler: async (request) => lookUpSerials(ctx, actorOf(request), request.params.id, request.query.serials),
  });

  routes.get('/booths/:id/marks', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary: 'The booth’s latest marks, newest first, with its voters and how many voted',
      params: boothIdParamsSchema,
      querystring: recentMarksQuerySchema,
      response: { 200: recentMarksSchema, ...errors },
    },
    handler: async (request) => boothMarks(ctx, actorOf(request), request.params.id, request.query.limit),
  });

  routes.post('/booths/:id/marks', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary:
        'Mark the booth’s voters with these part serials as voted. Marking twice changes nothing; an Idempotency-Key header makes the request safe to send again (the same key gets the first answer back)',
      params: boothIdParamsSchema,
      body: pollMarkInputSchema,
      response: { 200: markResultSchema, ...errors },
    },
    handler: async (request) => changeMarks(ctx, actorOf(request), request.params.id, request.body.serials, { undo: false, key: idempotencyKeyOf(request) }),
  });

  routes.post('/booths/:id/unmark', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary: 'Undo the marks of the booth’s voters with these part serials (a voter not marked is left as is); Idempotency-Key as for marks',
      params: boothIdParamsSchema,
      body: pollMarkInputSchema,
      response: { 200: markResultSchema, ...errors },
    },
    handler: async (request) => changeMarks(ctx, actorOf(request), request.params.id, request.body.serials, { undo: true, key: idempotencyKeyOf(request) }),
  });

  // Slips with a QR code (issue 61, decision 085): the token a phone's camera read off a slip.
  routes.post('/booths/:id/slip-marks', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary:
        'Mark the voter whose slip\'s QR code was scanned as voted, in the booth of the address. Refused: a code not signed by this office (400), a revoked slip (410), a voter of another booth (422). Marking twice changes nothing; Idempotency-Key as for marks',
      params: boothIdParamsSchema,
      body: slipMarkInputSchema,
      response: { 200: markResultSchema, ...errors, 410: errorSchema, 422: errorSchema },
    },
    handler: async (request) => markBySlip(ctx, actorOf(request), request.params.id, request.body.token, idempotencyKeyOf(request)),
  });

  // Poll-day marks a field worker sent by SMS, pasted by the office (issue 61); the gateway's
  // inbound callback takes the same messages (/api/voter-messages/inbound).
  routes.post('/sms-marks', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['poll'],
      summary: 'Mark the voters of a poll-day SMS ("VM <booth> <serials> <check>") as its sender, a user\'s registered mobile; marking twice changes nothing',
      body: smsMarksInputSchema,
      response: { 200: markResultSchema, ...errors },
    },
    handler: async (request) => marksFromSms(ctx, { from: request.body.from, text: request.body.text, ipAddress: request.ip, pastedBy: signedInUser(request).user.full_name }),
  });

  routes.get('/turnout', {
    config: { access: COVERAGE_READERS },
    schema: {
      tags: ['poll'],
      summary: 'Turnout of the booths taking part (a Supervisor’s own), or of one booth: overall, by booth (highest first) and by hour, men and women',
      querystring: turnoutQuerySchema,
      response: { 200: turnoutSchema, ...errors },
    },
    handler: async (request) => turnout(ctx, actorOf(request), request.query.booth_id),
  });

  routes.get('/chase/mine', {
    config: { access: ['Karyakarta'] },
    schema: { tags: ['poll'], summary: 'The supporters on the Karyakarta’s pages and houses who have not voted yet', response: { 200: chaseListSchema, ...errors } },
    handler: async (request) => myChaseList(ctx, actorOf(request)),
  });

  routes.get('/chase/booths', {
    config: { access: COVERAGE_READERS },
    schema: { tags: ['poll'], summary: 'Booths by how many supporters have not voted yet, most first', response: { 200: chaseBoothsSchema, ...errors } },
    handler: async (request) => chaseBooths(ctx, actorOf(request)),
  });

  routes.get('/chase/booths/:id', {
    config: { access: COVERAGE_READERS },
    schema: { tags: ['poll'], summary: 'The booth’s supporters who have not voted yet, in roll order', params: boothIdParamsSchema, response: { 200: chaseListSchema, ...errors } },
    handler: async (request) => boothChaseList(ctx, actorOf(request), request.params.id),
  });

  routes.put('/chase/voters/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['poll'],
      summary: 'Note how a supporter was chased: called, coming or won’t come (a voter the caller’s booths reach)',
      params: voterIdParamsSchema,
      body: chaseInputSchema,
      response: { 200: chaseResultSchema, ...errors },
    },
    handler: async (request) => chaseVoter(ctx, actorOf(request), request.params.id, request.body.status),
  });
}
