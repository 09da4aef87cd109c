import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 60: messages to voters by WhatsApp (Business Cloud API) beside SMS. A template may name
// the template Meta approved for it; a send says its channel and keeps the approved name it was
// queued with; each recipient keeps the language of their text and its {{1}}, {{2}}, ... values.
// Nullable columns and a constant default: no rewrite of a table on either database.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voter_message_templates').addColumn('whatsapp_template', 'text').execute();
  await db.schema.alterTable('voter_sends').addColumn('channel', 'text', (col) => col.notNull().defaultTo('sms')).execute();
  await db.schema.alterTable('voter_sends').addColumn('whatsapp_template', 'text').execute();
  await db.schema.alterTable('voter_send_recipients').addColumn('language', 'text').execute();
  await db.schema.alterTable('voter_send_recipients').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voter_send_recipients').dropColumn('params').execute();
  await db.schema.alterTable('voter_send_recipients').dropColumn('language').execute();
  await db.schema.alterTable('voter_sends').dropColumn('whatsapp_template').execute();
  await db.schema.alterTable('voter_sends').dropColumn('channel').execute();
  await db.schema.alterTable('voter_message_templates').dropColumn('whatsapp_template').execute();
}
