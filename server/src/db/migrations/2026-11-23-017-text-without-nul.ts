import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must not import application code.
//
// Issue 17: SQLite stored the NUL character that PostgreSQL refuses (task titles, comments, SMS
// text, voter and user fields); requests with it are now refused at the door. Text already
// stored with it is repaired here: each NUL becomes U+FFFD (the replacement character), so the
// damage stays visible and no two voter IDs or usernames become one. PostgreSQL holds none.
// No down: the NULs are not worth restoring.
const REPLACEMENT = '\uFFFD';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // The application's own tables; full-text search tables follow their source through triggers.
  const { rows: tables } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND sql NOT LIKE 'CREATE VIRTUAL%'
      AND NOT EXISTS (SELECT 1 FROM sqlite_master AS search WHERE search.sql LIKE 'CREATE VIRTUAL%' AND sqlite_master.name LIKE search.name || '_%')
    ORDER BY name`.execute(db);
  for (const { name: table } of tables) {
    const { rows: columns } = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${table})`.execute(db);
    const texts = columns.filter((entry) => /TEXT|CHAR|CLOB|^$/i.test(entry.type)).map((entry) => entry.name);
    if (texts.length === 0) continue;
    // One pass over the table (a million voters are read once, not once a column). Found as
    // bytes and replaced here: SQLite's replace() reads a pattern that starts with NUL as empty.
    const hasNul = sql.join(texts.map((column) => sql`instr(CAST(${sql.ref(column)} AS BLOB), x'00') > 0`), sql` OR `);
    const { rows } = await sql<Record<string, unknown>>`SELECT rowid AS ${sql.ref('rowid_')}, ${sql.join(texts.map((column) => sql.ref(column)))} FROM ${sql.table(table)} WHERE ${hasNul}`.execute(db);
    for (const row of rows) {
      const changes = texts.filter((column) => typeof row[column] === 'string' && (row[column] as string).includes('\u0000'));
      if (changes.length === 0) continue;
      const assignments = changes.map((column) => sql`${sql.ref(column)} = ${(row[column] as string).replaceAll('\u0000', REPLACEMENT)}`);
      await sql`UPDATE ${sql.table(table)} SET ${sql.join(assignments)} WHERE rowid = ${row.rowid_}`.execute(db);
    }
  }
}

export async function down(): Promise<void> {}
