import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// A follow-up task of a village program (issue 59, docs/decisions/072-village-programs.md): the
// program it follows up, nullable like a service request's (a task follows one program at most).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('program_id', 'integer', (col) => col.references('village_programs.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('tasks_program_idx').on('tasks').columns(['program_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_program_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('program_id').execute();
}
