import type { MultipartFile } from '@fastify/multipart';
import type { BoothScope } from '@shared/auth/booth-scope';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_MISSING,
  ATTACHMENT_NOT_FOUND,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_WRONG_TYPE,
  ATTACHMENTS_FULL,
  ATTACHMENTS_PER_REQUEST,
  type ServiceAttachment,
} from '@shared/service-requests/service-attachment-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import { sniffFileType } from '../../lib/file-types';
import { HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { serviceRequestRecordName } from '../audit/record-names';
import { processPhoto } from '../voters/voter-photos';
import { countAttachments, deleteAttachmentRow, findAttachment, insertAttachment, listAttachments } from './service-attachments-repository';
import { officeToday, visibleRequest } from './service-requests-use-cases';

// Attachments of a service request (issue 59, decision 077). Whoever may read a request may
// read and add its attachments (a field user: requests of their booths); the office deletes.
async function readableRequest(db: Executor, scope: BoothScope, id: number) {
  return visibleRequest(db, scope, id, await officeToday(db));
}

export async function listRequestAttachments(db: Executor, scope: BoothScope, id: number): Promise<ServiceAttachment[]> {
  await readableRequest(db, scope, id);
  return listAttachments(db, id);
}

// The name the user's device gave the file, kept only to show: no path, no control characters.
function displayName(name: string | undefined, kind: 'photo' | 'pdf'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 120);
  return clean || (kind === 'pdf' ? 'application.pdf' : 'photo.webp');
}

export async function readAttachmentFile(file: MultipartFile | undefined): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  if (!file) throw new HttpError(400, ATTACHMENT_MISSING, { [ATTACHMENT_FIELD]: ATTACHMENT_MISSING });
  if (file.fieldname !== ATTACHMENT_FIELD) {
    await file.toBuffer().catch(() => undefined);
    throw new HttpError(400, `Unexpected file field "${file.fieldname.slice(0, 40)}"`);
  }
  try {
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new HttpError(400, ATTACHMENT_MISSING, { [ATTACHMENT_FIELD]: ATTACHMENT_MISSING });
    return { bytes, fileName: file.filename };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ATTACHMENT_TOO_LARGE, { [ATTACHMENT_FIELD]: ATTACHMENT_TOO_LARGE });
    throw error;
  }
}

// The type is what the bytes say (magic numbers), not the name: a photo is re-encoded through
// the voter-photo code (EXIF and hidden payloads dropped) into the photo store; a PDF is kept as is.
export async function addAttachment(ctx: AppContext, actor: StaffActor, scope: BoothScope, id: number, upload: { bytes: Buffer; fileName: string | undefined }): Promise<ServiceAttachment> {
  const request = await readableRequest(ctx.db, scope, id);
  if ((await countAttachments(ctx.db, id)) >= ATTACHMENTS_PER_REQUEST) throw new HttpError(409, ATTACHMENTS_FULL);
  const type = sniffFileType(upload.bytes);
  if (!type) throw new HttpError(400, ATTACHMENT_WRONG_TYPE, { [ATTACHMENT_FIELD]: ATTACHMENT_WRONG_TYPE });
  const kind = type === 'pdf' ? 'pdf' : 'photo';
  const photoName = kind === 'photo' ? await ctx.photos.save(await processPhoto(upload.bytes, ATTACHMENT_FIELD).catch(() => {
    throw new HttpError(400, ATTACHMENT_WRONG_TYPE, { [ATTACHMENT_FIELD]: ATTACHMENT_WRONG_TYPE });
  })) : null;
  try {
    const attachmentId = await ctx.db.transaction().execute(async (trx) => {
      // Counted again in the transaction: two uploads at once may not pass the limit together.
      if ((await countAttachments(trx, id)) >= ATTACHMENTS_PER_REQUEST) throw new HttpError(409, ATTACHMENTS_FULL);
      const fileName = displayName(upload.fileName, kind);
      const newId = await insertAttachment(trx, {
        request_id: id,
        kind,
        file_name: fileName,
        size: upload.bytes.length,
        photo_name: photoName,
        content: kind === 'pdf' ? upload.bytes : null,
        created_by: actor.userId,
        created_by_name: actor.userName,
      });
      await recordAudit(trx, {
        action: 'ATTACH_SERVICE_REQUEST_FILE',
        ...actor,
        tableName: 'service_requests',
        recordId: id,
        recordName: serviceRequestRecordName(request),
        details: { attachment_id: newId, kind, file_name: fileName, size: upload.bytes.length },
      });
      return newId;
    });
    const saved = (await listAttachments(ctx.db, id)).find((row) => row.id === attachmentId);
    if (!saved) throw new Error('attachment vanished after insert');
    return saved;
  } catch (error) {
    await ctx.photos.remove(photoName);
    throw error;
  }
}

export async function attachmentBytes(ctx: AppContext, scope: BoothScope, id: number, attachmentId: number, size: 'full' | 'thumb'): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  await readableRequest(ctx.db, scope, id);
  const row = await findAttachment(ctx.db, id, attachmentId);
  const bytes = row?.kind === 'pdf' ? row.content : row?.photo_name ? await ctx.photos.read(row.photo_name, size) : null;
  if (!row || !bytes) throw new HttpError(404, ATTACHMENT_NOT_FOUND);
  return { bytes: Buffer.from(bytes), contentType: row.kind === 'pdf' ? 'application/pdf' : 'image/webp', fileName: row.file_name };
}

export async function removeAttachment(ctx: AppContext, actor: StaffActor, id: number, attachmentId: number): Promise<void> {
  const request = await readableRequest(ctx.db, { kind: 'all' }, id);
  const row = await findAttachment(ctx.db, id, attachmentId);
  if (!row) throw new HttpError(404, ATTACHMENT_NOT_FOUND);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAttachmentRow(trx, id, attachmentId);
    await recordAudit(trx, {
      action: 'DELETE_SERVICE_REQUEST_FILE',
      ...actor,
      tableName: 'service_requests',
      recordId: id,
      recordName: serviceRequestRecordName(request),
      details: { attachment_id: attachmentId, kind: row.kind, file_name: row.file_name },
    });
  });
  // The photo's bytes go once the row is gone (a failed delete keeps both).
  await ctx.photos.remove(row.photo_name);
}
