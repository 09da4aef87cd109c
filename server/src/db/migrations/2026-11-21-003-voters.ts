import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
// Voters (spec section 3), soft-deleted, with indexes for every filter of GET /api/voters at
// 1M rows. Filter indexes end in id so "WHERE x = ? ORDER BY id DESC LIMIT 30" reads no
// more than a page; all of them skip soft-deleted rows.
const FILTER_INDEXES: Record<string, string[]> = {
  voters_booth_idx: ['booth', 'id'],
  voters_gender_idx: ['gender', 'id'],
  voters_caste_idx: ['caste', 'id'],
  voters_village_idx: ['village', 'id'],
  voters_taluka_idx: ['taluka', 'id'],
  voters_party_idx: ['political_preference', 'id'],
  voters_occupation_idx: ['occupation', 'id'],
  voters_age_idx: ['age', 'id'],
  voters_mobile_idx: ['mobile_number', 'id'],
  // Counting a combination of filters reads only these, never the table: the search tab's
  // usual combinations (booth or caste or party, with gender and an age range).
  voters_booth_count_idx: ['booth', 'gender', 'age', 'political_preference'],
  voters_caste_count_idx: ['caste', 'gender', 'political_preference', 'age'],
  voters_party_count_idx: ['political_preference', 'gender', 'age'],
};

// Free-text search reads substrings of these columns (name in Latin or Devanagari, mobile,
// voter ID, father/husband name, ward/area and house number).
const SEARCH_COLUMNS = ['full_name', 'father_husband_name', 'mobile_number', 'voter_id', 'ward_area', 'house_no'];

// Which database this runs on; each migration keeps its own copy so that nothing it
// imports can change under it.
const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

// An auto-numbered integer primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite
// (never reuses ids of deleted rows), an identity column on PostgreSQL.
function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('voters'))
    .addColumn('voter_no', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('voter_id', 'text', (col) => col.notNull())
    .addColumn('age', 'integer')
    .addColumn('gender', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('father_husband_name', 'text')
    .addColumn('religion', 'text')
    .addColumn('disability', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('whatsapp_number', 'text')
    .addColumn('house_no', 'text')
    .addColumn('ward_area', 'text')
    .addColumn('village', 'text')
    .addColumn('booth', 'text')
    .addColumn('district', 'text')
    .addColumn('taluka', 'text')
    .addColumn('present_in_city', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('present_city_name', 'text')
    .addColumn('category', 'text')
    .addColumn('caste', 'text')
    .addColumn('sub_caste', 'text')
    .addColumn('political_preference', 'text')
    .addColumn('party_designation', 'text')
    .addColumn('head_of_house', 'integer')
    .addColumn('occupation', 'text')
    .addColumn('occupation_subcategory', 'text')
    .addColumn('is_dead', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('comment', 'text')
    .addColumn('voter_image', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'integer')
    .execute();

  // A deleted voter's ID may be entered again, so uniqueness covers live voters only.
  await db.schema.createIndex('voters_voter_id_unique').on('voters').column('voter_id').unique().where(sql.ref('deleted_at'), 'is', null).execute();
  for (const [name, columns] of Object.entries(FILTER_INDEXES)) {
    await db.schema.createIndex(name).on('voters').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();
  }
  // Live voters newest first, and the unfiltered count, read from one small index.
  await db.schema.createIndex('voters_live_idx').on('voters').columns(['deleted_at', 'id']).execute();

  if (isPostgres(db)) {
    // pg_trgm is a trusted extension: the database owner may create it.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const column of SEARCH_COLUMNS) {
      await sql`CREATE INDEX ${sql.id(`voters_${column}_trgm`)} ON voters USING gin (${sql.ref(column)} gin_trgm_ops) WHERE deleted_at IS NULL`.execute(db);
    }
    return;
  }

  // SQLite: an FTS5 index with the trigram tokenizer over the voters table (external
  // content, so the text is stored once), kept in step by triggers.
  const columns = SEARCH_COLUMNS.join(', ');
  const newValues = SEARCH_COLUMNS.map((column) => `new.${column}`).join(', ');
  const oldValues = SEARCH_COLUMNS.map((column) => `old.${column}`).join(', ');
  await sql.raw(`CREATE VIRTUAL TABLE voters_fts USING fts5(${columns}, content='voters', content_rowid='id', tokenize='trigram')`).execute(db);
  await sql.raw(`CREATE TRIGGER voters_fts_insert AFTER INSERT ON voters BEGIN INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${newValues}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER voters_fts_delete AFTER DELETE ON voters BEGIN INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues}); END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER voters_fts_update AFTER UPDATE OF ${columns} ON voters BEGIN ` +
        `INSERT INTO voters_fts(voters_fts, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues}); ` +
        `INSERT INTO voters_fts(rowid, ${columns}) VALUES (new.id, ${newValues}); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TABLE IF EXISTS voters_fts`.execute(db);
  }
  await db.schema.dropTable('voters').execute();
}
