import type { FastifyInstance } from 'fastify';
import { withDeadline } from '../db/request-deadline';

// Every request's database waits share one deadline from its start (db/request-deadline.ts,
// decision 080). Not for work that is long by nature: uploads (a voter import, roll PDFs, an
// attachment: the request lasts as long as its file takes to come and be saved), routes marked
// `longWork` (a roll's commit, batch after batch) and the streamed prints and exports (`heavy`,
// decision 063), which keep their own limits.
declare module 'fastify' {
  interface FastifyContextConfig {
    longWork?: boolean;
  }
}

export function registerRequestDeadline(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const upload = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
    const { config } = request.routeOptions;
    if (upload || config.heavy || config.longWork) {
      done();
      return;
    }
    // The rest of the request runs inside (Fastify goes on from `done`); once it is answered,
    // whatever it left running is no longer held to the deadline.
    const { end } = withDeadline(ms, () => done());
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
  });
}
