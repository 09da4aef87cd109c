import { z } from 'zod';
import { MAX_STORED_INTEGER } from './record-id';

// Record versions against lost updates (docs/decisions/015-record-versions.md). Every voter,
// user and task, and the settings as a whole, carry a version that each write raises by one.
// An edit sends the version it started from; the server refuses it with 409 and the current
// record when someone saved in between, and the form shows what changed.

// A version as the API returns it.
export const recordVersionSchema = z.number().int().positive();

// A version as an edit sends it: a number in JSON, text in a multipart form. Left out, the
// edit is a last-writer-wins write of the fields sent (API clients; the web app always sends it).
const VERSION_INVALID = 'Version must be a whole number';
export const sentVersionSchema = z
  .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, VERSION_INVALID).transform(Number)], { error: VERSION_INVALID })
  .pipe(z.number().int(VERSION_INVALID).positive(VERSION_INVALID).max(MAX_STORED_INTEGER, VERSION_INVALID))
  .optional();

// The 409 of an edit that started from an older version: the record as it is now (as GET
// shows it to the caller). Other 409s (a username taken) have no `current`.
export function conflictSchema<T extends z.ZodType>(record: T) {
  return z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional(), current: record.optional() });
}
