import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

// The household card shows each member's support: the latest contact's outcome, which the
// contacts feature keeps in voters.support_level. This is the one place households read it. A
// database without that column (the contacts feature not yet installed) gives no support levels
// rather than an error; whether the column exists is asked once per database handle.
const SUPPORT_COLUMN = 'support_level';
const columnKnown = new WeakMap<Kysely<Database>, Promise<boolean>>();

function hasSupportColumn(db: Kysely<Database>): Promise<boolean> {
  let known = columnKnown.get(db);
  if (!known) {
    known = db.introspection.getTables().then((tables) => tables.some((table) => table.name === 'voters' && table.columns.some((column) => column.name === SUPPORT_COLUMN)));
    columnKnown.set(db, known);
  }
  return known;
}

export async function supportLevels(db: Kysely<Database>, voterIds: readonly number[]): Promise<Map<number, string | null>> {
  const levels = new Map<number, string | null>();
  if (voterIds.length === 0 || !(await hasSupportColumn(db))) return levels;
  const rows = await db
    .selectFrom('voters')
    .select(['id', sql<string | null>`${sql.ref(SUPPORT_COLUMN)}`.as('support')])
    .where('id', 'in', [...voterIds])
    .execute();
  for (const row of rows) levels.set(row.id, row.support === null || row.support === undefined ? null : String(row.support));
  return levels;
}
