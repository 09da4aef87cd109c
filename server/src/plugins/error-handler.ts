import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, TEXT_HAS_NUL } from './http-error';

// One error shape everywhere: { message } (plus `fields` for validation errors).
// 5xx details are logged, never sent to the client.
export { HttpError, TEXT_HAS_NUL };

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length',
};

export const DATABASE_UNAVAILABLE = 'The database is not reachable just now. Please try again in a moment.';

// Network failures and PostgreSQL's "connection exception" class (08xxx), shutdown and
// overload codes: the request did not fail, the database was away.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const CONNECTION_MESSAGES = [/timeout exceeded when trying to connect/i, /Connection terminated/i, /Client has encountered a connection error/i, /connect ECONNREFUSED/];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

// PostgreSQL refuses the NUL character in text (SQLite would store it): a client's input
// error, not ours.
const TEXT_REFUSED_CODES = new Set(['22021', '22P05']);

export const FORM_UNREADABLE = 'The form could not be read; send it as multipart/form-data';
const MULTIPART_PARSE_ERROR = /multipart|boundary|unexpected end of form|malformed part header/i;

function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || context || 'request';
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.fields ? { message: error.message, fields: error.fields } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? first[1] : 'Invalid request';
      return reply.code(400).send({ message, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    if (TEXT_REFUSED_CODES.has(String((error as { code?: unknown }).code))) {
      return reply.code(400).send({ message: TEXT_HAS_NUL });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    // The multipart parser's own complaints (no boundary, a cut-off body) are the client's
    // doing, whichever upload route met them.
    if (error instanceof Error && MULTIPART_PARSE_ERROR.test(error.message)) {
      return reply.code(400).send({ message: FORM_UNREADABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    const message = CLIENT_ERROR_MESSAGES[error.code] ?? (error.message || 'Invalid request');
    return reply.code(status).send({ message });
  });
}
