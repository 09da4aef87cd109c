import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { publicSettingsSchema, type Settings, settingsSchema } from '@shared/settings/settings-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { recordAudit } from '../audit/audit-repository';
import { readPublicSettings, readSettings, writeSettings } from './settings-repository';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'The application settings (spec section 3), defaults filled in',
      response: { 200: settingsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async () => readSettings(ctx.db),
  });

  routes.get('/public', {
    config: { access: ALL_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'The display settings every signed-in user needs: app_name, timezone, language',
      response: { 200: publicSettingsSchema, 401: errorSchema },
    },
    handler: async () => readPublicSettings(ctx.db),
  });

  // The spec's screen sends the whole object; any subset is accepted and merged.
  routes.put('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'Change settings; each value is checked against its options',
      body: settingsSchema.partial(),
      response: { 200: settingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return ctx.db.transaction().execute(async (trx) => {
        const before = await readSettings(trx);
        const changed: Partial<Record<keyof Settings, { from: string; to: string }>> = {};
        const changes: Partial<Settings> = {};
        for (const key of Object.keys(request.body) as (keyof Settings)[]) {
          const value = request.body[key];
          if (value === undefined || value === before[key]) continue;
          changed[key] = { from: before[key], to: value };
          Object.assign(changes, { [key]: value });
        }
        if (Object.keys(changes).length > 0) {
          await writeSettings(trx, changes);
          await recordAudit(trx, {
            action: 'UPDATE_SETTINGS',
            userId: user.id,
            userName: user.full_name,
            tableName: 'settings',
            recordId: Object.keys(changes).join(',').slice(0, 200),
            ipAddress: request.ip,
            details: { changed },
          });
        }
        return { ...before, ...changes };
      });
    },
  });
}
