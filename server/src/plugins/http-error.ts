import type { z } from 'zod';

// An error the client caused, answered with its status and message (error-handler.ts). Kept
// apart from the handler so code that runs on worker threads can throw it without Fastify.
// `headers` go out with the answer (Retry-After on a 429), so use cases need no reply.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

// PostgreSQL refuses the NUL character in text (SQLite would store it).
export const TEXT_HAS_NUL = 'Text must not contain the NUL character';

// An edit that started from an older version of the record (409): the answer carries the
// record as it is now, so the form can show what someone else changed.
export class EditConflictError extends HttpError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super(409, message);
  }
}

// Zod issues as the API's validation error: the first message, and one message per field.
export function validationError(error: z.ZodError, field?: string): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || field || 'request';
    fields[name] ??= issue.message;
  }
  const [first] = Object.values(fields);
  return new HttpError(400, first ?? 'Invalid request', fields);
}
