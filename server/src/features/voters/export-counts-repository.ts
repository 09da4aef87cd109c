import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The daily export limit's counter. Taking a slot is one conditional upsert: the row is
// created at 1 or raised by 1 only while it is under the limit, so N parallel requests at the
// limit take at most the slots that are left (the row lock on PostgreSQL, the single writer on
// SQLite). Returns the user's count for the day including this export, or null when the limit
// is reached.
export async function takeExportSlot(db: Kysely<Database>, slot: { userId: number; day: string; limit: number }): Promise<number | null> {
  if (slot.limit <= 0) return null;
  const row = await db
    .insertInto('export_counts')
    .values({ user_id: slot.userId, day: slot.day, exports: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ exports: eb('export_counts.exports', '+', 1) }))
        .where('export_counts.exports', '<', slot.limit),
    )
    .returning('exports')
    .executeTakeFirst();
  return row ? Number(row.exports) : null;
}

// An export that failed before its first byte (a filter the database refused) does not count.
export async function returnExportSlot(db: Kysely<Database>, slot: { userId: number; day: string }): Promise<void> {
  await db
    .updateTable('export_counts')
    .set((eb) => ({ exports: eb('exports', '-', 1) }))
    .where('user_id', '=', slot.userId)
    .where('day', '=', slot.day)
    .where('exports', '>', 0)
    .execute();
}
