import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Record versions against lost updates (docs/decisions/015-record-versions.md): each voter,
// user and task counts its writes, and a client's edit names the version it started from.
// The settings, key/value rows, share one version kept in a row of their own.
const TABLES = ['voters', 'users', 'tasks'] as const;
const SETTINGS_VERSION_KEY = 'settings_version';

export async function up(db: Kysely<any>): Promise<void> {
  // A constant default: existing rows start at 1 without a table rewrite on either database.
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('version', 'integer', (column) => column.notNull().defaultTo(1)).execute();
  await db
    .insertInto('settings')
    .values({ key: SETTINGS_VERSION_KEY, value: '1', updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', SETTINGS_VERSION_KEY).execute();
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
}
