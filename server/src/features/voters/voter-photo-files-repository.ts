import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Voter photo bytes in PostgreSQL (migration 038, decision 043): one row per photo, both sizes.
export async function insertPhotoFile(db: Kysely<Database>, file: { name: string; full: Buffer; thumb: Buffer; now: string }): Promise<void> {
  await db.insertInto('voter_photo_files').values({ name: file.name, full_size: file.full, thumbnail: file.thumb, created_at: file.now }).execute();
}

export async function findPhotoFile(db: Kysely<Database>, name: string, size: 'full' | 'thumb'): Promise<Buffer | undefined> {
  const column = size === 'thumb' ? 'thumbnail' : 'full_size';
  const row = await db.selectFrom('voter_photo_files').select(column).where('name', '=', name).executeTakeFirst();
  return row?.[column];
}

export async function deletePhotoFile(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('voter_photo_files').where('name', '=', name).execute();
}
