import { type Kysely, sql } from 'kysely';
import { isPostgres } from './portable';

// Frozen in time: this file must not import application code.
// Live voters per booth, kept exact by triggers inside every write's own transaction, so the
// unfiltered list (and a field user's booths) is counted from at most 397 rows instead of
// 1M index entries. The empty string stands for "no booth".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voter_booth_counts')
    .addColumn('booth', 'text', (col) => col.primaryKey())
    .addColumn('live', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO voter_booth_counts (booth, live) SELECT COALESCE(booth, ''), COUNT(*) FROM voters WHERE deleted_at IS NULL GROUP BY COALESCE(booth, '')`.execute(db);

  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION voter_booth_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
            UPDATE voter_booth_counts SET live = live - 1 WHERE booth = COALESCE(OLD.booth, '');
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
            INSERT INTO voter_booth_counts (booth, live) VALUES (COALESCE(NEW.booth, ''), 1)
              ON CONFLICT (booth) DO UPDATE SET live = voter_booth_counts.live + 1;
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER voter_booth_counts_insert_delete AFTER INSERT OR DELETE ON voters FOR EACH ROW EXECUTE FUNCTION voter_booth_counts_apply()`.execute(db);
    await sql`CREATE TRIGGER voter_booth_counts_update AFTER UPDATE OF booth, deleted_at ON voters FOR EACH ROW EXECUTE FUNCTION voter_booth_counts_apply()`.execute(db);
    return;
  }

  const add = (row: 'new' | 'old') => `INSERT INTO voter_booth_counts (booth, live) VALUES (COALESCE(${row}.booth, ''), 1) ON CONFLICT (booth) DO UPDATE SET live = live + 1;`;
  const remove = (row: 'new' | 'old') => `UPDATE voter_booth_counts SET live = live - 1 WHERE booth = COALESCE(${row}.booth, '');`;
  await sql.raw(`CREATE TRIGGER voter_booth_counts_insert AFTER INSERT ON voters WHEN new.deleted_at IS NULL BEGIN ${add('new')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER voter_booth_counts_delete AFTER DELETE ON voters WHEN old.deleted_at IS NULL BEGIN ${remove('old')} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER voter_booth_counts_update AFTER UPDATE OF booth, deleted_at ON voters BEGIN ` +
        `UPDATE voter_booth_counts SET live = live - 1 WHERE old.deleted_at IS NULL AND booth = COALESCE(old.booth, ''); ` +
        `INSERT INTO voter_booth_counts (booth, live) SELECT COALESCE(new.booth, ''), 1 WHERE new.deleted_at IS NULL ON CONFLICT (booth) DO UPDATE SET live = live + 1; END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS voter_booth_counts_update ON voters`.execute(db);
    await sql`DROP TRIGGER IF EXISTS voter_booth_counts_insert_delete ON voters`.execute(db);
    await sql`DROP FUNCTION IF EXISTS voter_booth_counts_apply()`.execute(db);
  } else {
    for (const name of ['voter_booth_counts_insert', 'voter_booth_counts_delete', 'voter_booth_counts_update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('voter_booth_counts').execute();
}
