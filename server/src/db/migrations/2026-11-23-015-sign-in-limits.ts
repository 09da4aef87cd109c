import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Issue 17: sign-in limits that hold under concurrency and across app nodes, and sessions
// that remember whether they passed two-factor.
export async function up(db: Kysely<any>): Promise<void> {
  // One counter per limited thing ("ip:…", "user:…", "device:…"), bumped by one atomic
  // upsert before a password or code is checked. Times are ISO text, compared as text.
  await db.schema
    .createTable('sign_in_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    // No attempt is admitted before this time (the slow-down for unknown devices).
    .addColumn('blocked_until', 'text', (col) => col.notNull())
    // The counter is forgotten from this time on.
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_limits_expires_idx').on('sign_in_limits').column('expires_at').execute();

  // 1 when the session was opened with a second factor; switching two-factor on for a
  // role ends that role's sessions that did not.
  await db.schema.alterTable('sessions').addColumn('two_factor_passed', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  // Two-factor now applies to the roles in two_factor_roles (office roles by default). An
  // installation that had it on for everyone keeps it on for everyone.
  const enabled = await db.selectFrom('settings').select('value').where('key', '=', 'enable_2fa').executeTakeFirst();
  const chosen = await db.selectFrom('settings').select('key').where('key', '=', 'two_factor_roles').executeTakeFirst();
  if (enabled?.value === 'true' && !chosen) {
    await db
      .insertInto('settings')
      .values({ key: 'two_factor_roles', value: 'Super Admin,Admin,Supervisor,Karyakarta', updated_at: new Date().toISOString() })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', 'two_factor_roles').execute();
  await db.schema.alterTable('sessions').dropColumn('two_factor_passed').execute();
  await db.schema.dropTable('sign_in_limits').execute();
}
