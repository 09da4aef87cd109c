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
