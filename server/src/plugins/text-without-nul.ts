import type { FastifyInstance } from 'fastify';
import { HttpError, TEXT_HAS_NUL } from './http-error';

// Issue 17: NUL (U+0000) in any text is refused at the door, the same way on both databases.
// PostgreSQL cannot store it (it refused the statement, answering 400 only where the query ran);
// SQLite stored it, and its search (FTS5) failed with a 500. One hook sees every query string,
// path parameter and JSON body before validation, so no schema or route has to remember it;
// multipart forms are read by their routes and call findNul on the fields they read.

// Where in a parsed value a NUL sits, as the dotted path a validation error names ('request'
// for a NUL in a key or the whole value); undefined when nowhere. Walked with a stack, not
// recursion: a 1 MB JSON body can nest half a million levels deep.
export function findNul(value: unknown, name = ''): string | undefined {
  const pending: [unknown, string][] = [[value, name]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'request';
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    for (const [key, inner] of Object.entries(current)) {
      if (key.includes('\u0000')) return path || 'request';
      pending.push([inner, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

export function textHasNulError(field: string): HttpError {
  return new HttpError(400, TEXT_HAS_NUL, { [field]: TEXT_HAS_NUL });
}

export function assertNoNul(value: unknown): void {
  const field = findNul(value);
  if (field !== undefined) throw textHasNulError(field);
}

// After sign-in and role checks (onRequest), before the schemas.
export function refuseTextWithNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertNoNul(request.params);
    assertNoNul(request.query);
    assertNoNul(request.body);
  });
}
