import type { Kysely, Transaction } from 'kysely';
import type { InboxPage, MyNotification, NotificationLog, NotificationStats, SmsStatus } from '@shared/notifications/notification-schema';
import type { Database, NotificationRecipientRow, UserRow } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewRecipient {
  user_id: number;
  recipient_name: string;
  mobile: string | null;
  sms_status: SmsStatus;
  sms_error: string | null;
}

// The users a message is addressed to, with what a delivery needs to know about them.
export function findRecipientUsers(db: Executor, ids: number[]): Promise<Pick<UserRow, 'id' | 'full_name' | 'mobile' | 'is_active' | 'role' | 'booth_access'>[]> {
  return db.selectFrom('users').select(['id', 'full_name', 'mobile', 'is_active', 'role', 'booth_access']).where('id', 'in', ids).execute();
}

// The active users of a role with what the messaging rule reads (issue 60): the recipient
// list offers only those the sender may message.
export function listActiveStaffOfRole(db: Executor, role: string): Promise<Pick<UserRow, 'id' | 'username' | 'full_name' | 'role' | 'booth_access'>[]> {
  return db.selectFrom('users').select(['id', 'username', 'full_name', 'role', 'booth_access']).where('role', '=', role).where('is_active', '=', 1).orderBy('full_name').orderBy('id').execute();
}

// The sender's messages since a time, with how many of their SMS were queued (skipped ones
// cost nothing): the parts quota reads the text's parts from the message (issue 60).
export async function recentSmsSends(db: Executor, senderId: number, since: Date): Promise<{ created_at: string; message: string; sms: number }[]> {
  const rows = await db
    .selectFrom('notifications')
    .innerJoin('notification_recipients', 'notification_recipients.notification_id', 'notifications.id')
    .select((eb) => ['notifications.created_at', 'notifications.message', eb.fn.countAll<number>().as('sms')])
    .where('notifications.sender_id', '=', senderId)
    .where('notifications.created_at', '>=', since.toISOString())
    .where('notification_recipients.sms_status', '!=', 'skipped')
    .groupBy(['notifications.id', 'notifications.created_at', 'notifications.message'])
    .orderBy('notifications.created_at')
    .execute();
  return rows.map((row) => ({ created_at: row.created_at, message: row.message, sms: Number(row.sms) }));
}

export async function insertNotification(
  db: Executor,
  input: { message: string; type: string; senderId: number; senderName: string; recipients: NewRecipient[] },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('notifications')
    .values({ message: input.message, type: input.type, sender_id: input.senderId, sender_name: input.senderName, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notification_recipients')
    .values(input.recipients.map((recipient) => ({ ...recipient, notification_id: row.id, read_at: null, sms_attempts: 0, sms_provider_id: null, sms_next_attempt_at: null, sms_updated_at: now })))
    .execute();
  return row.id;
}

// `sentBy` undefined means every notification (office roles); otherwise the ones that
// user sent.
export async function listNotificationLogs(db: Executor, options: { sentBy?: number; limit: number }): Promise<NotificationLog[]> {
  let query = db.selectFrom('notifications').selectAll();
  if (options.sentBy !== undefined) query = query.where('sender_id', '=', options.sentBy);
  const notifications = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  if (notifications.length === 0) return [];
  const recipients = await db
    .selectFrom('notification_recipients')
    .selectAll()
    .where(
      'notification_id',
      'in',
      notifications.map((notification) => notification.id),
    )
    .orderBy('recipient_name')
    .execute();
  const byNotification = new Map<number, NotificationRecipientRow[]>();
  for (const recipient of recipients) {
    const list = byNotification.get(recipient.notification_id) ?? [];
    list.push(recipient);
    byNotification.set(recipient.notification_id, list);
  }
  return notifications.map((notification) => {
    const rows = byNotification.get(notification.id) ?? [];
    return {
      _id: notification.id,
      id: notification.id,
      message: notification.message,
      createdAt: notification.created_at,
      type: notification.type,
      sender_id: notification.sender_id,
      sender_name: notification.sender_name,
      recipients: rows.map((row) => row.user_id),
      readBy: rows.filter((row) => row.read_at !== null).map((row) => row.user_id),
      deliveries: rows.map((row) => ({
        user_id: row.user_id,
        full_name: row.recipient_name,
        read: row.read_at !== null,
        sms_status: row.sms_status as SmsStatus,
        sms_error: row.sms_error,
        sms_attempts: row.sms_attempts,
      })),
    };
  });
}

// Counts over the same set of notifications the logs show: messages sent, and of their
// deliveries how many were read and how many are still unread.
export async function notificationStats(db: Executor, options: { sentBy?: number }): Promise<NotificationStats> {
  let messages = db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count'));
  let deliveries = db
    .selectFrom('notification_recipients')
    .innerJoin('notifications', 'notifications.id', 'notification_recipients.notification_id')
    .select((eb) => [
      eb.fn.count<number>('notification_recipients.read_at').as('reads'),
      eb.fn.countAll<number>().as('total'),
    ]);
  if (options.sentBy !== undefined) {
    messages = messages.where('sender_id', '=', options.sentBy);
    deliveries = deliveries.where('notifications.sender_id', '=', options.sentBy);
  }
  const [messageCount, deliveryCount] = await Promise.all([messages.executeTakeFirstOrThrow(), deliveries.executeTakeFirstOrThrow()]);
  const reads = Number(deliveryCount.reads);
  return {
    total_notifications: Number(messageCount.count),
    total_reads: reads,
    unread_notifications: Number(deliveryCount.total) - reads,
  };
}

export async function listMyNotifications(db: Executor, userId: number, limit: number): Promise<MyNotification[]> {
  const rows = await db
    .selectFrom('notification_recipients')
    .innerJoin('notifications', 'notifications.id', 'notification_recipients.notification_id')
    .select(['notifications.id', 'notifications.message', 'notifications.created_at', 'notifications.sender_name', 'notification_recipients.read_at'])
    .where('notification_recipients.user_id', '=', userId)
    .orderBy('notification_recipients.notification_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    id: row.id,
    message: row.message,
    createdAt: row.created_at,
    sender_name: row.sender_name,
    readBy: row.read_at ? [userId] : [],
  }));
}

