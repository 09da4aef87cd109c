import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 59, appointments in full (docs/decisions/091-leaders-calendars-and-walk-in-tokens.md):
// - appointment_calendars: one per leader (working weekdays, day start and end, slot length, the
//   reminder SMS switch). The bookings made before this migration move to a first calendar that
//   keeps the old day (every weekday, 10:00 to 18:00 in 15-minute slots).
// - appointment_blocked_days: a calendar's days off, with their reason.
// - appointment_tokens: the walk-in queue of a hearing day; appointment_token_counters hands out
//   each calendar's and day's next token number in one atomic upsert, so two desks never get
//   the same number (and the unique index would refuse it if they did).
// - appointments: the calendar, an optional service request, the reminder's state. A slot is held
//   once per calendar: the unique index now reads (calendar, day, time), and a checked-in booking
//   holds its slot too.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('appointment_calendars'))
    .addColumn('name', 'text', (col) => col.notNull())
    // ISO weekdays, Monday 1 to Sunday 7, comma-separated ('1,2,3,4,5,6').
    .addColumn('working_days', 'text', (col) => col.notNull())
    .addColumn('day_start', 'text', (col) => col.notNull())
    .addColumn('day_end', 'text', (col) => col.notNull())
    .addColumn('slot_minutes', 'integer', (col) => col.notNull())
    .addColumn('reminder_sms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reminder_dlt_template_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('appointment_calendars_name_unique').on('appointment_calendars').column('name').unique().execute();
  const now = new Date().toISOString();
  const first = await db
    .insertInto('appointment_calendars')
    .values({ name: 'Leader', working_days: '1,2,3,4,5,6,7', day_start: '10:00', day_end: '18:00', slot_minutes: 15, reminder_sms: 0, reminder_dlt_template_id: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  await withIdColumn(db, db.schema.createTable('appointment_blocked_days'))
    .addColumn('calendar_id', 'integer', (col) => col.notNull().references('appointment_calendars.id').onDelete('cascade'))
    .addColumn('blocked_date', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointment_blocked_days_unique').on('appointment_blocked_days').columns(['calendar_id', 'blocked_date']).unique().execute();

  await db.schema
    .createTable('appointment_token_counters')
    .addColumn('calendar_id', 'integer', (col) => col.notNull().references('appointment_calendars.id').onDelete('cascade'))
    .addColumn('token_date', 'text', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('appointment_token_counters_pk', ['calendar_id', 'token_date'])
    .execute();

  await withIdColumn(db, db.schema.createTable('appointment_tokens'))
    .addColumn('calendar_id', 'integer', (col) => col.notNull().references('appointment_calendars.id').onDelete('cascade'))
    .addColumn('token_date', 'text', (col) => col.notNull())
    .addColumn('token_number', 'integer', (col) => col.notNull())
    .addColumn('voter_id', 'integer', (col) => col.references('voters.id').onDelete('set null'))
    .addColumn('visitor_name', 'text', (col) => col.notNull())
    .addColumn('visitor_mobile', 'text')
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('booth', 'text')
    .addColumn('village', 'text')
    .addColumn('service_request_id', 'integer', (col) => col.references('service_requests.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('checked_in_at', 'text')
    .addColumn('called_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // One number per calendar and day; also the queue's order.
  await db.schema.createIndex('appointment_tokens_number_unique').on('appointment_tokens').columns(['calendar_id', 'token_date', 'token_number']).unique().execute();

  // SQLite adds a column with a foreign key only when its default is null: the column is
  // filled right after, and the app always writes it (PostgreSQL also says NOT NULL).
  await db.schema.alterTable('appointments').addColumn('calendar_id', 'integer', (col) => col.references('appointment_calendars.id')).execute();
  await db.updateTable('appointments').set({ calendar_id: first.id }).execute();
  if (isPostgres(db)) await sql`ALTER TABLE appointments ALTER COLUMN calendar_id SET NOT NULL`.execute(db);
  await db.schema.alterTable('appointments').addColumn('service_request_id', 'integer', (col) => col.references('service_requests.id').onDelete('set null')).execute();
  // null: not sent yet; 'sending' (claimed by the job), 'sent', 'failed' or 'skipped' (why in the audit row).
  await db.schema.alterTable('appointments').addColumn('reminder_status', 'text').execute();
  await db.schema.alterTable('appointments').addColumn('reminder_attempts', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('appointments').addColumn('reminder_at', 'text').execute();

  await db.schema.dropIndex('appointments_slot_unique').execute();
  await sql`CREATE UNIQUE INDEX appointments_calendar_slot_unique ON appointments (calendar_id, appointment_date, slot) WHERE status IN ('Requested', 'Confirmed', 'Checked in', 'Done')`.execute(db);
  // A calendar's day view; the old (day, time) index stays for the reminders, which read a day
  // across calendars.
  await db.schema.createIndex('appointments_calendar_day_idx').on('appointments').columns(['calendar_id', 'appointment_date', 'slot', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_calendar_day_idx').execute();
  await db.schema.dropIndex('appointments_calendar_slot_unique').execute();
  // Two calendars may both hold one time of a day: the old index would not build. Such later
  // bookings are cancelled (the first of each time keeps it).
  await sql`UPDATE appointments SET status = 'Cancelled' WHERE status IN ('Requested', 'Confirmed', 'Checked in', 'Done') AND EXISTS (
    SELECT 1 FROM appointments AS earlier WHERE earlier.appointment_date = appointments.appointment_date AND earlier.slot = appointments.slot
      AND earlier.status IN ('Requested', 'Confirmed', 'Checked in', 'Done') AND earlier.id < appointments.id)`.execute(db);
  await sql`UPDATE appointments SET status = 'Confirmed' WHERE status = 'Checked in'`.execute(db);
  await sql`CREATE UNIQUE INDEX appointments_slot_unique ON appointments (appointment_date, slot) WHERE status IN ('Requested', 'Confirmed', 'Done')`.execute(db);
  for (const column of ['reminder_at', 'reminder_attempts', 'reminder_status', 'service_request_id', 'calendar_id']) {
    await db.schema.alterTable('appointments').dropColumn(column).execute();
  }
  await db.schema.dropTable('appointment_tokens').execute();
  await db.schema.dropTable('appointment_token_counters').execute();
  await db.schema.dropTable('appointment_blocked_days').execute();
  await db.schema.dropTable('appointment_calendars').execute();
}
