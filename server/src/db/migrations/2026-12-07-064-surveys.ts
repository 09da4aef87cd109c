import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Surveys (issue 61, docs/decisions/087-surveys.md): the office's surveys (texts and questions
// as JSON, the survey's state and version), the booths (or roll pages of a booth) each is asked
// in, one row of answers per voter and survey, and each answer again as rows of its own (one per
// option chosen) so the results are counted by the database, grouped by the voters' booth,
// village, support level, caste or age band.

const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('surveys'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('unit', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('questions', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('surveys_state_idx').on('surveys').columns(['state', 'id']).execute();

  // A booth the survey is asked in; first_page and last_page narrow it to some roll pages.
  await db.schema
    .createTable('survey_targets')
    .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('booth', 'text', (col) => col.notNull())
    .addColumn('first_page', 'integer')
    .addColumn('last_page', 'integer')
    .addPrimaryKeyConstraint('survey_targets_pk', ['survey_id', 'booth'])
    .execute();
  // A field user's surveys: those of their booths.
  await db.schema.createIndex('survey_targets_booth_idx').on('survey_targets').columns(['booth', 'survey_id']).execute();

  await withIdColumn(db, db.schema.createTable('survey_responses'))
    .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('voter_id', 'integer', (col) => col.notNull().references('voters.id').onDelete('cascade'))
    .addColumn('household_key', 'text')
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('answered_by', 'integer')
    .addColumn('answered_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('survey_responses_voter_uq', ['survey_id', 'voter_id'])
    .execute();
  // A voter's card: their answers to every survey.
  await db.schema.createIndex('survey_responses_voter_idx').on('survey_responses').columns(['voter_id']).execute();

  // Each answer once more, to count: a choice's option key (one row per option chosen), a
  // rating's or number's value as text and as a number, a short text's presence ('').
  await db.schema
    .createTable('survey_answer_values')
    .addColumn('response_id', 'integer', (col) => col.notNull().references('survey_responses.id').onDelete('cascade'))
    .addColumn('survey_id', 'integer', (col) => col.notNull())
    .addColumn('question_key', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('number', 'double precision')
    .addPrimaryKeyConstraint('survey_answer_values_pk', ['response_id', 'question_key', 'value'])
    .execute();
  await db.schema.createIndex('survey_answer_values_survey_idx').on('survey_answer_values').columns(['survey_id', 'question_key', 'value']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_answer_values').execute();
  await db.schema.dropTable('survey_responses').execute();
  await db.schema.dropTable('survey_targets').execute();
  await db.schema.dropTable('surveys').execute();
}
