import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built React app and answers unknown paths: JSON 404 under /api,
// the app's index.html elsewhere so client-side routes survive a reload.
// Issue 21: the build writes a brotli (.br) and a gzip (.gz) copy beside each text file
// (web/build/precompress.ts); `preCompressed` sends the one the browser accepts, with no
// compression work per request. Files under /assets/ carry a hash of their content in their
// name, so a browser keeps them a year without asking again; everything else (index.html,
// the service worker, the manifest, icons) is checked with the server on each use (no-cache:
// a 304 when unchanged), so an update is seen at once.
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function cacheControlFor(webDistDir: string, filePath: string): string {
  const relative = path.relative(webDistDir, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? IMMUTABLE_CACHE : 'no-cache';
}

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlFor(webDistDir, filePath));
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
