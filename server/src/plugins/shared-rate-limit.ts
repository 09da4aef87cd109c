import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countHit, readHits } from './rate-limit-repository';

// Rate limits shared by every server process and node (issue 23, decision 039). The plugin's
// default store is one process's memory: with N processes a sender would get N times the
// quota. Counters live in the database instead (rate_limits, migration 034), as the sign-in
// limits do (decision 018). This is the one place that chooses the store: when several nodes
// share a Redis (REDIS_URL), the plugin's own Redis store.

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function databaseRateLimitStore(db: Kysely<Database>, clock: () => number = Date.now): FastifyRateLimitStoreCtor {
  const storeFor = (namespace: string): FastifyRateLimitStore & { read(key: string, callback: Callback, timeWindow: number): void } => ({
    incr(key, callback: Callback, timeWindow) {
      const now = clock();
      countHit(db, { key: `${namespace}|${key}`, now: new Date(now).toISOString(), expiresAt: new Date(now + timeWindow).toISOString() }).then(
        (row) => callback(null, { current: row.hits, ttl: Math.max(0, Date.parse(row.expires_at) - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    read(key, callback: Callback) {
      const now = clock();
      readHits(db, `${namespace}|${key}`, new Date(now).toISOString()).then(
        (row) => callback(null, row ? { current: row.hits, ttl: Math.max(0, Date.parse(row.expires_at) - now) } : { current: 0, ttl: 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // One namespace per route, so two routes' limits never share a counter.
    child: (routeOptions) => storeFor(`${routeOptions.method}:${routeOptions.url}`),
  });
  return class DatabaseRateLimitStore {
    constructor(_options: FastifyRateLimitOptions) {
      return storeFor('global');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

// The rate-limit plugin's options for a route group: the shared store. With REDIS_URL the
// plugin's own Redis store (one script per hit, counters expire by themselves; decision 043).
export function sharedRateLimitOptions(db: Kysely<Database>, redis?: Redis): Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'> {
  if (redis) return { redis, nameSpace: 'rate-limit:' };
  return { store: databaseRateLimitStore(db) };
}
