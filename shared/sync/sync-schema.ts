import { z } from 'zod';
import { VOTER_FIELD_NAMES } from '../voters/voter-fields';
import type { Voter } from '../voters/voter-schema';

// Issue 21 (decision 033): the phone's copy of the voters of its user's booths. A sync pages
// through the voters, then through what changed since; the cursor it answers with is where the
// next call goes on. Rows are arrays of values in the order of `columns` (half the bytes of
// objects repeating every field name on 10,000 voters).

export const SYNC_PAGE_DEFAULT = 2000;
export const SYNC_PAGE_MAX = 5000;

// Opaque to the client: it stores it and sends it back.
const SYNC_CURSOR_INVALID = 'The sync cursor is not valid';
export const syncCursorSchema = z.string().max(200).regex(/^[a-z0-9.]+$/, SYNC_CURSOR_INVALID);

export const syncQuerySchema = z.object({
  cursor: syncCursorSchema.optional(),
  limit: z.coerce.number({ error: 'Limit must be a whole number' }).int('Limit must be a whole number').min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const syncPageSchema = z.object({
  // true: the copy on the phone no longer matches (first sync, the user's booths changed):
  // drop every cached voter before keeping these rows.
  reset: z.boolean(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  // Ids of voters the phone must drop: deleted, marked duplicate, or moved out of its booths.
  removed: z.array(z.number().int()),
  cursor: z.string(),
  // true: call again with `cursor` at once; false: up to date until the next sync.
  more: z.boolean(),
  // The Offline copy setting (issue 57): the phone wipes its copy after this many days without a sync.
  keep_days: z.number().int().min(1),
});
export type SyncPage = z.infer<typeof syncPageSchema>;

// The Idempotency-Key header: one per change queued on a phone (a UUID there), generic for any
// route that opts in (voter add and edit, contacts; poll-day marks later).
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

// The columns of a synced row: the voter as GET /api/voters/:id shows it, `_id` left out
// (the same as id). voter_image is the photo's name: the phone shows the thumbnail from
// GET /api/voters/:id/photo?size=thumb when online, never a full-size photo.
export const SYNC_COLUMNS = ['id', ...VOTER_FIELD_NAMES, 'voter_image', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version', 'support_level', 'last_contact_at'] as const;

export function syncRowOf(voter: Voter): unknown[] {
  const record = voter as unknown as Record<string, unknown>;
  return SYNC_COLUMNS.map((column) => record[column] ?? null);
}

// A synced row back as the voter the screens know; columns are what the server named.
export function voterOfSyncRow(columns: readonly string[], row: readonly unknown[]): Voter {
  const voter: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    voter[column] = row[index] ?? null;
  });
  voter._id = voter.id;
  return voter as unknown as Voter;
}
