import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { settingsSchema } from '@shared/settings/settings-schema';
import type { AppContext } from '../../context';
import { readSettings } from './settings-repository';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'The application settings (spec section 3), defaults filled in',
      response: { 200: settingsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async () => readSettings(ctx.db),
  });
}
