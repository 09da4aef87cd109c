import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { IMPORT_DEFAULT_MAX_MB, IMPORT_FILE_FIELD, importResultSchema } from '@shared/voters/voter-import-schema';
import type { AppContext } from '../../context';
import { detectKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { receiveSpreadsheetUpload, removeLeftoverUploads, UPLOAD_PREFIX, uploadsDir } from '../../lib/spreadsheets/spreadsheet-upload';
import { signedInUser } from '../../plugins/access-control';
import type { ImportTimings } from './import/voter-import';
import { writeImportTemplate, XLSX_CONTENT_TYPE } from './voter-spreadsheets';
import { importVoterFile } from './voters-use-cases';

// Left over uploads are cleared when the server starts (server.ts imports it from here).
export { removeLeftoverUploads };

const roundTimings = (timings: ImportTimings) => ({
  savingMs: Math.round(timings.savingMs),
  indexBuildMs: Math.round(timings.indexBuildMs),
  waitingForReaderMs: Math.round(timings.waitingForReaderMs),
  indexesDeferred: timings.indexesDeferred,
});

const isTrue = (value: unknown) => value === 'true' || value === '1' || value === 'on';

export async function voterImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Limits are set per request (the file size comes from IMPORT_MAX_MB).
  await app.register(fastifyMultipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const maxMb = ctx.config.importMaxMb ?? IMPORT_DEFAULT_MAX_MB;

  routes.post('/import', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'Import voters from .xlsx, .xls or .csv (multipart: file, update_existing=true to update voters whose Voter ID exists)',
      consumes: ['multipart/form-data'],
      response: { 200: importResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const base = uploadsDir(ctx.config.dataDir);
      await mkdir(base, { recursive: true });
      const directory = await mkdtemp(path.join(base, UPLOAD_PREFIX));
      try {
        const received = await receiveSpreadsheetUpload(request, directory, maxMb, IMPORT_FILE_FIELD);
        const upload = { path: received.path, fileName: received.fileName, updateExisting: isTrue(received.fields.update_existing) };
        const kind = await detectKind(upload.path, upload.fileName);
        // Timings only: the server log holds no request bodies (the audit row has the file name and counts).
        const result = await importVoterFile(ctx, { user, ipAddress: request.ip }, { ...upload, kind }, (timings) =>
          request.log.info({ import: { kind, ...roundTimings(timings) } }, 'voter import finished'),
        );
        return result;
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  });

  routes.get('/import/template', {
    config: { access: ADMIN_ROLES },
    schema: {
      tags: ['voters'],
      summary: 'An .xlsx template: the headers, an example row, and a sheet of the allowed values of each list column',
      // 200 is the .xlsx file.
      response: { 200: z.unknown(), 401: errorSchema, 403: errorSchema },
    },
    handler: async (_request, reply) => {
      const stream = new PassThrough();
      void writeImportTemplate(stream).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', 'attachment; filename="voters_import_template.xlsx"')
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  });
}
