import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built React app and answers unknown paths: JSON 404 under /api,
// the app's index.html elsewhere so client-side routes survive a reload.
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // Hashed assets never change; index.html must always be fetched fresh.
      setHeaders(res, filePath) {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api') || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    // A path with a file extension is a missing asset, not a client route.
    if (path.extname(pathname)) return reply.code(404).send({ message: `Not found: ${pathname}` });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
