import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { conflictSchema } from '@shared/records/record-version';
import {
  PHOTO_MAX_BYTES,
  photoQuerySchema,
  voterIdParamsSchema,
  voterListQuerySchema,
  voterListSchema,
  voterSchema,
} from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { answerKeeper } from '../../plugins/idempotency';
import { plainJsonSerializer } from '../../plugins/plain-json-serializer';
import { assertBoothAllowed, boothScopeFor, VOTER_NOT_FOUND } from './voter-access';
import { keyedFieldsOf, readVoterForm } from './voter-form';
import { toVoterDto } from './voter-rows';
import { changeVoter, createVoter, deleteVoter } from './voters-use-cases';
import { ESTIMATED_TOTAL_ABOVE, findVoter, listVoters } from './voters-repository';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });

export async function voterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart only in this scope, with the photo limit: one file of 5 MB, a bounded form.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 60, fieldSize: 4096, parts: 64, headerPairs: 100 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'A page of voters (newest first) matching the filters, within the booths the user may see; a name search with many matches on PostgreSQL gets an estimated total unless exactTotal=true',
      querystring: voterListQuerySchema,
      response: { 200: voterListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    // The page is built by toVoterDto (plugins/plain-json-serializer.ts).
    serializerCompiler: plainJsonSerializer,
    handler: async (request) => {
      const { user } = signedInUser(request);
      const scope = boothScopeFor(user);
      const { page, limit, exactTotal, ...filters } = request.query;
      assertBoothAllowed(scope, filters.booth, 'view');
      const estimateAbove = exactTotal ? undefined : (ctx.config.estimatedTotalAbove ?? ESTIMATED_TOTAL_ABOVE);
      const { voters, total, totalEstimated } = await listVoters(ctx.db, { filters, scope, dialect: ctx.dialect, page, limit, estimateAbove });
      return { voters: voters.map(toVoterDto), total, totalPages: Math.ceil(total / limit), ...(totalEstimated ? { totalEstimated } : {}), page, limit };
    },
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['voters'], summary: 'One voter', params: voterIdParamsSchema, response: { 200: voterSchema, 401: errorSchema, 404: errorSchema } },
    handler: async (request) => {
      const row = await findVoter(ctx.db, request.params.id, boothScopeFor(signedInUser(request).user));
      if (!row) throw new HttpError(404, VOTER_NOT_FOUND);
      return toVoterDto(row);
    },
  });

  routes.get('/:id/photo', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['voters'],
      summary: "The voter's photo (WebP), full size or the thumbnail (?size=thumb)",
      params: voterIdParamsSchema,
      querystring: photoQuerySchema,
      // 200 is the image bytes (image/webp), sent as they are.
      response: { 200: z.unknown(), 401: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const row = await findVoter(ctx.db, request.params.id, boothScopeFor(signedInUser(request).user));
      if (!row) throw new HttpError(404, VOTER_NOT_FOUND);
      const bytes = row.voter_image ? await ctx.photos.read(row.voter_image, request.query.size) : null;
      if (!bytes) throw new HttpError(404, 'This voter has no photo');
      // Private: a shared cache must never keep a voter's photo.
      return reply.header('Content-Type', 'image/webp').header('Cache-Control', 'private, max-age=3600').send(bytes);
    },
  });

  routes.post('/', {
    config: { access: ALL_ROLES, idempotent: 'form' },
    schema: {
      tags: ['voters'],
      summary: 'Add a voter (multipart form; the photo is the file field voter_image)',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 201: voterSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema, 429: errorSchema },
    },
    handler: async (request, reply) => {
      const form = await readVoterForm(request);
      if (await request.claimIdempotencyKey(reply, keyedFieldsOf(form))) return reply;
      const row = await createVoter(ctx, actorOf(request), form, answerKeeper(request, 201, toVoterDto));
      return reply.code(201).send(toVoterDto(row));
    },
  });

  routes.put('/:id', {
    config: { access: ALL_ROLES, idempotent: 'form' },
    schema: {
      tags: ['voters'],
      summary: 'Change a voter (multipart form; fields left out stay as they are; remove_image=true drops the photo; version = the version edited, else the last writer wins)',
      consumes: ['multipart/form-data', 'application/json'],
      params: voterIdParamsSchema,
      response: { 200: voterSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(voterSchema), 413: errorSchema },
    },
    // The whole form (photo included) is read before anything is checked against the voter.
    handler: async (request, reply) => {
      const form = await readVoterForm(request);
      if (await request.claimIdempotencyKey(reply, keyedFieldsOf(form))) return reply;
      return toVoterDto(await changeVoter(ctx, actorOf(request), request.params.id, form, answerKeeper(request, 200, toVoterDto)));
    },
  });

  routes.delete('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'Delete a voter (kept as deleted until the retention period ends)',
      params: voterIdParamsSchema,
      response: { 200: messageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      await deleteVoter(ctx, actorOf(request), request.params.id);
      return { message: 'Voter deleted successfully' };
    },
  });
}
