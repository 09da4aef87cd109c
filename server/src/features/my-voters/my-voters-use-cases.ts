import type { MyVoters, RollVoter } from '@shared/booths/booth-schema';
import { MY_VOTERS_MAX } from '@shared/booths/booth-schema';
import { boothNumberOf } from '@shared/reference/booths';
import type { Executor } from '../../db/dialects/database-dialect';
import type { UserRow } from '../../db/schema';
import { userReachesBooth } from '../booths/booth-access';
import { byRollOrder } from '../booths/booth-roll';
import { assignmentsOf } from '../booths/booths-repository';
import { confirmedHouseholds, heldVoters } from './my-voters-repository';

// A Karyakarta's voters: those on the pages and in the houses they hold, in the booths their
// booth access reaches (an assignment in a booth they lost access to shows nothing), grouped
// by household: their confirmed household record where they have one (its head first), else
// booth and house number; households in roll order of their first voter.
export async function myVoters(db: Executor, user: UserRow, size: number): Promise<MyVoters> {
  const assignments = (await assignmentsOf(db, user.id)).filter((assignment) => userReachesBooth(user, assignment.label));
  const listed = assignments.map((assignment) => ({ booth_id: assignment.boothId, booth: assignment.label, pages: assignment.pages, house_numbers: assignment.houseNumbers }));
  if (assignments.length === 0) return { page_size: size, assignments: listed, households: [], total: 0, truncated: false };

  const voters = await heldVoters(db, assignments, size);
  const truncated = voters.length > MY_VOTERS_MAX;
  const kept = voters.slice(0, MY_VOTERS_MAX);
  const boothOrder = (voter: RollVoter) => boothNumberOf(voter.booth) ?? 0;
  kept.sort((a, b) => boothOrder(a) - boothOrder(b) || byRollOrder(a, b));

  // Confirmed household records group their members; proposed and suggested ones are not yet
  // decided, so those voters (and voters in none) fall back to their house number.
  const householdIds = [...new Set(kept.map((voter) => voter.household_id).filter((id): id is number => id !== null))];
  const confirmed = await confirmedHouseholds(db, householdIds);

  type Group = MyVoters['households'][number];
  const households = new Map<string, Group>();
  for (const { household_id: householdId, ...voter } of kept) {
    const record = householdId === null ? undefined : confirmed.get(householdId);
    const key = record ? `h${householdId}` : `${voter.booth}\u0000${voter.house_no ?? ''}`;
    let household = households.get(key);
    if (!household) {
      household = record
        ? { booth: voter.booth ?? '', house_no: record.house_no, household_id: householdId, head_voter_id: record.head_voter_id, voters: [] }
        : { booth: voter.booth ?? '', house_no: voter.house_no, household_id: null, head_voter_id: null, voters: [] };
      households.set(key, household);
    }
    household.voters.push(voter);
  }
  // The head of a confirmed household first, then the members in roll order.
  for (const household of households.values()) {
    const head = household.voters.findIndex((voter) => voter.id === household.head_voter_id);
    if (head > 0) household.voters.unshift(...household.voters.splice(head, 1));
  }
  return { page_size: size, assignments: listed, households: [...households.values()], total: kept.length, truncated };
}
