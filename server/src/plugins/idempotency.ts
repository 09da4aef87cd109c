import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@shared/sync/sync-schema';
import type { Database } from '../db/schema';
import { claimKey, releaseKey, saveAnswer } from '../features/sync/idempotency-keys-repository';
import { HttpError } from './http-error';

// Idempotent changes (issue 21, decision 033). A phone sends each queued change with an
// Idempotency-Key; a weak connection may lose the answer, and the phone sends it again. A route
// opts in with `config: { idempotent: true }` (one line for any new kind of change, such as
// poll-day marks). The first request with a key claims (user, key) before the handler runs; the
// answer (status and body) is stored before it leaves, and a repeat gets the stored answer,
// marked Idempotent-Replayed, without the change being applied again. A server error or a 429
// gives the claim up, so a retry runs. Keys are kept for a day (features/sync/idempotency-keys-repository.ts).

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 100 letters, digits, - or _';
export const IDEMPOTENCY_OTHER_REQUEST = 'This Idempotency-Key was already used for another change';
export const IDEMPOTENCY_IN_PROGRESS = 'This change is still being saved. Please try again in a moment.';

// What a key stands for: the method and URL. A key sent again with another voter's URL is a
// client mistake, refused rather than answered with the other change's result.
export const requestOf = (request: FastifyRequest) => `${request.method} ${request.url}`;

export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const sent = request.headers[IDEMPOTENCY_HEADER];
    if (sent === undefined) return;
    const key = Array.isArray(sent) ? sent[0] : sent;
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
    const user = request.auth?.user;
    if (!user) return;
    const claim = await claimKey(db, { userId: user.id, key, request: requestOf(request), now: new Date() });
    if (claim.kind === 'used') {
      if (claim.request !== requestOf(request)) throw new HttpError(422, IDEMPOTENCY_OTHER_REQUEST);
      // Still being answered (or the server stopped in between: never applied twice, the
      // phone keeps asking and says so).
      if (claim.status === null || claim.response === null) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
      return reply.code(claim.status).header('Content-Type', 'application/json; charset=utf-8').header('Idempotent-Replayed', 'true').send(claim.response);
    }
    request.idempotencyClaim = { userId: user.id, key };
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      await releaseKey(db, claim);
      return payload;
    }
    await saveAnswer(db, { ...claim, status: reply.statusCode, response: payload });
    return payload;
  });
}
