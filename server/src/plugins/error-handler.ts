import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { DatabaseDialect } from '../db/dialects/database-dialect';
import { unavailableReason } from '../db/unavailable-reason';
import { isRequestDeadline } from '../db/request-deadline';
import { SpreadsheetError, type SpreadsheetErrorReason } from '../lib/spreadsheets/spreadsheet-error';
import { EditConflictError, HttpError, TEXT_HAS_NUL, validationError } from './http-error';

// One error shape everywhere: { message } (plus `fields` for validation errors).
// 5xx details are logged, never sent to the client.
export { EditConflictError, HttpError, TEXT_HAS_NUL, validationError };

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length',
};

// A spreadsheet the readers refuse is the client's file: 413 when it is too large to be read,
// 400 otherwise. The one place a reason gets its status (here and in the import's answer).
const SPREADSHEET_STATUS: Record<SpreadsheetErrorReason, number> = {
  'unsupported-type': 400,
  damaged: 400,
  bomb: 400,
  'too-large': 413,
  'too-much-text': 400,
  'row-too-long': 400,
};

export function spreadsheetHttpError(error: SpreadsheetError): HttpError {
  return new HttpError(SPREADSHEET_STATUS[error.reason], error.message);
}

export const DATABASE_UNAVAILABLE = 'The database is not reachable just now. Please try again in a moment.';

export const FORM_UNREADABLE = 'The form could not be read; send it as multipart/form-data';
const MULTIPART_PARSE_ERROR = /multipart|boundary|unexpected end of form|malformed part header/i;

function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || context || 'request';
}

export function registerErrorHandlers(app: FastifyInstance, dialect: Pick<DatabaseDialect, 'classifyError'>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SpreadsheetError) {
      return reply.code(SPREADSHEET_STATUS[error.reason]).send({ message: error.message });
    }
    if (error instanceof EditConflictError) {
      return reply.code(409).send({ message: error.message, current: error.current });
    }
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
    const databaseError = dialect.classifyError(error);
    if (databaseError === 'text-has-nul') {
      return reply.code(400).send({ message: TEXT_HAS_NUL });
    }
    if (databaseError === 'unavailable' || isRequestDeadline(error)) {
      request.log.error({ err: error }, unavailableReason(error));
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
