import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { exportFileName } from '@shared/voters/voter-import-schema';
import { type VoterFilters, voterQuerySchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { XLSX_CONTENT_TYPE } from './voter-spreadsheets';
import { exportVoters } from './voters-use-cases';

export async function voterExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The workbook is written into the response as rows are read: the first bytes leave at once.
  // The first page is read before the headers go, so a query the database refuses (a NUL in a
  // filter on PostgreSQL, an outage) is answered with its status and message, not a cut download.
  async function sendExport(request: FastifyRequest, reply: FastifyReply, filters: Partial<VoterFilters>, all: boolean) {
    const actor = { user: signedInUser(request).user, ipAddress: request.ip };
    const stream = await exportVoters(ctx, actor, filters, { all, onFailed: (error) => request.log.error({ err: error }, 'voter export failed') });
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  }

  // Heavy: one export at a time per user, a few per process (plugins/heavy-work.ts, decision 063).
  routes.get('/export/excel', {
    config: { access: ADMIN_ROLES, heavy: true },
    schema: {
      tags: ['voters'],
      summary: "Every voter the user may see, as a streamed .xlsx (voters_export_YYYY-MM-DD.xlsx) stamped with who exported it and when; 429 past the daily export limit or while another of the user's exports runs",
      // 200 is the .xlsx file.
      response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
    handler: (request, reply) => sendExport(request, reply, {}, true),
  });

  routes.get('/exp/excel', {
    config: { access: ADMIN_ROLES, heavy: true },
    schema: {
      tags: ['voters'],
      summary: "The voters matching the filters of GET /api/voters (page and limit ignored), as a streamed, stamped .xlsx; 429 past the daily export limit or while another of the user's exports runs",
      querystring: voterQuerySchema,
      response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
    },
    handler: (request, reply) => {
      const { page: _page, limit: _limit, ...filters } = request.query;
      const used = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<VoterFilters>;
      return sendExport(request, reply, used, false);
    },
  });
}
