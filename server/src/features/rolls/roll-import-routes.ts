import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import {
  ROLL_FILE_FIELD,
  ROLL_UPLOAD_MAX_FILES,
  ROLL_UPLOAD_MAX_MB,
  rollAbsentListSchema,
  rollBoothChoiceSchema,
  rollCommitSchema,
  rollCorrectionSchema,
  rollImportListSchema,
  rollImportParamsSchema,
  rollImportSchema,
  rollImportVoterParamsSchema,
  rollReviewListSchema,
  rollReviewQuerySchema,
  rollReviewRowSchema,
} from '@shared/rolls/roll-import-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import { createRollImportJobs, rollsDir } from './roll-import-jobs';
import { cancelRollImport, chooseRollBooth, commitRollImport, correctReviewRow, cropOfBox, getRollImport, listAbsentVoters, listReviewRows, listRollImports, rollImportDto, startRollImports } from './roll-import-use-cases';
import { startsLikePdf } from './reader/pdf-header';
import { type RollReader, RollReadError } from './roll-reader-seam';
import { type UserActor } from '../audit/actor';

export const NOT_A_PDF = 'Choose PDF files of the electoral roll';
export const CHOOSE_ROLL = 'Choose a roll PDF to import';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const tooLarge = (maxMb: number) => new HttpError(413, `The file is larger than ${maxMb} MB; split it into smaller files`);

// Streams each file of the form into its own folder under DATA_DIR/rolls (never whole in memory),
// checks it starts like a PDF, and returns where each went. Any bad file: none is kept.
async function receiveRolls(request: FastifyRequest, dataDir: string, maxMb: number): Promise<{ path: string; fileName: string }[]> {
  const maxBytes = maxMb * 1024 * 1024;
  if (!request.isMultipart()) throw new HttpError(400, CHOOSE_ROLL);
  const base = rollsDir(dataDir);
  await mkdir(base, { recursive: true });
  const uploads: { path: string; fileName: string }[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: ROLL_UPLOAD_MAX_FILES, fields: 5, fieldSize: 1024, parts: ROLL_UPLOAD_MAX_FILES + 5, headerPairs: 100 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== ROLL_FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const directory = await mkdtemp(path.join(base, 'import-'));
      const target = path.join(directory, 'roll.pdf');
      uploads.push({ path: target, fileName: (part.filename || 'roll.pdf').slice(0, 200) });
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw tooLarge(maxMb);
      if (!(await startsLikePdf(target))) throw new HttpError(400, NOT_A_PDF, { file: NOT_A_PDF });
    }
    if (uploads.length === 0) throw new HttpError(400, CHOOSE_ROLL);
    return uploads;
  } catch (error) {
    await Promise.all(uploads.map((upload) => rm(path.dirname(upload.path), { recursive: true, force: true })));
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
    throw error;
  }
}