// One page of what the user received, newest first, with their own read state and the
// counts over all of it: the page from the (user_id, notification_id) index (migration 032), the
// counts from (user_id, read_at).
export async function listInbox(db: Executor, userId: number, options: { page: number; limit: number }): Promise<InboxPage> {
  const counts = await db
    .selectFrom('notification_recipients')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('read_at').as('reads')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  const rows = await db
    .selectFrom('notification_recipients')
    .innerJoin('notifications', 'notifications.id', 'notification_recipients.notification_id')
    .select(['notifications.id', 'notifications.message', 'notifications.created_at', 'notifications.sender_name', 'notification_recipients.read_at'])
    .where('notification_recipients.user_id', '=', userId)
    // Ids grow with sending time: newest first, read backwards from the (user_id, notification_id) index.
    .orderBy('notification_recipients.notification_id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return {
    items: rows.map((row) => ({ id: row.id, message: row.message, createdAt: row.created_at, sender_name: row.sender_name, readAt: row.read_at })),
    total,
    unread: total - Number(counts.reads),
    page: options.page,
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
  };
}

// Returns false when the user is not a recipient of that notification. Marking twice is
// harmless: the first read time is kept.
export async function markRead(db: Executor, notificationId: number, userId: number): Promise<boolean> {
  const recipient = await db
    .selectFrom('notification_recipients')
    .select('read_at')
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!recipient) return false;
  if (recipient.read_at === null) {
    await db
      .updateTable('notification_recipients')
      .set({ read_at: new Date().toISOString() })
      .where('notification_id', '=', notificationId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}

// Deliveries whose SMS is due: queued, and either never tried or past their back-off.
export function dueSmsDeliveries(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('notification_recipients')
    .innerJoin('notifications', 'notifications.id', 'notification_recipients.notification_id')
    .select(['notification_recipients.notification_id', 'notification_recipients.user_id', 'notification_recipients.mobile', 'notification_recipients.sms_attempts', 'notifications.message'])
    .where('notification_recipients.sms_status', '=', 'queued')
    .where((eb) => eb.or([eb('notification_recipients.sms_next_attempt_at', 'is', null), eb('notification_recipients.sms_next_attempt_at', '<=', now.toISOString())]))
    .orderBy('notifications.id')
    .limit(limit)
    .execute();
}

export async function recordSmsAttempt(
  db: Executor,
  key: { notification_id: number; user_id: number },
  result: { status: SmsStatus; attempts: number; error: string | null; providerId: string | null; nextAttemptAt: Date | null; now: Date },
): Promise<void> {
  await db
    .updateTable('notification_recipients')
    .set({
      sms_status: result.status,
      sms_attempts: result.attempts,
      sms_error: result.error,
      sms_provider_id: result.providerId,
      sms_next_attempt_at: result.nextAttemptAt?.toISOString() ?? null,
      sms_updated_at: result.now.toISOString(),
    })
    .where('notification_id', '=', key.notification_id)
    .where('user_id', '=', key.user_id)
    .execute();
}

export async function countSentSms(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('notification_recipients')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sms_status', '=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
