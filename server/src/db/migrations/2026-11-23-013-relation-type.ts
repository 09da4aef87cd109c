import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code.
//
// How the voter is related to the person named in father_husband_name, as the electoral roll
// prints it (father, husband, mother, other). Nullable: rolls and files without it stay valid.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').addColumn('relation_type', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voters').dropColumn('relation_type').execute();
}
