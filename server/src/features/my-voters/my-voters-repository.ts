import { MY_VOTERS_MAX } from '@shared/booths/booth-schema';
import { pageRuns, serialRangeOf } from '@shared/booths/roll-pages';
import type { Executor } from '../../db/dialects/database-dialect';
import { ROLL_COLUMNS, type SupportNarrowed } from '../booths/booth-roll';

// The voters a Karyakarta holds: on the pages and in the houses of their assignments (one more
// than MY_VOTERS_MAX, to tell a cut list), by id.
export async function heldVoters(db: Executor, assignments: readonly { label: string; pages: readonly number[]; houseNumbers: readonly string[] }[], size: number) {
  return db
    .selectFrom('voters')
    .select([...ROLL_COLUMNS, 'household_id'])
    .$narrowType<SupportNarrowed>()
    .where('deleted_at', 'is', null)
    .where('duplicate_of', 'is', null)
    .where((eb) =>
      eb.or(
        assignments.map((assignment) => {
          const held = pageRuns(assignment.pages).map(([first, last]) => eb.between('part_serial', serialRangeOf(first, size).from, serialRangeOf(last, size).to));
          if (assignment.houseNumbers.length > 0) held.push(eb('house_no', 'in', assignment.houseNumbers));
          return eb.and([eb('booth', '=', assignment.label), eb.or(held)]);
        }),
      ),
    )
    .orderBy('id')
    .limit(MY_VOTERS_MAX + 1)
    .execute();
}

// Household ids per statement (well under either database's parameter limit).
const HOUSEHOLD_CHUNK = 500;

// The confirmed household records among these ids: their house number and head.
export async function confirmedHouseholds(db: Executor, householdIds: readonly number[]): Promise<Map<number, { house_no: string; head_voter_id: number | null }>> {
  const confirmed = new Map<number, { house_no: string; head_voter_id: number | null }>();
  for (let start = 0; start < householdIds.length; start += HOUSEHOLD_CHUNK) {
    const rows = await db
      .selectFrom('households')
      .select(['id', 'house_no', 'head_voter_id'])
      .where('id', 'in', householdIds.slice(start, start + HOUSEHOLD_CHUNK))
      .where('status', '=', 'confirmed')
      .execute();
    for (const row of rows) confirmed.set(row.id, { house_no: row.house_no, head_voter_id: row.head_voter_id });
  }
  return confirmed;
}
