import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 21 (decision 033): phones keep a copy of their booths' voters and ask only for what
// changed since their last sync, and changes queued offline are sent with an idempotency key.
//
// voters.change_seq: a number from one counter (voter_sync_counter) that every write of a voter
// takes, kept by triggers so that no write path (edits, imports, contacts, households, duplicate
// marks, retention) can forget it. Time stamps would not do: clocks step back, and two writes in
// one millisecond look alike. voters.prev_booth: the booth a voter last moved out of, so the
// phones of that booth learn to drop it.
//
// SQLite has one writer at a time, so each row takes the next number. PostgreSQL gives one
// number per transaction, taken (with the counter row's lock, held until commit) by a statement
// trigger before any voter row is locked: numbers become visible in the order they were given,
// so a reader never passes over a number that commits later, and no deadlock is possible
// between the counter and a voter row.
//
// idempotency_keys: (user, key) -> the answer given, for a day, so a change sent twice by a
// phone on a weak connection is applied once.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
const NOT_BULK = 'NOT EXISTS (SELECT 1 FROM voter_bulk_load)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('voter_sync_counter').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('value', 'bigint', (c) => c.notNull()).execute();
  await db.insertInto('voter_sync_counter').values({ id: 1, value: 1 }).execute();
  await db.schema.alterTable('voters').addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('voters').addColumn('prev_booth', 'text').execute();
  await db.schema.createIndex('voters_change_seq_idx').on('voters').columns(['change_seq', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION voter_change_next() RETURNS bigint LANGUAGE sql AS $$
          UPDATE voter_sync_counter SET value = value + 1 WHERE id = 1 RETURNING value
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION voter_change_take() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF coalesce(current_setting('vms.voter_change_seq', true), '') = '' THEN
            PERFORM set_config('vms.voter_change_seq', voter_change_next()::text, true);
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION voter_change_mark() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' THEN
            IF NEW.change_seq IS DISTINCT FROM OLD.change_seq THEN RETURN NEW; END IF;
            IF NEW.booth IS DISTINCT FROM OLD.booth THEN NEW.prev_booth := OLD.booth; END IF;
          END IF;
          NEW.change_seq := current_setting('vms.voter_change_seq')::bigint;
          RETURN NEW;
        END $$`,
      )
      .execute(db);
    await sql.raw('CREATE TRIGGER voter_change_take BEFORE INSERT OR UPDATE ON voters FOR EACH STATEMENT EXECUTE FUNCTION voter_change_take()').execute(db);
    await sql.raw('CREATE TRIGGER voter_change_mark BEFORE INSERT OR UPDATE ON voters FOR EACH ROW EXECUTE FUNCTION voter_change_mark()').execute(db);
    return;
  }
  // SQLite: the bulk path (voter_bulk_load) numbers its new rows in one statement at the end.
  const next = 'UPDATE voter_sync_counter SET value = value + 1 WHERE id = 1';
  const seq = '(SELECT value FROM voter_sync_counter WHERE id = 1)';
  await sql.raw(`CREATE TRIGGER voter_change_insert AFTER INSERT ON voters WHEN ${NOT_BULK} BEGIN ${next}; UPDATE voters SET change_seq = ${seq} WHERE id = new.id; END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER voter_change_update AFTER UPDATE ON voters WHEN new.change_seq IS old.change_seq BEGIN ${next}; ` +
        `UPDATE voters SET change_seq = ${seq}, prev_booth = CASE WHEN new.booth IS NOT old.booth THEN old.booth ELSE old.prev_booth END WHERE id = new.id; END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS voter_change_take ON voters').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS voter_change_mark ON voters').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS voter_change_take()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS voter_change_mark()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS voter_change_next()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS voter_change_insert').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS voter_change_update').execute(db);
  }
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropIndex('voters_change_seq_idx').execute();
  await db.schema.alterTable('voters').dropColumn('prev_booth').execute();
  await db.schema.alterTable('voters').dropColumn('change_seq').execute();
  await db.schema.dropTable('voter_sync_counter').execute();
}
