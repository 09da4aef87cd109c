import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { DUPLICATE_REVIEWERS } from '@shared/auth/route-access';
import {
  duplicateListQuerySchema,
  duplicatePairListSchema,
  duplicatePairParamsSchema,
  duplicatePairSchema,
  duplicateScanStateSchema,
  markDuplicateSchema,
} from '@shared/duplicates/duplicate-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { createDuplicateScanner } from './duplicate-scan';
import { latestScan, scanDto } from './duplicates-repository';
import { dismissPair, listDuplicatePairs, markDuplicate, reopenPair } from './duplicates-use-cases';
import { type UserActor } from '../audit/actor';

const actorOf = (request: FastifyRequest): UserActor => ({ user: signedInUser(request).user, ipAddress: request.ip });
const reviewResponses = { 200: duplicatePairSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function duplicateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const scanner = createDuplicateScanner(ctx, (error) => app.log.error({ err: error }, 'duplicate scan failed'));
  // A scan in progress ends (marked as cut short) before the database closes.
  app.addHook('onClose', () => scanner.stop());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/scan', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['duplicates'],
      summary: 'Start a scan of the whole constituency for likely duplicate entries (runs in the background; GET /api/duplicates/scan says how it ends)',
      response: { 202: duplicateScanStateSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
    },
    handler: async (request, reply) => {
      const scan = await scanner.start(actorOf(request));
      return reply.code(202).send({ scan: await scanDto(ctx.db, scan) });
    },
  });

  routes.get('/scan', {
    config: { access: DUPLICATE_REVIEWERS },
    schema: { tags: ['duplicates'], summary: 'The latest duplicate scan (null before the first)', response: { 200: duplicateScanStateSchema, 401: errorSchema, 403: errorSchema } },
    handler: async () => {
      const scan = await latestScan(ctx.db);
      return { scan: scan ? await scanDto(ctx.db, scan) : null };
    },
  });

  routes.get('/', {
    config: { access: DUPLICATE_REVIEWERS },
    schema: {
      tags: ['duplicates'],
      summary: 'A page of duplicate pairs of a status (open by default) whose two voters are both within the booths the user may see',
      querystring: duplicateListQuerySchema,
      response: { 200: duplicatePairListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => listDuplicatePairs(ctx, signedInUser(request).user, request.query),
  });

  routes.post('/:id/mark', {
    config: { access: DUPLICATE_REVIEWERS },
    schema: {
      tags: ['duplicates'],
      summary: 'Mark one voter of the pair as the duplicate of the other: kept, but out of every list, count and household',
      params: duplicatePairParamsSchema,
      body: markDuplicateSchema,
      response: reviewResponses,
    },
    handler: async (request) => markDuplicate(ctx, actorOf(request), request.params.id, request.body.duplicate_voter_id),
  });

  routes.post('/:id/dismiss', {
    config: { access: DUPLICATE_REVIEWERS },
    schema: { tags: ['duplicates'], summary: 'Not one person: dismiss the pair (a later scan does not bring it back)', params: duplicatePairParamsSchema, response: reviewResponses },
    handler: async (request) => dismissPair(ctx, actorOf(request), request.params.id),
  });

  routes.post('/:id/reopen', {
    config: { access: DUPLICATE_REVIEWERS },
    schema: { tags: ['duplicates'], summary: 'Undo a review: the pair is open again, and a voter marked through it is listed again', params: duplicatePairParamsSchema, response: reviewResponses },
    handler: async (request) => reopenPair(ctx, actorOf(request), request.params.id),
  });
}
