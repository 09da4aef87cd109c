import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

// Counts one hit on a rate-limited key, atomically: one INSERT … ON CONFLICT DO UPDATE …
// RETURNING, the same on SQLite and PostgreSQL. An expired window starts again at one; every
// process and node sees the count the hit before it left.
export async function countHit(db: Kysely<Database>, input: { key: string; now: string; expiresAt: string }): Promise<{ hits: number; expires_at: string }> {
  const expired = sql<boolean>`rate_limits.expires_at <= ${input.now}`;
  return db
    .insertInto('rate_limits')
    .values({ key: input.key, hits: 1, expires_at: input.expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limits.hits + 1 END`,
        expires_at: sql<string>`CASE WHEN ${expired} THEN ${input.expiresAt} ELSE rate_limits.expires_at END`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
}

// The current count without counting (rate-limit's `increment: false`).
export async function readHits(db: Kysely<Database>, key: string, now: string): Promise<{ hits: number; expires_at: string } | undefined> {
  return db.selectFrom('rate_limits').select(['hits', 'expires_at']).where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
}

// Counters whose window ended; the retention purge drops them.
export async function forgetExpiredHits(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
