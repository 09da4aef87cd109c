import { z } from 'zod';

// Ids, versions and serials are stored as PostgreSQL `integer`s. A larger number names no
// record, and PostgreSQL does not answer "none" for it but fails the whole query, so such a
// number is refused at the door like any other id that names nothing.
export const MAX_STORED_INTEGER = 2_147_483_647;

// A record's id in a path, query string or body: a whole number from 1, as text or a number.
// One message for every way it can be wrong, since to the caller each means the same.
export function recordIdSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_STORED_INTEGER, message);
}

// The same in a JSON body where the id must already be a number (`true` or "7" is refused).
export function recordIdNumberSchema(message: string) {
  return z.number({ error: message }).int(message).min(1, message).max(MAX_STORED_INTEGER, message);
}
