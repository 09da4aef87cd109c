import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { boothIdParamsSchema } from '@shared/booths/booth-schema';
import {
  boothHistorySchema,
  electionDeleteSchema,
  electionIdParamsSchema,
  electionListSchema,
  electionResultsSchema,
  electionSummarySchema,
  RESULTS_FILE_FIELD,
  RESULTS_MAX_MB,
  resultsImportAnswerSchema,
  resultsImportFieldsSchema,
} from '@shared/election-results/election-results-schema';
import type { AppContext } from '../../context';
import { detectKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { receiveSpreadsheetUpload, UPLOAD_PREFIX, uploadsDir } from '../../lib/spreadsheets/spreadsheet-upload';
import { signedInUser } from '../../plugins/access-control';
import { HttpError, validationError } from '../../plugins/error-handler';
import { boothVisibleTo, visibleBooths } from '../booths/booth-access';
import { boothHistory, electionBoothResults, electionSummaries } from './election-results-repository';
import { deleteElection, ELECTION_NOT_FOUND, importResults } from './election-results-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const readErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;

// Past results per booth (issue 61, docs/decisions/076-past-results-per-booth.md). Office roles
// import and delete; every role reads, field roles only their booths' rows (booth access, as
// the booth pages).
export async function electionResultsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ALL_ROLES },
    schema: { tags: ['election-results'], summary: 'The past elections imported, newest first, with their candidates', response: { 200: electionListSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => ({ elections: await electionSummaries(ctx.db) }),
  });

  routes.post('/import', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['election-results'],
      summary:
        'Import booth-wise results of a past election from .xlsx, .xls or .csv (multipart: file, name, year, kind, preview=true to check without saving, replace=true to replace the same election imported before). Any row refused: 400 with the rows and reasons, nothing saved',
      consumes: ['multipart/form-data'],
      response: { 200: resultsImportAnswerSchema, 400: resultsImportAnswerSchema.partial().extend(errorSchema.shape), 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema },
    },
    handler: async (request, reply) => {
      const base = uploadsDir(ctx.config.dataDir);
      await mkdir(base, { recursive: true });
      const directory = await mkdtemp(path.join(base, UPLOAD_PREFIX));
      try {
        const upload = await receiveSpreadsheetUpload(request, directory, RESULTS_MAX_MB, RESULTS_FILE_FIELD);
        const fields = resultsImportFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw validationError(fields.error);
        const kind = await detectKind(upload.path, upload.fileName);
        const { status, answer } = await importResults(ctx, actorOf(request), { path: upload.path, fileName: upload.fileName, kind }, fields.data);
        return reply.code(status).send(answer);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  });

  routes.get('/booths/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['election-results'], summary: "A booth's results in every past election imported, newest first", params: boothIdParamsSchema, response: { 200: boothHistorySchema, ...readErrors } },
    handler: async (request) => {
      const label = boothVisibleTo(signedInUser(request).user, request.params.id);
      return { booth: label, results: await boothHistory(ctx.db, label) };
    },
  });

  routes.get('/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['election-results'], summary: "One past election's results, booth by booth (the booths the caller may see)", params: electionIdParamsSchema, response: { 200: electionResultsSchema, ...readErrors } },
    handler: async (request) => {
      const [election] = await electionSummaries(ctx.db, [request.params.id]);
      if (!election) throw new HttpError(404, ELECTION_NOT_FOUND);
      return { election, booths: await electionBoothResults(ctx.db, election.id, visibleBooths(signedInUser(request).user)) };
    },
  });

  routes.delete('/:id', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['election-results'],
      summary: "Delete a past election's results (version = the one shown, else whichever is there)",
      params: electionIdParamsSchema,
      querystring: electionDeleteSchema,
      response: { 200: electionSummarySchema, ...readErrors, 409: errorSchema },
    },
    handler: async (request) => deleteElection(ctx, actorOf(request), request.params.id, request.query.version),
  });
}
