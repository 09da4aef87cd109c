import type { FastifyRequest } from 'fastify';
import { VOTER_FIELD_NAMES } from '@shared/voters/voter-fields';
import { sentVersionSchema } from '@shared/records/record-version';
import { PHOTO_TOO_LARGE } from '@shared/voters/voter-schema';
import { HttpError, validationError } from '../../plugins/http-error';
import { assertNoNul } from '../../plugins/text-without-nul';

// POST and PUT /api/voters take a multipart form (spec section 7: every voter field as text,
// the photo as the file field voter_image). A JSON body is accepted too, for scripts.
export interface VoterForm {
  fields: Record<string, unknown>;
  photo: Buffer | null;
  removePhoto: boolean;
  // The version the edit started from (PUT), when the client sent one.
  version?: number;
}

export const PHOTO_FIELD = 'voter_image';
const KNOWN_FIELDS = new Set<string>([...VOTER_FIELD_NAMES, 'remove_image', 'version']);

function isFileTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function readVoterForm(request: FastifyRequest): Promise<VoterForm> {
  const fields: Record<string, unknown> = {};
  let photo: Buffer | null = null;
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) throw new HttpError(400, 'The request body must be a form');
    for (const [key, value] of Object.entries(body ?? {})) if (KNOWN_FIELDS.has(key)) fields[key] = value;
  } else {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== PHOTO_FIELD) {
            await part.toBuffer();
            throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}"`);
          }
          const bytes = await part.toBuffer();
          // A form with no file chosen still sends an empty file part.
          if (bytes.length > 0) photo = bytes;
        } else if (KNOWN_FIELDS.has(part.fieldname)) {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        }
      }
    } catch (error) {
      if (isFileTooLarge(error)) throw new HttpError(413, PHOTO_TOO_LARGE, { voter_image: PHOTO_TOO_LARGE });
      // Anything else (the parser's own complaints included) goes to the error handler.
      throw error;
    }
  }
  // A JSON body was checked at the door (text-without-nul.ts); multipart fields are read here.
  assertNoNul(fields);
  const remove = fields.remove_image;
  delete fields.remove_image;
  const version = sentVersionSchema.safeParse(fields.version);
  delete fields.version;
  if (!version.success) throw validationError(version.error, 'version');
  return { fields, photo, removePhoto: remove === true || remove === 'true' || remove === '1', version: version.data };
}

// What an Idempotency-Key is bound to (decision 059): the fields and the version. The photo and
// remove_image are left out: a form whose answer was lost goes to the phone's outbox without its
// photo (photos are not queued), and its resend is still the same change.
export const keyedFieldsOf = (form: VoterForm): Record<string, unknown> => ({ ...form.fields, version: form.version });
