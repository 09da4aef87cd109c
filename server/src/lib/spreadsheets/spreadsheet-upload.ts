import { createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/error-handler';

// A spreadsheet sent as a multipart form: the one file streamed to disk (never whole in
// memory), the other fields read as short text. Shared by the voter import and the past
// results import (issue 61).

export interface SpreadsheetUpload {
  path: string;
  fileName: string;
  fields: Record<string, string>;
}

export const UPLOAD_PREFIX = 'import-';
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'tmp');

// Each import removes its upload when it ends; one cut short by a crash or a kill cannot, so
// the server clears what is left when it starts, before any import can be running.
export async function removeLeftoverUploads(dataDir: string): Promise<void> {
  const base = uploadsDir(dataDir);
  const names = await readdir(base).catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(UPLOAD_PREFIX)).map((name) => rm(path.join(base, name), { recursive: true, force: true })));
}

function tooLarge(maxMb: number): HttpError {
  return new HttpError(413, `The file is larger than ${maxMb} MB; split it into smaller files`);
}

export async function receiveSpreadsheetUpload(request: FastifyRequest, directory: string, maxMb: number, fileField: string): Promise<SpreadsheetUpload> {
  const maxBytes = maxMb * 1024 * 1024;
  // A declared length far past the limit is refused before a byte of the file is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw tooLarge(maxMb);
  if (!request.isMultipart()) throw new HttpError(400, 'Choose a file to import');
  let upload: Omit<SpreadsheetUpload, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || upload) {
          part.file.resume();
          continue;
        }
        const target = path.join(directory, 'upload');
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) throw tooLarge(maxMb);
        upload = { path: target, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
    throw error;
  }
  if (!upload) throw new HttpError(400, 'Choose a file to import');
  return { ...upload, fields };
}
