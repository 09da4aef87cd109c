import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
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

  routes.post('/', {
    // A field worker's phone sends a request raised offline from its outbox, once.
    config: { access: ALL_ROLES, idempotent: true },
    schema: {
      tags: ['service-requests'],
      summary: 'Register a request for a voter or another citizen; answers it with its receipt number',
      body: serviceRequestInputSchema,
      response: { 201: serviceRequestDetailSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createRequest(ctx.db, requestActor(request), scopeOf(request), request.body, answerKeeper(request, 201, (created: ServiceRequestDetail) => created))),
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
