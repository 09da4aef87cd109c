import type { FastifyInstance } from 'fastify';
import { APP_BUILD_HEADER } from '@shared/health/health-schema';

// Every /api answer (errors and refusals included) names the web build this server serves, so
// a page still running older screens notices and offers to reload. Added before the routes, at
// the root, so every route inherits it. No build served (tests, the dev server): no header.
export function announceWebBuild(app: FastifyInstance, webBuild: string | null): void {
  if (!webBuild) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api')) reply.header(APP_BUILD_HEADER, webBuild);
    return payload;
  });
}
