import { readFile } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import {
  PHOTO_MAX_BYTES,
  photoQuerySchema,
  VOTER_FIELD_LABELS,
  voterIdParamsSchema,
  voterIdSchema,
  type VoterInput,
  voterInputSchema,
  voterListSchema,
  voterQuerySchema,
  voterSchema,
} from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import type { VoterRow } from '../../db/schema';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { assertBoothAllowed, assertRestrictedUnchanged, boothScopeFor, VOTER_NOT_FOUND } from './voter-access';
import { readVoterForm, validationError } from './voter-form';
import { photoPath, processPhoto, removePhoto, savePhoto } from './voter-photos';
import { rebuildDeferredIndexes } from './voter-bulk-repository';
import { tuneVoterQueries } from './voter-text-search';
import { findVoter, insertVoter, isUniqueViolation, listVoters, softDeleteVoter, toVoterDto, updateVoter, voterIdExists } from './voters-repository';

export const VOTER_ID_EXISTS = 'Voter ID already exists';
export const VOTER_ID_IMMUTABLE = 'Voter ID cannot be changed';

const FORM_FIELD_NAMES = Object.keys(VOTER_FIELD_LABELS) as (keyof typeof VOTER_FIELD_LABELS)[];

// A stored row in the form's terms, so an edit can be merged with it and compared.
function rowToInput(row: VoterRow): VoterInput {
  const { voter_image: _image, id: _id, created_at: _c, updated_at: _u, created_by: _cb, updated_by: _ub, deleted_at: _d, deleted_by: _db, ...rest } = row;
  return { ...rest, present_in_city: row.present_in_city === 1, is_dead: row.is_dead === 1 };
}

function parseVoter(fields: Record<string, unknown>): VoterInput {
  const result = voterInputSchema.safeParse(fields);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function changedFields(before: VoterInput, after: VoterInput): string[] {
  return FORM_FIELD_NAMES.filter((field) => before[field] !== after[field]);
}

export async function voterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // An import cut short by a crash may have left its filter indexes unbuilt.
  if (ctx.sqlite) await rebuildDeferredIndexes(ctx.db, ctx.sqlite);
  await tuneVoterQueries(ctx.db, ctx.dialect);
  // Multipart only in this scope, with the photo limit: one file of 5 MB, a bounded form.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 60, fieldSize: 4096, parts: 64, headerPairs: 100 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auditBase = (request: FastifyRequest) => {
    const { user } = signedInUser(request);
    return { userId: user.id, userName: user.full_name, tableName: 'voters', ipAddress: request.ip };
  };

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'A page of voters (newest first) matching the filters, within the booths the user may see',
      querystring: voterQuerySchema,
      response: { 200: voterListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const scope = boothScopeFor(user);
      const { page, limit, ...filters } = request.query;
      assertBoothAllowed(scope, filters.booth, 'view');
      const { voters, total } = await listVoters(ctx.db, { filters, scope, dialect: ctx.dialect, page, limit });
      return { voters: voters.map(toVoterDto), total, totalPages: Math.ceil(total / limit), page, limit };
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
      const file = row.voter_image ? photoPath(ctx.config.dataDir, row.voter_image, request.query.size) : null;
      const bytes = file ? await readFile(file).catch(() => null) : null;
      if (!bytes) throw new HttpError(404, 'This voter has no photo');
      // Private: a shared cache must never keep a voter's photo.
      return reply.header('Content-Type', 'image/webp').header('Cache-Control', 'private, max-age=3600').send(bytes);
    },
  });

  routes.post('/', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'Add a voter (multipart form; the photo is the file field voter_image)',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 201: voterSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const form = await readVoterForm(request);
      const input = parseVoter(form.fields);
      assertBoothAllowed(boothScopeFor(user), input.booth, 'save');
      if (await voterIdExists(ctx.db, input.voter_id)) throw new HttpError(409, VOTER_ID_EXISTS, { voter_id: VOTER_ID_EXISTS });
      const photo = form.photo ? await processPhoto(form.photo) : null;
      const voterImage = photo ? await savePhoto(ctx.config.dataDir, photo) : null;
      try {
        const row = await ctx.db.transaction().execute(async (trx) => {
          const inserted = await insertVoter(trx, input, { userId: user.id, voterImage });
          await recordAudit(trx, { ...auditBase(request), action: 'CREATE_VOTER', recordId: inserted.id, details: { voter_id: inserted.voter_id } });
          return inserted;
        });
        return reply.code(201).send(toVoterDto(row));
      } catch (error) {
        // A failed save changes nothing: not the database, not the uploads folder.
        await removePhoto(ctx.config.dataDir, voterImage);
        if (isUniqueViolation(error)) throw new HttpError(409, VOTER_ID_EXISTS, { voter_id: VOTER_ID_EXISTS });
        throw error;
      }
    },
  });

  routes.put('/:id', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'Change a voter (multipart form; fields left out stay as they are; remove_image=true drops the photo)',
      consumes: ['multipart/form-data', 'application/json'],
      params: voterIdParamsSchema,
      response: { 200: voterSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const scope = boothScopeFor(user);
      const existing = await findVoter(ctx.db, request.params.id, scope);
      if (!existing) throw new HttpError(404, VOTER_NOT_FOUND);
      const form = await readVoterForm(request);
      if (form.fields.voter_id !== undefined) {
        const sent = voterIdSchema.safeParse(form.fields.voter_id);
        if (!sent.success || sent.data !== existing.voter_id) throw new HttpError(400, VOTER_ID_IMMUTABLE, { voter_id: VOTER_ID_IMMUTABLE });
      }
      const before = rowToInput(existing);
      const input = parseVoter({ ...before, ...form.fields, voter_id: existing.voter_id });
      assertRestrictedUnchanged(user, before, input);
      assertBoothAllowed(scope, input.booth, 'save');
      const photo = form.photo ? await processPhoto(form.photo) : null;
      const newImage = photo ? await savePhoto(ctx.config.dataDir, photo) : null;
      const voterImage = newImage ?? (form.removePhoto ? null : existing.voter_image);
      const changed = changedFields(before, input);
      if (voterImage !== existing.voter_image) changed.push('voter_image');
      try {
        const row = await ctx.db.transaction().execute(async (trx) => {
          const updated = await updateVoter(trx, existing.id, input, { userId: user.id, voterImage });
          await recordAudit(trx, { ...auditBase(request), action: 'UPDATE_VOTER', recordId: existing.id, details: { fields: changed } });
          return updated;
        });
        if (voterImage !== existing.voter_image) await removePhoto(ctx.config.dataDir, existing.voter_image);
        return toVoterDto(row);
      } catch (error) {
        await removePhoto(ctx.config.dataDir, newImage);
        throw error;
      }
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
      const { user } = signedInUser(request);
      const deleted = await ctx.db.transaction().execute(async (trx) => {
        const done = await softDeleteVoter(trx, request.params.id, { userId: user.id });
        if (done) await recordAudit(trx, { ...auditBase(request), action: 'DELETE_VOTER', recordId: request.params.id });
        return done;
      });
      if (!deleted) throw new HttpError(404, VOTER_NOT_FOUND);
      return { message: 'Voter deleted successfully' };
    },
  });
}
