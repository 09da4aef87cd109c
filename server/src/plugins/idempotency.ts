import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@shared/sync/sync-schema';
import type { Executor } from '../db/dialects/database-dialect';
import type { Database } from '../db/schema';
import { HttpError } from './http-error';
import { claimKey, keepAnswer, type KeyedRequest, releaseKey, renewLease, saveAnswer } from './idempotency-keys-repository';

// Idempotent changes (issue 21, decision 033; issue 57, decision 059). A phone sends each
// queued change with an Idempotency-Key; a weak connection may lose the answer, and the phone
// sends it again. A route opts in with `config: { idempotent: true }` (the JSON body, validated,
// is the request's fields) or `idempotent: 'form'` (a multipart form the handler reads: it
// calls request.claimIdempotencyKey with the fields it read). The first request with a key
// claims (user, key) for its method, path and a hash of its fields; the answer is kept with
// the change, in its transaction (answerKeeper), and again as it leaves; a repeat gets the
// stored answer, marked Idempotent-Replayed, without the change being applied again. The same
// key with another URL or other fields is refused (422) and changes nothing. A server error or
// a 429 before any answer was kept gives the claim up, so a retry runs. The claim holds for a
// short lease renewed while the request runs: if its process dies, the lease runs out and the
// retry takes the claim over and runs once (the change died with the process).

export type IdempotencyMode = boolean | 'form';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: IdempotencyMode;
  }
  interface FastifyRequest {
    idempotencyClaim: HeldKey | null;
    // For `idempotent: 'form'` routes, once the form is read: claims the key for these fields.
    // True when the request was answered already (a replay, or a refusal was thrown).
    claimIdempotencyKey: (reply: FastifyReply, fields: unknown) => Promise<boolean>;
  }
}

interface HeldKey {
  userId: number;
  key: string;
  token: string;
  renewal: NodeJS.Timeout | null;
}

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 100 letters, digits, - or _';
export const IDEMPOTENCY_OTHER_REQUEST = 'This Idempotency-Key was already used for another change';
export const IDEMPOTENCY_IN_PROGRESS = 'This change is still being saved. Please try again in a moment.';

// How long a claim holds unrenewed (IDEMPOTENCY_LEASE_MS): after a crash the retry waits this
// long at most. Renewed every third of it while the request runs; 15 s is well past a blocked
// event loop's worst and well within a phone's next retry.
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 15_000;
// A request still running after this long stops renewing (its own limits have long ended it).
const RENEW_AT_MOST_MS = 10 * 60_000;

// What a key stands for: the method and URL. A key sent again with another voter's URL is a
// client mistake, refused rather than answered with the other change's result.
export const requestOf = (request: FastifyRequest) => `${request.method} ${request.url}`;

// Fields as text, keys sorted: a form sent as multipart (every value text, null as '') and the
// same change queued as JSON (numbers, booleans, null) hash alike.
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, field]) => [name, canonical(field)]),
    );
  }
  return String(value);
}

// The request a key is bound to: method and URL, and a hash of them with the fields.
export function keyedRequestOf(request: FastifyRequest, fields: unknown): KeyedRequest {
  const what = requestOf(request);
  return { request: what, requestHash: createHash('sha256').update(`${what}\n${JSON.stringify(canonical(fields))}`).digest('base64url') };
}

function sentKey(request: FastifyRequest): string | null {
  const sent = request.headers[IDEMPOTENCY_HEADER];
  if (sent === undefined) return null;
  const key = Array.isArray(sent) ? sent[0] : sent;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
  return key;
}

// For the change's transaction: keeps the answer with the change (see keepAnswer in the
// repository). Undefined when the request holds no key. A claim lost meanwhile (this request
// outlived its lease and a retry took the key over) rolls the change back and answers 409.
export type AnswerKeeper<T> = (trx: Executor, result: T) => Promise<void>;

export function answerKeeper<T>(request: FastifyRequest, status: number, toBody: (result: T) => unknown): AnswerKeeper<T> | undefined {
  const claim = request.idempotencyClaim;
  if (!claim) return undefined;
  return async (trx, result) => {
    const kept = await keepAnswer(trx, { ...claim, status, response: JSON.stringify(toBody(result)) });
    if (!kept) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
  };
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>, options: { leaseMs?: number } = {}): void {
  const leaseMs = options.leaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  app.decorateRequest('idempotencyClaim', null);

  const stopRenewing = (claim: HeldKey) => {
    if (claim.renewal) clearInterval(claim.renewal);
    claim.renewal = null;
  };

  // Claims the key for these fields, or answers the request (replay) or refuses it.
  async function claim(request: FastifyRequest, reply: FastifyReply, key: string, fields: unknown): Promise<boolean> {
    const user = request.auth?.user;
    if (!user) return false;
    const keyed = keyedRequestOf(request, fields);
    const claimed = await claimKey(db, { userId: user.id, key, ...keyed, now: new Date(), leaseMs });
    if (claimed.kind === 'used') {
      // Another URL, or the same URL with other fields: a client mistake; nothing is applied.
      if (claimed.request !== keyed.request || (claimed.requestHash !== null && claimed.requestHash !== keyed.requestHash)) throw new HttpError(422, IDEMPOTENCY_OTHER_REQUEST);
      // Still being answered, within its lease: the phone asks again later.
      if (claimed.status === null || claimed.response === null) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
      reply.code(claimed.status).header('Content-Type', 'application/json; charset=utf-8').header('Idempotent-Replayed', 'true').send(claimed.response);
      return true;
    }
    if (claimed.takenOver) request.log.warn({ key }, 'idempotency key taken over: the request that claimed it stopped without answering (its lease ran out)');
    const held: HeldKey = { userId: user.id, key, token: claimed.token, renewal: null };
    const started = Date.now();
    held.renewal = setInterval(() => {
      if (Date.now() - started > RENEW_AT_MOST_MS) return stopRenewing(held);
      renewLease(db, { ...held, now: new Date(), leaseMs }).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency lease not renewed'));
    }, Math.max(1, Math.floor(leaseMs / 3)));
    held.renewal.unref();
    request.idempotencyClaim = held;
    return false;
  }

  app.decorateRequest('claimIdempotencyKey', async function claimForForm(this: FastifyRequest, reply: FastifyReply, fields: unknown): Promise<boolean> {
    if (this.routeOptions.config.idempotent !== 'form' || this.idempotencyClaim) return false;
    const key = sentKey(this);
    return key === null ? false : claim(this, reply, key, fields);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = request.routeOptions.config.idempotent;
    if (!mode) return;
    const key = sentKey(request);
    // A form's fields are read by its handler, which claims the key then.
    if (key === null || mode === 'form') return;
    if (await claim(request, reply, key, request.body ?? null)) return reply;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = null;
    stopRenewing(held);
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      await releaseKey(db, held);
      return payload;
    }
    await saveAnswer(db, { ...held, status: reply.statusCode, response: payload });
    return payload;
  });

  // A request that never reached onSend (its connection failed on the way out) still stops renewing.
  app.addHook('onResponse', async (request: FastifyRequest) => {
    if (request.idempotencyClaim) stopRenewing(request.idempotencyClaim);
  });
}
