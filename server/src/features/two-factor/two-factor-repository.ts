import type { Kysely, Transaction } from 'kysely';
import type { Database, LoginChallengeRow, UserTwoFactorRow } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export function findTwoFactor(db: Executor, userId: number): Promise<UserTwoFactorRow | undefined> {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

// A new, unconfirmed secret; replaces an earlier one that was never confirmed (several
// writes: the caller runs them in a transaction).
export async function savePendingSecret(db: Executor, userId: number, secret: string, now: Date = new Date()): Promise<void> {
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  await db.insertInto('user_two_factor').values({ user_id: userId, secret, confirmed_at: null, last_time_step: null, created_at: now.toISOString() }).execute();
}

// The first right code confirms the authenticator and issues fresh recovery codes
// (several writes: the caller runs them in a transaction).
export async function confirmTwoFactor(db: Executor, userId: number, timeStep: number, recoveryCodeHashes: string[], now: Date = new Date()): Promise<void> {
  await db.updateTable('user_two_factor').set({ confirmed_at: now.toISOString(), last_time_step: timeStep }).where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  for (const codeHash of recoveryCodeHashes) {
    await db.insertInto('two_factor_recovery_codes').values({ user_id: userId, code_hash: codeHash, used_at: null, created_at: now.toISOString() }).execute();
  }
}

// Only moves forward, so two requests cannot both use one code.
export async function advanceTimeStep(db: Executor, userId: number, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Marks a recovery code used; false when it does not exist or was used already.
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// A Super Admin reset: the user enrols again at their next sign-in (several writes: the
// caller runs them in a transaction).
export async function deleteTwoFactor(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

export async function createLoginChallenge(db: Executor, input: { idHash: string; userId: number; ttlMs: number; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  // Old challenges are useless; dropping them here keeps the table small without a job.
  await db.deleteFrom('login_challenges').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('login_challenges')
    .values({ id_hash: input.idHash, user_id: input.userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + input.ttlMs).toISOString(), used_at: null })
    .execute();
}

export function findLoginChallenge(db: Executor, idHash: string): Promise<LoginChallengeRow | undefined> {
  return db.selectFrom('login_challenges').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
}

export async function recordChallengeFailure(db: Executor, idHash: string): Promise<void> {
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id_hash', '=', idHash)
    .execute();
}

// True for the one request that gets to use the challenge.
export async function consumeLoginChallenge(db: Executor, idHash: string, now: Date = new Date()): Promise<boolean> {
  const result = await db.updateTable('login_challenges').set({ used_at: now.toISOString() }).where('id_hash', '=', idHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
