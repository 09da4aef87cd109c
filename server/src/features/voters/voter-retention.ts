import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PhotoStore } from './voter-photos';

const BATCH = 500;

// Retention (data_retention_days): voters soft-deleted before the cutoff are removed for
// good, with their photos, in batches so a large purge never holds a long write lock.
export async function purgeSoftDeletedVotersBefore(db: Kysely<Database>, cutoff: string, photos: PhotoStore | undefined): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await db
      .selectFrom('voters')
      .select(['id', 'voter_image'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return purged;
    await db
      .deleteFrom('voters')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    if (photos) for (const row of rows) await photos.remove(row.voter_image);
    purged += rows.length;
  }
}