export async function rollImportRoutes(app: FastifyInstance, ctx: AppContext, reader: RollReader, options: { recoverJobs: boolean } = { recoverJobs: true }): Promise<void> {
  await app.register(fastifyMultipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const jobs = createRollImportJobs(ctx, reader, (error) => app.log.error({ err: error }, 'roll import failed'));
  // A roll being read when the server stops is read again at the next start.
  app.addHook('onClose', () => jobs.stop());
  // Logged, not fatal: the server still starts (a test's own migration list has no roll tables).
  // Only in the first process of a start (decision 039): a roll another process is reading is not
  // cut short. Each process reads the rolls uploaded to it.
  if (options.recoverJobs) await jobs.recover().catch((error: unknown) => app.log.error({ err: error }, 'roll imports cut short by a stop could not be recovered'));
  const maxMb = ctx.config.rollImportMaxMb ?? ROLL_UPLOAD_MAX_MB;
  const responses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  routes.post('/imports', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['rolls'],
      summary: 'Upload one or more electoral roll PDFs (multipart, field "file"); each is read in the background (GET /api/rolls/imports/:id follows it)',
      consumes: ['multipart/form-data'],
      response: { 202: rollImportListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema },
    },
    handler: async (request, reply) => {
      const uploads = await receiveRolls(request, ctx.config.dataDir, maxMb);
      const rows = await startRollImports(ctx, jobs, actorOf(request), uploads).catch(async (error: unknown) => {
        // Not recorded: nothing of the upload is kept.
        await Promise.all(uploads.map((upload) => rm(path.dirname(upload.path), { recursive: true, force: true })));
        throw error;
      });
      return reply.code(202).send({ imports: await Promise.all(rows.map((row) => rollImportDto(ctx, row))) });
    },
  });

  routes.get('/imports', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['rolls'], summary: 'The latest roll imports, newest first', response: { 200: rollImportListSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => ({ imports: await listRollImports(ctx) }),
  });

  routes.get('/imports/:id', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['rolls'], summary: 'One roll import: its progress, cover facts, and in review what the commit would do', params: rollImportParamsSchema, response: { 200: rollImportSchema, ...responses } },
    handler: async (request) => getRollImport(ctx, request.params.id),
  });

  routes.post('/imports/:id/cancel', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['rolls'], summary: 'Cancel a roll import being read or waiting for review (its file is deleted)', params: rollImportParamsSchema, response: { 200: rollImportSchema, ...responses } },
    handler: async (request) => cancelRollImport(ctx, jobs, actorOf(request), request.params.id),
  });

  routes.get('/imports/:id/voters', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['rolls'],
      summary: 'The boxes read, compared with the voters stored (filter: all, flagged, new, changed, deleted, invalid)',
      params: rollImportParamsSchema,
      querystring: rollReviewQuerySchema,
      response: { 200: rollReviewListSchema, ...responses },
    },
    handler: async (request) => listReviewRows(ctx, request.params.id, request.query),
  });

  routes.put('/imports/:id/voters/:n', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['rolls'],
      summary: "Correct a box's values, tick whether the commit applies it, or mark it reviewed",
      params: rollImportVoterParamsSchema,
      body: rollCorrectionSchema,
      response: { 200: rollReviewRowSchema, ...responses },
    },
    handler: async (request) => correctReviewRow(ctx, actorOf(request), request.params.id, request.params.n, request.body),
  });

  routes.get('/imports/:id/voters/:n/crop.png', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['rolls'], summary: 'The image of the box on its page (PNG)', params: rollImportVoterParamsSchema, response: { 200: z.unknown(), ...responses, 410: errorSchema } },
    handler: async (request, reply) => {
      try {
        const png = await cropOfBox(ctx, reader, request.params.id, request.params.n);
        return reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, max-age=600').send(png);
      } catch (error) {
        if (error instanceof RollReadError) throw new HttpError(410, error.message);
        throw error;
      }
    },
  });

  routes.get('/imports/:id/absent', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['rolls'], summary: "Voters of the part's booth whom the roll no longer lists (a revision's deletions to choose from)", params: rollImportParamsSchema, response: { 200: rollAbsentListSchema, ...responses } },
    handler: async (request) => ({ voters: await listAbsentVoters(ctx, request.params.id) }),
  });

  routes.put('/imports/:id/booth', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['rolls'],
      summary: "Choose the booth the roll's voters go to (the comparison, the voters no longer on the roll and the part check follow it)",
      params: rollImportParamsSchema,
      body: rollBoothChoiceSchema,
      response: { 200: rollImportSchema, ...responses },
    },
    handler: async (request) => chooseRollBooth(ctx, actorOf(request), request.params.id, request.body.booth),
  });

  routes.post('/imports/:id/commit', {
    config: { access: ADMIN_ROLES, longWork: true },
    schema: {
      tags: ['rolls'],
      summary:
        "Save the reviewed part: new voters created, stored ones updated where the roll differs, ticked deletions done (audited IMPORT_ROLL and a row per voter). 409 when the roll's part or constituency differs from the booth's without confirm_difference; entries whose voter changed after the review are left and the import stays in review",
      params: rollImportParamsSchema,
      body: rollCommitSchema,
      response: { 200: rollImportSchema, ...responses },
    },
    handler: async (request) => commitRollImport(ctx, actorOf(request), request.params.id, request.body),
  });
}
