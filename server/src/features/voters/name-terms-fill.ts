import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';
import { nameTermColumns } from '../../db/voter-insert-values';

// Fills the name search terms of voters that have none yet (every voter when migration 020 has
// just run, or after a later migration set them back to NULL for new keys). Runs after the migrations
// and before the server answers, so no name search misses a voter. Each batch is one
// transaction; an interrupted fill goes on where it stopped at the next start. Returns how many
// voters it filled.
const BATCH = 5_000;

export async function fillMissingNameTerms(db: Kysely<Database>, dialect: DatabaseDialect, progress?: (filled: number) => void): Promise<number> {
  let filled = 0;
  for (;;) {
    // The partial index voters_name_terms_missing holds exactly these voters.
    const rows = await db.selectFrom('voters').select(['id', 'full_name', 'voter_id', 'father_husband_name']).where('full_name_terms', 'is', null).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return filled;
    const terms = rows.map((row) => ({ id: row.id, ...nameTermColumns(row.full_name, row.voter_id, row.father_husband_name) }));
    await db.transaction().execute((trx) => dialect.saveNameTerms(trx, terms));
    filled += rows.length;
    progress?.(filled);
  }
}
