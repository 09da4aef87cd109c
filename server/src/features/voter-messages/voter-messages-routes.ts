import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { changeVoterConsent, inboundSenderAndText, receiveDeliveryReport, receiveInboundMessage, voterConsent } from './consent-use-cases';
import { isSmsMarks } from '@shared/poll/sms-marks';
import { marksFromSms } from '../poll/sms-marks-use-cases';
import { greetingsToday, recordWhatsappGreeting } from './greetings-use-cases';
import { approveSend, cancelSend, changeTemplate, createSend, createTemplate, oneSend, previewSend, sends, templates } from './voter-sends-use-cases';
import { recordIdSchema } from '@shared/records/record-id';
import { greetingsQuerySchema, greetingsTodaySchema, whatsappGreetingSchema } from '@shared/voter-messages/voter-send-schema';
import { deliveryReportSchema, deliveryResultSchema, sendActionSchema, voterSendInputSchema, voterSendPreviewSchema, voterSendSchema, voterTemplateInputSchema, voterTemplateSchema } from '@shared/voter-messages/voter-send-schema';

const SUPER_ADMIN_ONLY = ['Super Admin'] as const;
const templateParams = z.object({ id: recordIdSchema('Template not found') });
const sendParams = z.object({ id: recordIdSchema('Send not found') });

export const INBOUND_REFUSED = 'This callback needs the inbound token the office configured';
export const INBOUND_NOT_SET_UP = 'The SMS reply callback is not set up';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Messages to voters (issue 60), under /api/voter-messages.
export async function voterMessagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await app.register(async (scope) => gatewayCallbackRoutes(scope, ctx));

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

  // Templates: a text per language with its DLT template id.
  routes.get('/templates', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['voter-messages'], summary: 'The templates of messages to voters', response: { 200: z.array(voterTemplateSchema), 401: errorSchema, 403: errorSchema } },
    handler: async () => templates(ctx.db),
  });

  routes.post('/templates', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: 'Add a template: name, category (promotional or service), DLT template id, a text per language with {name}, {booth}, {polling_station}, {date}',
      body: voterTemplateInputSchema,
      response: { 201: voterTemplateSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createTemplate(ctx.db, requestActor(request), request.body)),
  });

  routes.put('/templates/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: 'Change a template (send the version read: 409 with the current template when someone changed it since)',
      params: templateParams,
      body: voterTemplateInputSchema,
      response: { 200: voterTemplateSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(voterTemplateSchema) },
    },
    handler: async (request) => changeTemplate(ctx.db, requestActor(request), request.params.id, request.body),
  });

  // Today's birthdays and anniversaries: one-tap WhatsApp greetings (the day's SMS to all is a send).
  routes.get('/greetings', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: "Today's birthdays and anniversaries (office calendar): totals and the first 200 of each, with the chosen template's greeting in each voter's language and their WhatsApp number",
      querystring: greetingsQuerySchema,
      response: { 200: greetingsTodaySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => greetingsToday(ctx.db, request.query.template_id),
  });

  routes.post('/greetings/whatsapp', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: 'Record a one-tap WhatsApp greeting before the phone opens the chat (audited); 409 for a voter who opted out',
      body: whatsappGreetingSchema,
      response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request, reply) => {
      await recordWhatsappGreeting(ctx.db, requestActor(request), request.body);
      return reply.code(204).send(null);
    },
  });

  // Sends: what a send would do, then the send itself as a job.
  routes.post('/preview', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: 'What a send would do: voters matched, recipients, how many left out and why (no mobile, opted out), parts, estimated cost, budget left today, approval needed, held until the morning',
      body: voterSendInputSchema,
      response: { 200: voterSendPreviewSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => previewSend(ctx.db, request.body, ctx.whatsapp),
  });

  routes.post('/sends', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary:
        'Queue a send to the chosen voters (opted-out voters and voters without a mobile left out); above the approval threshold it waits for a Super Admin; 423 in the silence period before the poll',
      body: voterSendInputSchema,
      response: { 201: voterSendSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 423: errorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createSend(ctx.db, requestActor(request), request.body, ctx.whatsapp)),
  });

  routes.get('/sends', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['voter-messages'], summary: 'The latest 50 sends with their progress and cost', response: { 200: z.array(voterSendSchema), 401: errorSchema, 403: errorSchema } },
    handler: async () => sends(ctx.db),
  });

  routes.get('/sends/:id', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['voter-messages'], summary: "One send's progress", params: sendParams, response: { 200: voterSendSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: async (request) => oneSend(ctx.db, request.params.id),
  });

  routes.post('/sends/:id/approve', {
    config: { access: SUPER_ADMIN_ONLY },
    schema: {
      tags: ['voter-messages'],
      summary: 'A Super Admin approves a send above the approval threshold (audited)',
      params: sendParams,
      body: sendActionSchema,
      response: { 200: voterSendSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(voterSendSchema) },
    },
    handler: async (request) => approveSend(ctx.db, requestActor(request), request.params.id, request.body.version),
  });

  routes.post('/sends/:id/cancel', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voter-messages'],
      summary: 'Cancel a send: the messages not yet sent never go (audited)',
      params: sendParams,
      body: sendActionSchema,
      response: { 200: voterSendSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(voterSendSchema) },
    },
    handler: async (request) => cancelSend(ctx.db, requestActor(request), request.params.id, request.body.version),
  });
}

