import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { boothIdParamsSchema } from '@shared/booths/booth-schema';
import { householdIdParamsSchema } from '@shared/households/household-schema';
import { slipJobIdParamsSchema, slipJobListSchema, slipJobSchema, slipOptionsSchema, type SlipOptions, slipPageQuerySchema, slipShareSchema } from '@shared/slips/slip-schema';
import { slipCodeSchema, slipRevokeInputSchema } from '@shared/slips/slip-token';
import { conflictSchema } from '@shared/records/record-version';
import { type VoterFilters, voterIdParamsSchema, voterQueryParamsSchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { cancelSlipJob, getSlipJob, listSlipJobs, markStoppedJobs, slipJobFile, startSlipJob } from './slip-jobs';
import { printSlips, shareSlips, type SlipSource, slipFileName } from './slips-use-cases';
import { getSlipCode, revokeSlipCode } from './slip-codes-use-cases';

const pdfResponses = { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;
// A booth's or a search's slips are heavy (thousands of slips): one at a time per user, a few per
// process, else 429 with Retry-After (plugins/heavy-work.ts, decision 063).
const heavyPdfResponses = { ...pdfResponses, 429: errorSchema } as const;
// The voter list's filters plus the slip's language and format (page and limit are ignored).
const searchQuerySchema = voterQueryParamsSchema.extend(slipOptionsSchema.shape).refine((query) => query.age_min === undefined || query.age_max === undefined || query.age_min <= query.age_max, {
  path: ['age_max'],
  message: 'Maximum age must not be less than minimum age',
});

// Voter slips as PDF (issue 22, docs/voter-slips.md): one voter, a household, a booth or one of
// its roll pages, a voter-list search. Every role, within its booth access.
export async function slipsRoutes(app: FastifyInstance, ctx: AppContext, options: { recoverJobs: boolean } = { recoverJobs: true }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => ({ user: signedInUser(request).user, ipAddress: request.ip });

  async function sendPdf(request: FastifyRequest, reply: FastifyReply, source: SlipSource, options: SlipOptions) {
    const { stream, count, deceased } = await printSlips(ctx, actorOf(request), source, options, (error) => request.log.error({ err: error }, 'slip print failed'));
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${slipFileName(source, options)}"`)
      .header('Cache-Control', 'no-store')
      .header('X-Slip-Count', String(count))
      // Issue 61: deceased voters get no slip; the screen says how many were left out.
      .header('X-Slips-Left-Out', String(deceased))
      .send(stream);
  }

  routes.get('/voters/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['slips'], summary: "One voter's slip as a PDF (lang: mr, hi, gu, en; format: a4, thermal58, thermal80)", params: voterIdParamsSchema, querystring: slipOptionsSchema, response: pdfResponses },
    handler: (request, reply) => sendPdf(request, reply, { kind: 'voter', id: request.params.id }, request.query),
  });

  routes.get('/households/:id', {
    config: { access: ALL_ROLES },
    schema: { tags: ['slips'], summary: "A household's slips as a PDF, its members in roll order", params: householdIdParamsSchema, querystring: slipOptionsSchema, response: pdfResponses },
    handler: (request, reply) => sendPdf(request, reply, { kind: 'household', id: request.params.id }, request.query),
  });

  routes.get('/booths/:id', {
    config: { access: ALL_ROLES, heavy: true },
    schema: { tags: ['slips'], summary: "A booth's slips as a PDF in roll order, or with page one roll page of it (one such print at a time per user: 429)", params: boothIdParamsSchema, querystring: slipPageQuerySchema, response: heavyPdfResponses },
    handler: (request, reply) => {
      const { page, ...options } = request.query;
      return sendPdf(request, reply, { kind: 'booth', id: request.params.id, page }, options);
    },
  });

  routes.get('/search', {
    config: { access: ALL_ROLES, heavy: true },
    schema: { tags: ['slips'], summary: 'The slips of the voters matching the filters of GET /api/voters (at most 5000), booth by booth in roll order (one such print at a time per user: 429)', querystring: searchQuerySchema, response: heavyPdfResponses },
    handler: (request, reply) => {
      const { page: _page, limit: _limit, lang, format, ...filters } = request.query;
      const used = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<VoterFilters>;
      return sendPdf(request, reply, { kind: 'search', filters: used }, { lang, format });
    },
  });

  routes.get('/voters/:id/share', {
    config: { access: ALL_ROLES },
    schema: { tags: ['slips'], summary: "One voter's slip as data with the mobile to send it to (WhatsApp share)", params: voterIdParamsSchema, response: { 200: slipShareSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: (request) => shareSlips(ctx, actorOf(request), { kind: 'voter', id: request.params.id }),
  });

  routes.get('/households/:id/share', {
    config: { access: ALL_ROLES },
    schema: { tags: ['slips'], summary: "A household's slips as data with each member's mobile (WhatsApp share)", params: householdIdParamsSchema, response: { 200: slipShareSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: (request) => shareSlips(ctx, actorOf(request), { kind: 'household', id: request.params.id }),
  });

  // A voter's slip code (issue 61, decision 085): its generation, and revoking it (office roles).
  routes.get('/voters/:id/code', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: "A voter's slip code: the generation printed now, and when it was last revoked", params: voterIdParamsSchema, response: { 200: slipCodeSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
    handler: (request) => getSlipCode(ctx, actorOf(request), request.params.id),
  });

  routes.post('/voters/:id/code/revoke', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['slips'],
      summary:
        "Revoke a voter's slip code (a lost slip, a reprint): slips printed before no longer mark the voter on poll day; print a new one. Send the generation seen: a stale one is 409 with the code as it is now",
      params: voterIdParamsSchema,
      body: slipRevokeInputSchema,
      response: { 200: slipCodeSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: conflictSchema(slipCodeSchema) },
    },
    handler: (request) => revokeSlipCode(ctx, actorOf(request), request.params.id, request.body.generation),
  });

  // The whole constituency's slips (office roles): a job that survives the page, with progress.
  // Only in the first process of a start: another process's running job is not stopped.
  // Logged, not fatal, as the roll imports' recovery: a test's own migration list may lack the
  // jobs' owner column (migration 038).
  if (options.recoverJobs) await markStoppedJobs(ctx).catch((error: unknown) => app.log.error({ err: error }, 'slip jobs cut short by a stop could not be marked stopped'));
  const jobErrors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

  routes.post('/jobs', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: "Start making every booth's slips into one PDF in the background (one such job at a time; 409 while one runs)", body: slipOptionsSchema, response: { 202: slipJobSchema, 400: errorSchema, ...jobErrors } },
    handler: async (request, reply) => {
      const job = await startSlipJob(ctx, actorOf(request), request.body, (error) => request.log.error({ err: error }, 'slip job failed'));
      return reply.status(202).send(job);
    },
  });

  routes.get('/jobs', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: 'The latest constituency slip jobs, newest first, with their progress', response: { 200: slipJobListSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => ({ jobs: await listSlipJobs(ctx) }),
  });

  routes.get('/jobs/:id', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: 'One slip job and its progress', params: slipJobIdParamsSchema, response: { 200: slipJobSchema, 400: errorSchema, ...jobErrors } },
    handler: (request) => getSlipJob(ctx, request.params.id),
  });

  routes.post('/jobs/:id/cancel', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: 'Stop a running slip job after the booth it is on (a finished job stays as it is); body {}', params: slipJobIdParamsSchema, body: z.object({}), response: { 200: slipJobSchema, 400: errorSchema, ...jobErrors } },
    handler: (request) => cancelSlipJob(ctx, actorOf(request), request.params.id),
  });

  routes.get('/jobs/:id/file', {
    config: { access: ADMIN_ROLES },
    schema: { tags: ['slips'], summary: "A finished slip job's PDF (409 until it is done)", params: slipJobIdParamsSchema, response: { 200: z.unknown(), 400: errorSchema, ...jobErrors } },
    handler: async (request, reply) => {
      const { file, name } = await slipJobFile(ctx, actorOf(request), request.params.id);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').send(createReadStream(file));
    },
  });
}
