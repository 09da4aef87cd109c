import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// A strict Content-Security-Policy: scripts only from our own origin, never inline.
// Inline *styles* are allowed because the toast and chart libraries set element styles.
const setSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Photos and exports are same-origin; no cross-origin embedding is needed.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
});

// Helmet's middleware is built once, here, and run on every answer (errors and refusals too).
// @fastify/helmet built it anew for every request, parsing the policy each time: 3% of a
// poll-day mark's CPU (decision 040).
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
