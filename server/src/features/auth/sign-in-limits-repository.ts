import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, SignInLimitsTable } from '../../db/schema';

// "From this many attempts on, no attempt before this time", highest last.
export type AttemptSchedule = { fromAttempts: number; blockedUntil: string }[];

export interface AdmitInput {
  key: string;
  now: string;
  // When a new or restarted counter is forgotten.
  expiresAt: string;
  hardMax: number | null;
  slidingWindow: boolean;
  schedule: AttemptSchedule;
}

// blocked_until for a counter that has just reached `attempts`.
function blockedUntil(attempts: RawBuilder<number>, input: AdmitInput): RawBuilder<string> {
  if (input.schedule.length === 0) return sql<string>`${input.now}`;
  const steps = [...input.schedule].reverse().map((step) => sql`WHEN ${attempts} >= ${step.fromAttempts} THEN ${step.blockedUntil}`);
  return sql<string>`CASE ${sql.join(steps, sql` `)} ELSE ${input.now} END`;
}

// Counts one attempt, atomically: a single INSERT … ON CONFLICT DO UPDATE … WHERE …
// RETURNING, the same on SQLite and PostgreSQL. The update happens only when the attempt
// is admitted (the counter expired, or it is past its slow-down and under its hard limit);
// otherwise no row comes back and the attempt is refused. Parallel requests each see the
// count the one before them left, so N guesses cost N attempts.
export async function admitAttempt(db: Kysely<Database>, input: AdmitInput): Promise<boolean> {
  const expired = sql<boolean>`sign_in_limits.expires_at <= ${input.now}`;
  const next = sql<number>`CASE WHEN ${expired} THEN 1 ELSE sign_in_limits.attempts + 1 END`;
  const underHardMax = input.hardMax === null ? sql`1 = 1` : sql`sign_in_limits.attempts < ${input.hardMax}`;
  const first = [...input.schedule].reverse().find((step) => step.fromAttempts <= 1)?.blockedUntil ?? input.now;
  const row = await db
    .insertInto('sign_in_limits')
    .values({ key: input.key, attempts: 1, blocked_until: first, expires_at: input.expiresAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          attempts: next,
          blocked_until: blockedUntil(next, input),
          expires_at: input.slidingWindow ? sql<string>`${input.expiresAt}` : sql<string>`CASE WHEN ${expired} THEN ${input.expiresAt} ELSE sign_in_limits.expires_at END`,
        })
        .where(sql<boolean>`${expired} OR (sign_in_limits.blocked_until <= ${input.now} AND ${underHardMax})`),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined;
}

export function findAttempts(db: Kysely<Database>, key: string): Promise<SignInLimitsTable | undefined> {
  return db.selectFrom('sign_in_limits').selectAll().where('key', '=', key).executeTakeFirst();
}

// Gives back one counted attempt (a right password, or a key that refused after this one).
export async function refundAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('sign_in_limits')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('sign_in_limits').where('key', '=', key).execute();
}

export async function forgetExpiredAttempts(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sign_in_limits').where('expires_at', '<=', now).execute();
}
