import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shared/auth/auth-schemas';
import { ADMIN_ROLES } from '@shared/auth/roles';
import { IMPORT_DEFAULT_MAX_MB, IMPORT_FILE_FIELD, importResultSchema } from '@shared/voters/voter-import-schema';
import type { AppContext } from '../../context';
import { detectKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { signedInUser } from '../../plugins/access-control';
import { HttpError } from '../../plugins/error-handler';
import type { ImportTimings } from './import/voter-import';
import { writeImportTemplate, XLSX_CONTENT_TYPE } from './voter-spreadsheets';
import { importVoterFile } from './voters-use-cases';

interface Upload {
  path: string;
  fileName: string;
  updateExisting: boolean;
}

const UPLOAD_PREFIX = 'import-';
const uploadsDir = (dataDir: string) => path.join(dataDir, 'tmp');

// Each import removes its upload when it ends; one cut short by a crash or a kill cannot, so
// the server clears what is left when it starts, before any import can be running.
export async function removeLeftoverUploads(dataDir: string): Promise<void> {
  const base = uploadsDir(dataDir);
  const names = await readdir(base).catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(UPLOAD_PREFIX)).map((name) => rm(path.join(base, name), { recursive: true, force: true })));
}

const roundTimings = (timings: ImportTimings) => ({
  savingMs: Math.round(timings.savingMs),
  indexBuildMs: Math.round(timings.indexBuildMs),
  waitingForReaderMs: Math.round(timings.waitingForReaderMs),
  indexesDeferred: timings.indexesDeferred,
});

const isTrue = (value: unknown) => value === 'true' || value === '1' || value === 'on';

function tooLarge(maxMb: number): HttpError {
  return new HttpError(413, `The file is larger than ${maxMb} MB; split it into smaller files`);
}

// Streams the one file of the form to disk (never whole in memory) and reads the other fields.
async function receiveUpload(request: FastifyRequest, directory: string, maxMb: number): Promise<Upload> {
  const maxBytes = maxMb * 1024 * 1024;
  // A declared length far past the limit is refused before a byte of the file is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw tooLarge(maxMb);
  if (!request.isMultipart()) throw new HttpError(400, 'Choose a file to import');
  let upload: Omit<Upload, 'updateExisting'> | undefined;
  let updateExisting = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FILE_FIELD || upload) {
          part.file.resume();
          continue;
        }
        const target = path.join(directory, 'upload');
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) throw tooLarge(maxMb);
        upload = { path: target, fileName: part.filename };
      } else if (part.fieldname === 'update_existing') {
        updateExisting = isTrue(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
    throw error;
  }
  if (!upload) throw new HttpError(400, 'Choose a file to import');
  return { ...upload, updateExisting };
}

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
        const upload = await receiveUpload(request, directory, maxMb);
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
