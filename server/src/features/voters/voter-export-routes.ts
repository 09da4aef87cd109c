import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { exportFileName } from '@shared/voters/voter-import-schema';
import { type VoterFilters, voterQuerySchema } from '@shared/voters/voter-schema';
import type { AppContext } from '../../context';
import type { VoterRow } from '../../db/schema';
import { signedInUser } from '../../plugins/access-control';
import { recordAudit } from '../audit/audit-repository';
import { assertBoothAllowed, boothScopeFor } from './voter-access';
import { voterPageAfter } from './voter-bulk-repository';
import type { BoothScope } from './voters-repository';
import { writeVoterExport, XLSX_CONTENT_TYPE } from './voter-spreadsheets';

// Rows read per keyset page: big enough to be quick, small enough to keep memory flat.
const EXPORT_PAGE = 2000;
const FIRST_PAGE = 100;

export async function voterExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function* pages(filters: Partial<VoterFilters>, scope: BoothScope): AsyncGenerator<VoterRow[]> {
    let afterId = 0;
    // A small first page, so the first bytes leave before the big pages are read.
    let limit = FIRST_PAGE;
    for (;;) {
      const page = await voterPageAfter(ctx.db, { filters, scope, dialect: ctx.dialect, afterId, limit });
      if (page.length === 0) return;
      yield page;
      afterId = page[page.length - 1]!.id;
      if (page.length < limit) return;
      limit = EXPORT_PAGE;
    }
  }

  // The first (small) page, then the rest, from one reader.
  async function* resumed(first: IteratorResult<VoterRow[]>, rest: AsyncGenerator<VoterRow[]>): AsyncGenerator<VoterRow[]> {
    if (first.done) return;
    yield first.value;
    yield* rest;
  }

  // The workbook is written into the response as rows are read: the first bytes leave at once.
  // The first page is read before the headers go, so a query the database refuses (a NUL in a
  // filter on PostgreSQL, an outage) is answered with its status and message, not a cut download.
  async function sendExport(request: FastifyRequest, reply: FastifyReply, filters: Partial<VoterFilters>, all: boolean) {
    const { user } = signedInUser(request);
    const scope = boothScopeFor(user);
    assertBoothAllowed(scope, filters.booth, 'view');
    const started = Date.now();
    const reader = pages(filters, scope);
    const first = await reader.next();
    const stream = new PassThrough();
    void writeVoterExport(stream, resumed(first, reader))
      .then(async ({ rows, complete }) => {
        await recordAudit(ctx.db, {
          action: 'EXPORT_VOTERS',
          userId: user.id,
          userName: user.full_name,
          tableName: 'voters',
          ipAddress: request.ip,
          details: { all, filters, rows, complete, ms: Date.now() - started },
        });
      })
      .catch((error: unknown) => {
        // Headers are gone by now: all that can be done is to cut the download short.
        request.log.error({ err: error }, 'voter export failed');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  }

  routes.get('/export/excel', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'Every voter the user may see, as a streamed .xlsx (voters_export_YYYY-MM-DD.xlsx)',
      // 200 is the .xlsx file.
      response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema },
    },
    handler: (request, reply) => sendExport(request, reply, {}, true),
  });

  routes.get('/exp/excel', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'The voters matching the filters of GET /api/voters (page and limit ignored), as a streamed .xlsx',
      querystring: voterQuerySchema,
      response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (request, reply) => {
      const { page: _page, limit: _limit, ...filters } = request.query;
      const used = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<VoterFilters>;
      return sendExport(request, reply, used, false);
    },
  });
}
