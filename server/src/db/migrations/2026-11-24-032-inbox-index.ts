import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 21, every user's inbox: one user's received messages, newest first, a page at a time.
// notification_recipients_user_idx (user_id, read_at) finds a user's rows but not in order, so
// each page read and sorted all of them (24 ms p50 on PostgreSQL for a user with 1,500). With
// (user_id, notification_id) a page is one short backwards range of the index: notification ids
// grow with time, so they order the inbox as the sending time does.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notification_recipients_user_notification_idx').on('notification_recipients').columns(['user_id', 'notification_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_recipients_user_notification_idx').execute();
}
