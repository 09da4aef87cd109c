import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '@shared/audit/audit-schemas';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { nextDay, startOfZonedDay } from '@shared/time/zoned-time';
import type { AppContext } from '../../context';
import { readSettings } from '../settings/settings-repository';
import { listAuditLogs } from './audit-repository';

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
    handler: async (request) => {
      const { page, limit, action, user_id, start_date, end_date } = request.query;
      const { timezone } = await readSettings(ctx.db);
      const isDay = (value: string) => value.length === 10;
      const from = start_date ? (isDay(start_date) ? startOfZonedDay(start_date, timezone) : new Date(start_date)).toISOString() : undefined;
      // A day as the end means "through the end of that day".
      const before = end_date
        ? isDay(end_date)
          ? startOfZonedDay(nextDay(end_date), timezone).toISOString()
          : new Date(new Date(end_date).getTime() + 1).toISOString()
        : undefined;
      const { rows, total } = await listAuditLogs(ctx.db, { action, userId: user_id, from, before }, { page, limit });
      return { logs: rows, totalPages: Math.ceil(total / limit), total, page };
    },
  });
}
