import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '@shared/audit/audit-schemas';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import type { AppContext } from '../../context';
import { auditLogPage } from './audit-use-cases';

// Read-only on purpose: the audit log is append-only, so there is no route that edits
// or deletes a row (the retention purge runs inside the server, not over HTTP).
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['audit'],
      summary: 'Audit log, newest first, 50 a page (spec sections 2 and 7)',
      description: 'start_date and end_date are calendar days in the timezone setting (end_date inclusive), or exact ISO-8601 instants.',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => auditLogPage(ctx.db, request.query),
  });
}
