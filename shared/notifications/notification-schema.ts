import { z } from 'zod';
import { recordIdSchema } from '../records/record-id';
import { smsLength } from '../sms/sms-length';

// Spec sections 3, 5 and 9: one SMS is at most 160 characters, counted as the gateway counts
// them (issue 60): GSM-7 septets (an extension character such as € is two) or, for text with
// Devanagari or Gujarati, UTF-16 units (Unicode text of 160 goes out as 3 parts; the counter
// says so and the cost counts it).
export const SMS_MAX_LENGTH = 160;
export const MESSAGE_TOO_LONG = `A message can be at most ${SMS_MAX_LENGTH} characters`;
export const MESSAGE_REQUIRED = 'Please enter a message';
export const RECIPIENTS_REQUIRED = 'Please select a role and at least one user';
export const SILENCE_REASON_TEXT = 'The reason must be text';

export const sendNotificationSchema = z.object({
  message: z
    .string({ error: MESSAGE_REQUIRED })
    .trim()
    .min(1, MESSAGE_REQUIRED)
    .refine((text) => smsLength(text).units <= SMS_MAX_LENGTH, MESSAGE_TOO_LONG),
  recipients: z
    .array(recordIdSchema(RECIPIENTS_REQUIRED), { error: RECIPIENTS_REQUIRED })
    .min(1, RECIPIENTS_REQUIRED)
    .max(1000, 'At most 1000 recipients per message'),
  type: z.literal('manual', { error: 'Only manual notifications can be sent' }).default('manual'),
  // Issue 22: a Super Admin sends SMS during the silence period before the poll only with a reason.
  silence_override_reason: z.string({ error: SILENCE_REASON_TEXT }).trim().max(300, 'The reason can be at most 300 characters').optional(),
});
export type SendNotificationInput = z.input<typeof sendNotificationSchema>;

export const SMS_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const deliverySchema = z.object({
  user_id: z.number().int(),
  full_name: z.string().nullable(),
  read: z.boolean(),
  sms_status: z.enum(SMS_STATUSES),
  sms_error: z.string().nullable(),
  sms_attempts: z.number().int(),
});

export const notificationLogSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  type: z.string(),
  sender_id: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  recipients: z.array(z.number().int()),
  readBy: z.array(z.number().int()),
  deliveries: z.array(deliverySchema),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;

export const notificationStatsSchema = z.object({
  total_notifications: z.number().int(),
  total_reads: z.number().int(),
  unread_notifications: z.number().int(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

// What one SMS part costs, for the estimate beside the message box (the sms_price_paise setting).
// The price of one SMS part and, where the server sends WhatsApp (decision 079), of one WhatsApp
// template message (null: no WhatsApp channel).
export const smsPricingSchema = z.object({ price_paise_per_part: z.number().int(), whatsapp_price_paise: z.number().int().nullable() });
export type SmsPricing = z.infer<typeof smsPricingSchema>;

// What a recipient sees: only their own read state, never the other recipients.
export const myNotificationSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  sender_name: z.string().nullable(),
  readBy: z.array(z.number().int()),
});
export type MyNotification = z.infer<typeof myNotificationSchema>;

// The inbox (issue 21): every user's received messages, newest first, a page at a time.
export const INBOX_PAGE_SIZE = 20;
export const inboxQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1),
  limit: z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be 1 or more').max(100, 'Limit must be 100 or less').default(INBOX_PAGE_SIZE),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  sender_name: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
