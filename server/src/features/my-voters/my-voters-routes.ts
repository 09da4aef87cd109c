import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { myVotersSchema } from '@shared/booths/booth-schema';
import type { AppContext } from '../../context';
import { signedInUser } from '../../plugins/access-control';
import { pageSizeOf } from '../booths/booths-use-cases';
import { myVoters } from './my-voters-use-cases';

// /api/my-voters: the web's My voters screen (features/my-voters), a Karyakarta's held voters.
export async function myVotersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/', {
    config: { access: ['Karyakarta'] },
    schema: {
      tags: ['my-voters'],
      summary: "The Karyakarta's voters: those on the pages and in the houses they hold, within their booth access, grouped by household",
      response: { 200: myVotersSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request) => myVoters(ctx.db, signedInUser(request).user, await pageSizeOf(ctx.db)),
  });
}
