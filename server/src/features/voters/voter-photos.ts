import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sniffImageType } from '../../lib/file-types';
import { HttpError } from '../../plugins/error-handler';
import { deletePhotoFile, findPhotoFile, insertPhotoFile } from './voter-photo-files-repository';

// Voter photos: checked by content, re-encoded (which drops EXIF, GPS and any payload hidden
// in the file), stored with a thumbnail under a random name (a PhotoStore: files in
// DATA_DIR/uploads/voters on SQLite, rows in PostgreSQL), and only ever served through the
// authenticated, booth-scoped GET /api/voters/{id}/photo.
export const NOT_AN_IMAGE = 'Photo must be a JPEG, PNG, GIF or WebP image';
const FULL_SIZE = 1200;
const THUMB_SIZE = 160;
// A small file can still decode to a huge bitmap; refuse anything past 40 megapixels.
const MAX_PIXELS = 40_000_000;
const FILE_NAME = /^[a-f0-9]{32}\.webp$/;

export type PhotoSize = 'full' | 'thumb';

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
}

// field: the form field the refusal names (voter_image on the voter form).
export async function processPhoto(bytes: Buffer, field = 'voter_image'): Promise<ProcessedPhoto> {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new HttpError(400, NOT_AN_IMAGE, { [field]: NOT_AN_IMAGE });
  // Loaded with the first photo: libvips holds ~17 MB a server that never sees a photo can keep.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== sniffed) throw new Error(`content says ${sniffed}, decoder says ${metadata.format}`);
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const upright = image.rotate();
    const full = await upright.clone().resize(FULL_SIZE, FULL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const thumb = await upright.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 70 }).toBuffer();
    return { full, thumb };
  } catch {
    throw new HttpError(400, NOT_AN_IMAGE, { [field]: NOT_AN_IMAGE });
  }
}

function photoDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'voters');
}

export function photoPath(dataDir: string, fileName: string, size: PhotoSize): string | null {
  // The name comes from our own column, but never let a path reach the file system unchecked.
  if (!FILE_NAME.test(fileName)) return null;
  const name = size === 'thumb' ? fileName.replace(/\.webp$/, '-thumb.webp') : fileName;
  return path.join(photoDir(dataDir), name);
}

const newPhotoName = () => `${randomBytes(16).toString('hex')}.webp`;

// Where photos are kept (decision 043): one seam, chosen once in buildApp.
export interface PhotoStore {
  // Saves both sizes under a new random name and returns it (the voters.voter_image value).
  save(photo: ProcessedPhoto): Promise<string>;
  read(name: string, size: PhotoSize): Promise<Buffer | null>;
  // Nothing for no name or a name already gone.
  remove(name: string | null): Promise<void>;
}

// One machine (SQLite): files beside the database, backed up with DATA_DIR.
export function diskPhotoStore(dataDir: string): PhotoStore {
  return {
    save: (photo) => savePhoto(dataDir, photo),
    async read(name, size) {
      const file = photoPath(dataDir, name, size);
      return file ? readFile(file).catch(() => null) : null;
    },
    remove: (name) => removePhoto(dataDir, name),
  };
}

// PostgreSQL: in the database, so every app node serves every photo (issue 23). A photo saved as
// a file before the move (one node on PostgreSQL before migration 038) is still read from disk.
export function databasePhotoStore(db: Kysely<Database>, dataDir: string): PhotoStore {
  const disk = diskPhotoStore(dataDir);
  return {
    async save(photo) {
      const name = newPhotoName();
      await insertPhotoFile(db, { name, full: photo.full, thumb: photo.thumb, now: new Date().toISOString() });
      return name;
    },
    async read(name, size) {
      if (!FILE_NAME.test(name)) return null;
      return (await findPhotoFile(db, name, size)) ?? disk.read(name, size);
    },
    async remove(name) {
      if (!name) return;
      await deletePhotoFile(db, name);
      await disk.remove(name);
    },
  };
}

export async function savePhoto(dataDir: string, photo: ProcessedPhoto): Promise<string> {
  await mkdir(photoDir(dataDir), { recursive: true, mode: 0o700 });
  const fileName = newPhotoName();
  const fullPath = photoPath(dataDir, fileName, 'full');
  const thumbPath = photoPath(dataDir, fileName, 'thumb');
  if (!fullPath || !thumbPath) throw new Error('generated photo name is invalid');
  await writeFile(fullPath, photo.full, { mode: 0o600, flag: 'wx' });
  await writeFile(thumbPath, photo.thumb, { mode: 0o600, flag: 'wx' });
  return fileName;
}

export async function removePhoto(dataDir: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  for (const size of ['full', 'thumb'] as const) {
    const file = photoPath(dataDir, fileName, size);
    if (file) await rm(file, { force: true });
  }
}
