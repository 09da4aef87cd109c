import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ROUTE_ACCESS } from '@shared/auth/route-access';
import { type SyncPage, syncPageSchema, syncQuerySchema } from '@shared/sync/sync-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { syncVoters } from './sync-use-cases';

type Encoding = 'br' | 'gzip';

// Brotli when the client takes it, else gzip; none when it asks for neither.
export function pickEncoding(accepted: string | undefined): Encoding | undefined {
  const names = (accepted ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(?:\.0*)?$/.test(quality.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (names.includes('br')) return 'br';
  if (names.includes('gzip')) return 'gzip';
  return undefined;
}

// The bytes as they go out (a Buffer is sent as it is, past the response schema: the page was
// built by the use case to that schema).
// Brotli quality 4: nearly gzip's speed, smaller (the level compressing servers use for JSON).
function compressed(page: SyncPage, encoding: Encoding): Buffer {
  const body = Buffer.from(JSON.stringify(page));
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(body, { level: 6 });
}

export async function syncRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/voters', {
    config: { access: ROUTE_ACCESS['GET /api/sync/voters'] },
    schema: {
      tags: ['sync'],
      summary: "A page of the phone's copy of the voters of the user's booths: all of them first, then what changed since the cursor (rows as arrays in the order of columns; removed: ids to drop)",
      querystring: syncQuerySchema,
      response: { 200: syncPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => {
      const page = await syncVoters(ctx, { user: signedInUser(request).user, ipAddress: request.ip }, request.query.cursor, request.query.limit);
      // Voter data: never kept by a shared cache, and the phone asks again each time anyway.
      void reply.header('Cache-Control', 'private, no-store');
      // The biggest answer a phone receives (a booth's voters, about 3.6 MB as JSON for 10,000):
      // compressed here whatever else compresses answers, so the first sync stays under its
      // 2 MB target. A compressing plugin leaves an answer with a Content-Encoding alone.
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return page;
      return reply.header('Content-Type', 'application/json; charset=utf-8').header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding').send(compressed(page, encoding) as unknown as SyncPage);
    },
  });
}
