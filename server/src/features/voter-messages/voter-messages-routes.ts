import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { conflictSchema } from '@shared/records/record-version';
import { inboundMessageSchema, inboundResultSchema, voterConsentSchema, voterConsentUpdateSchema } from '@shared/voter-messages/consent-schema';
import { voterIdParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/http-error';
import { requestActor } from '../audit/actor';
import { changeVoterConsent, receiveInboundMessage, voterConsent } from './consent-use-cases';

export const INBOUND_REFUSED = 'This callback needs the inbound token the office configured';
export const INBOUND_NOT_SET_UP = 'The SMS reply callback is not set up';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Messages to voters (issue 60), under /api/voter-messages.
export async function voterMessagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Gateways post replies form-encoded (Twilio) or as JSON: read both in this scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/consent/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: "A voter's messaging consent: unknown, opted in or opted out, with when, how and by whom",
      params: voterIdParamsSchema,
      response: { 200: voterConsentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => voterConsent(ctx.db, request.params.id),
  });

  routes.put('/consent/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: "Record a voter's answer (audited); opting in lifts a STOP their mobile sent. Send the version read: 409 with the current consent when someone changed it since",
      params: voterIdParamsSchema,
      body: voterConsentUpdateSchema,
      response: { 200: voterConsentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(voterConsentSchema) },
    },
    handler: async (request) => changeVoterConsent(ctx.db, requestActor(request), request.params.id, request.body),
  });

  // Called by the SMS gateway, not by a person: a reply (STOP, START) or the gateway's own
  // opt-out report. It carries the office's SMS_INBOUND_TOKEN instead of a session.
  routes.post('/inbound', {
    config: { access: 'public' },
    schema: {
      tags: ['voter-messages'],
      summary: 'Gateway callback: a reply from a mobile (STOP opts the number out, START back in) or an opt-out report (event "opt_out"); token in the X-Inbound-Token header or the token query value',
      querystring: z.object({ token: z.string().optional() }),
      body: inboundMessageSchema,
      response: { 200: inboundResultSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const expected = ctx.config.smsInboundToken;
      const header = request.headers['x-inbound-token'];
      const given = (typeof header === 'string' ? header : undefined) ?? request.query.token ?? '';
      // Without SMS_INBOUND_TOKEN the callback is not there at all.
      if (!expected) throw new HttpError(404, INBOUND_NOT_SET_UP);
      if (!sameSecret(given, expected)) throw new HttpError(403, INBOUND_REFUSED);
      const { action } = await receiveInboundMessage(ctx.db, { userId: null, userName: 'SMS gateway', ipAddress: request.ip }, request.body);
      return { message: action === 'ignored' ? 'Nothing to do' : `Number ${action.replace('_', ' ')}`, action };
    },
  });
}