// Gateways post replies form-encoded (Twilio) or as JSON: the form parser is added in this
// scope alone, so every other route here still refuses a form body.
async function gatewayCallbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Without SMS_INBOUND_TOKEN the callbacks are not there at all.
  const checkInboundToken = (request: FastifyRequest, queryToken: string | undefined) => {
    const expected = ctx.config.smsInboundToken;
    const header = request.headers['x-inbound-token'];
    const given = (typeof header === 'string' ? header : undefined) ?? queryToken ?? '';
    if (!expected) throw new HttpError(404, INBOUND_NOT_SET_UP);
    if (!sameSecret(given, expected)) throw new HttpError(403, INBOUND_REFUSED);
  };

  // Called by the SMS gateway, not by a person: a reply (STOP, START) or the gateway's own
  // opt-out report. It carries the office's SMS_INBOUND_TOKEN instead of a session.
  routes.post('/inbound', {
    config: { access: 'public' },
    schema: {
      tags: ['voter-messages'],
      summary: 'Gateway callback: a reply from a mobile (STOP opts the number out, START back in), an opt-out report (event "opt_out"), or a field worker\'s poll-day marks ("VM <booth> <serials> <check>", from their registered mobile); token in the X-Inbound-Token header or the token query value',
      querystring: z.object({ token: z.string().optional() }),
      body: inboundMessageSchema,
      response: { 200: inboundResultSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      checkInboundToken(request, request.query.token);
      // A poll-day SMS of marks from a field worker's phone (issue 61).
      const { sender, text } = inboundSenderAndText(request.body);
      if (isSmsMarks(text)) {
        const marked = await marksFromSms(ctx, { from: sender, text, ipAddress: request.ip });
        return { message: `Marked ${marked.voters.filter((voter) => voter.changed).length} of ${marked.voters.length} in ${marked.booth}`, action: 'poll_marks' as const };
      }
      const { action } = await receiveInboundMessage(ctx.db, { userId: null, userName: 'SMS gateway', ipAddress: request.ip }, request.body);
      return { message: action === 'ignored' ? 'Nothing to do' : `Number ${action.replace('_', ' ')}`, action };
    },
  });

  // The gateway's delivery report for one message (issue 60), with the same token.
  routes.post('/delivery', {
    config: { access: 'public' },
    schema: {
      tags: ['voter-messages'],
      summary: "Gateway callback: a message's delivery report (its message id and delivered or failed); token in the X-Inbound-Token header or the token query value",
      querystring: z.object({ token: z.string().optional() }),
      body: deliveryReportSchema,
      response: { 200: deliveryResultSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      checkInboundToken(request, request.query.token);
      const { status } = await receiveDeliveryReport(ctx.db, request.body);
      const message = status === 'ignored' ? 'Nothing to do' : status === 'unknown' ? 'No message with that id' : `Marked ${status}`;
      return { message, status };
    },
  });
}
