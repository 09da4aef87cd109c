import type { ServiceAttachment } from '@shared/service-requests/service-attachment-schema';
import type { Executor } from '../../db/dialects/database-dialect';

// A request's attachments (migration 059); the list never carries the bytes.
const LISTED = ['id', 'request_id', 'kind', 'file_name', 'size', 'created_by_name', 'created_at'] as const;

export async function listAttachments(db: Executor, requestId: number): Promise<ServiceAttachment[]> {
  return db.selectFrom('service_request_attachments').select(LISTED).where('request_id', '=', requestId).orderBy('id').execute();
}

export async function countAttachments(db: Executor, requestId: number): Promise<number> {
  const row = await db.selectFrom('service_request_attachments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('request_id', '=', requestId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAttachment(db: Executor, requestId: number, id: number) {
  return db
    .selectFrom('service_request_attachments')
    .select([...LISTED, 'photo_name', 'content'])
    .where('request_id', '=', requestId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewAttachment {
  request_id: number;
  kind: 'photo' | 'pdf';
  file_name: string;
  size: number;
  photo_name: string | null;
  content: Buffer | null;
  created_by: number;
  created_by_name: string;
}

export async function insertAttachment(db: Executor, attachment: NewAttachment): Promise<number> {
  const row = await db
    .insertInto('service_request_attachments')
    .values({ ...attachment, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAttachmentRow(db: Executor, requestId: number, id: number): Promise<void> {
  await db.deleteFrom('service_request_attachments').where('request_id', '=', requestId).where('id', '=', id).execute();
}
