import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from the app or from other migrations.
//
// Issue 61, slips with a QR code (docs/decisions/085-signed-slip-codes.md): the QR code on a
// voter's slip carries a signed token naming the voter and the slip's generation. Revoking a
// slip (lost, or reprinted) moves the generation on, and codes of older generations are refused.
// One row per voter whose slip was ever revoked; a voter without a row is at generation 0, so
// nothing is written for the other voters (no rewrite of the voters table on either database).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voter_slip_codes')
    .addColumn('voter_id', 'integer', (col) => col.primaryKey().references('voters.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('revoked_at', 'text', (col) => col.notNull())
    // No foreign key: a deleted user's revocations stay, under the name they had.
    .addColumn('revoked_by', 'integer')
    .addColumn('revoked_by_name', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voter_slip_codes').execute();
}
