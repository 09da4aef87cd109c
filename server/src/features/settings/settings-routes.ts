import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { publicSettingsSchema, settingsSchema } from '@shared/settings/settings-schema';
import type { AppContext } from '../../context';
import { requestActor } from '../audit/actor';
import { readPublicSettings, readSettings } from './settings-repository';
import { updateSettings } from './settings-use-cases';

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
    handler: async (request) => updateSettings(ctx.db, requestActor(request), request.body),
  });
}
