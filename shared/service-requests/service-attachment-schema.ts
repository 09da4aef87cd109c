import { z } from 'zod';
import { recordIdSchema } from '../records/record-id';

// Attachments of a service request (issue 59, decision 077): photos or a PDF of the application.
// The limits are the server's; the web checks them first to spare a wasted upload.
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_REQUEST = 10;
export const ATTACHMENT_FIELD = 'file';
export const ATTACHMENT_TOO_LARGE = 'A file may be at most 5 MB';
export const ATTACHMENT_WRONG_TYPE = 'Attach a photo (JPEG, PNG, GIF or WebP) or a PDF';
export const ATTACHMENT_MISSING = 'Choose a file to attach';
export const ATTACHMENTS_FULL = `A request holds at most ${ATTACHMENTS_PER_REQUEST} attachments`;
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

export const ATTACHMENT_KINDS = ['photo', 'pdf'] as const;

export const serviceAttachmentSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  kind: z.enum(ATTACHMENT_KINDS),
  file_name: z.string(),
  size: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ServiceAttachment = z.infer<typeof serviceAttachmentSchema>;

export const serviceAttachmentListSchema = z.object({ items: z.array(serviceAttachmentSchema) });

export const attachmentParamsSchema = z.object({
  id: recordIdSchema('Service request id must be a positive number'),
  attachmentId: recordIdSchema('Attachment id must be a positive number'),
});

export const attachmentQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });

// GET /api/service-requests/:id/receipt: the facts printed on the receipt, in the language
// chosen for the citizen, with the SMS/WhatsApp text and the click-to-chat link.
export const serviceReceiptSchema = z.object({
  receipt_no: z.string(),
  registered_on: z.string(),
  category: z.string(),
  status: z.string(),
  office_name: z.string(),
  citizen_name: z.string(),
  citizen_mobile: z.string().nullable(),
  language: z.enum(['en', 'mr', 'hi', 'gu']),
  message: z.string(),
  whatsapp_href: z.string().nullable(),
});
export type ServiceReceipt = z.infer<typeof serviceReceiptSchema>;
