import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { recordIdSchema } from '@shared/records/record-id';
import { conflictSchema } from '@shared/records/record-version';
import {
  serviceNoteInputSchema,
  serviceRequestDetailSchema,
  serviceRequestFiltersSchema,
  serviceRequestInputSchema,
  serviceRequestListSchema,
  serviceRequestQuerySchema,
  serviceRequestSchema,
  serviceRequestUpdateSchema,
  type ServiceRequestDetail,
} from '@shared/service-requests/service-request-schema';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentParamsSchema,
  attachmentQuerySchema,
  serviceAttachmentListSchema,
  serviceAttachmentSchema,
  serviceReceiptSchema,
} from '@shared/service-requests/service-attachment-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { answerKeeper } from '../../plugins/idempotency';
import { requestActor } from '../audit/actor';
import { boothScopeFor } from '../voters/voter-access';
import { addAttachment, attachmentBytes, listRequestAttachments, readAttachmentFile, removeAttachment } from './service-attachments-use-cases';
import { requestReceipt } from './service-receipt-use-cases';
import { exportServiceRequests } from './service-requests-export';
import { requestAnalytics, requestCounts } from './service-request-analytics-use-cases';
import { serviceAnalyticsQuerySchema, serviceAnalyticsSchema, serviceCountsSchema } from '@shared/service-requests/service-request-analytics';
import { XLSX_CONTENT_TYPE } from '../voters/voter-spreadsheets';
import { addNote, createRequest, editRequest, getRequest, listRequests } from './service-requests-use-cases';

const idParams = z.object({ id: recordIdSchema('Service request id must be a positive number') });
const scopeOf = (request: FastifyRequest) => boothScopeFor(signedInUser(request).user);

// Issue 59: the office runs the register; a field user raises and follows the requests of
// their own booths (the use cases check the booth of each record).
export async function serviceRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart for the attachments only: one file of at most 5 MB, no other parts of note.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
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

  // Office roles only, like voter exports (decision 016): a file of citizens' names, mobiles and
  // complaints leaves the system here. Stamped, audited and counted against the daily limit;
  // heavy (one at a time per user, a few per process: plugins/heavy-work.ts).
  routes.get('/export/excel', {
    config: { access: ADMIN_ROLES, heavy: true },
    schema: {
      tags: ['service-requests'],
      summary:
        "The requests matching the list's filters (page and limit ignored), newest first, as a streamed .xlsx (service_requests_YYYY-MM-DD.xlsx) stamped with who exported it and when; EXPORT_SERVICE_REQUESTS audit row; 429 past the daily export limit (shared with voter exports) or while another of the user's exports runs",
      querystring: serviceRequestFiltersSchema,
      // 200 is the .xlsx file.
      response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = { user: signedInUser(request).user, ipAddress: request.ip };
      const { stream, fileName } = await exportServiceRequests(ctx, actor, request.query, (error) => request.log.error({ err: error }, 'service request export failed'));
      return reply.header('Content-Type', XLSX_CONTENT_TYPE).header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'no-store').send(stream);
    },
  });

  routes.get('/counts', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: "The office's dashboard counts: open requests, overdue ones (due before the office's today while open) and those resolved this month (office time)",
      response: { 200: serviceCountsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async () => requestCounts(ctx.db),
  });

  routes.get('/analytics', {
    config: { access: ROUTE_ACCESS['GET /api/service-requests/analytics'] },
    schema: {
      tags: ['service-requests'],
      summary:
        'Requests registered between from and to (office days, both included; none: all): by category, village and booth (20 most), median days to resolve and the share resolved; a Supervisor sees their booths only',
      querystring: serviceAnalyticsQuerySchema,
      response: { 200: serviceAnalyticsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => requestAnalytics(ctx.db, scopeOf(request), request.query),
  });

  routes.post('/', {
    // A field worker's phone sends a request raised offline from its outbox, once.
    config: { access: ALL_ROLES, idempotent: true },
    schema: {
      tags: ['service-requests'],
      summary: 'Register a request for a voter or another citizen; answers it with its receipt number',
      body: serviceRequestInputSchema,
      response: { 201: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const created = await createRequest(ctx.db, requestActor(request), scopeOf(request), request.body, answerKeeper(request, 201, (detail: ServiceRequestDetail) => detail));
      // The citizen's SMS, if one was queued, leaves now where the dispatcher runs (decision 090).
      if (created.messages.some((message) => message.status === 'queued')) ctx.serviceSms.kick();
      return reply.code(201).send(created);
    },
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
    handler: async (request) => {
      const detail = await addNote(ctx.db, requestActor(request), scopeOf(request), request.params.id, request.body);
      if (detail.messages.some((message) => message.status === 'queued')) ctx.serviceSms.kick();
      return detail;
    },
  });

  routes.get('/:id/attachments', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: "A request's attachments (photos and PDFs), oldest first",
      params: idParams,
      response: { 200: serviceAttachmentListSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request) => ({ items: await listRequestAttachments(ctx.db, scopeOf(request), request.params.id) }),
  });

  routes.post('/:id/attachments', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'Attach a photo (JPEG, PNG, GIF, WebP; stored re-encoded) or a PDF of at most 5 MB (multipart, file field "file"); at most 10 per request',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 201: serviceAttachmentSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 406: errorSchema, 409: errorSchema, 413: errorSchema },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) return reply.code(406).send({ message: 'Send the file as multipart/form-data' });
      const upload = await readAttachmentFile(await request.file());
      return reply.code(201).send(await addAttachment(ctx, requestActor(request), scopeOf(request), request.params.id, upload));
    },
  });

  routes.get('/:id/attachments/:attachmentId', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'An attachment\'s bytes: a photo as WebP (?size=thumb for the thumbnail) or the PDF',
      params: attachmentParamsSchema,
      querystring: attachmentQuerySchema,
      // 200 is the file's bytes, sent as they are.
      response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const file = await attachmentBytes(ctx, scopeOf(request), request.params.id, request.params.attachmentId, request.query.size);
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          // Private like a voter's photo; a PDF opened here runs no script and reaches nothing of ours.
          .header('Cache-Control', 'private, max-age=3600')
          .header('Content-Security-Policy', "sandbox; default-src 'none'")
          .send(file.bytes)
      );
    },
  });

  routes.delete('/:id/attachments/:attachmentId', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: 'Remove an attachment (office roles)',
      params: attachmentParamsSchema,
      response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      await removeAttachment(ctx, requestActor(request), request.params.id, request.params.attachmentId);
      return { message: 'Attachment removed' };
    },
  });

  routes.get('/:id/receipt', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['service-requests'],
      summary: "The citizen's receipt: its facts, the SMS/WhatsApp text and a wa.me link, in the citizen's language (else the office's)",
      params: idParams,
      response: { 200: serviceReceiptSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: async (request) => requestReceipt(ctx.db, scopeOf(request), request.params.id),
  });
}
