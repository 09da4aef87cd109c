import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES, ALL_ROLES } from '@shared/auth/roles';
import { conflictSchema } from '@shared/records/record-version';
import { publicSettingsSchema, settingsUpdateSchema, versionedSettingsSchema } from '@shared/settings/settings-schema';
import type { AppContext } from '../../context';
import { requestActor } from '../audit/actor';
import { readPublicSettings } from './settings-repository';
import { readVersionedSettings, updateSettings } from './settings-use-cases';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'The application settings (spec section 3), defaults filled in, and their version',
      response: { 200: versionedSettingsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async () => readVersionedSettings(ctx.db),
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

  // Issue 18: the sign-in page speaks the Language setting before anyone signs in (a user's
  // own choice takes over once they are known). Harmless to show: it is on every screen.
  routes.get('/language', {
    config: { access: 'public' },
    schema: {
      tags: ['settings'],
      summary: 'The Language setting: the default interface language, for the sign-in page',
      response: { 200: publicSettingsSchema.pick({ language: true }) },
    },
    handler: async () => ({ language: (await readPublicSettings(ctx.db)).language }),
  });

  // The spec's screen sends the whole object; any subset is accepted and merged. With the
  // version the page loaded, a save over someone else's newer one answers 409.
  routes.put('/', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['settings'],
      summary: 'Change settings; each value is checked against its options; version = the version edited',
      body: settingsUpdateSchema,
      response: { 200: versionedSettingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: conflictSchema(versionedSettingsSchema) },
    },
    handler: async (request) => updateSettings(ctx.db, ctx.dialect, requestActor(request), request.body),
  });
}
