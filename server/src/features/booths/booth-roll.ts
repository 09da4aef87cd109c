import type { BoothHousehold, MyVoters, RollVoter } from '@shared/booths/booth-schema';
import { MY_VOTERS_MAX } from '@shared/booths/booth-schema';
import { pageOfSerial, pageRuns, serialRangeOf } from '@shared/booths/roll-pages';
import { boothNumberOf } from '@shared/reference/booths';
import type { SupportLevel } from '@shared/contacts/contact-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { UserRow } from '../../db/schema';
import { userReachesBooth } from './booth-access';
import { assignmentsOf, type HolderRow, houseHolders, pageHolders } from './booths-repository';

// Reading a booth's roll (issue 20): its voters by roll page, by house, and a Karyakarta's
// voters. Every read names the booth, so it is a range of the (booth, part_serial) index or of
// the booth index, whatever the size of the voters table.

const ROLL_COLUMNS = [
  'id',
  'part_serial',
  'voter_no',
  'full_name',
  'voter_id',
  'age',
  'gender',
  'father_husband_name',
  'relation_type',
  'house_no',
  'mobile_number',
  'whatsapp_number',
  'booth',
  'support_level',
  'last_contact_at',
] as const;

// The contacts keep only support levels in support_level (contacts-use-cases.ts).
type SupportNarrowed = { support_level: SupportLevel | null };

// The most voters one house lists (a wrongly typed house number shared by a whole street).
const HOUSE_VOTERS_MAX = 500;

function rollVoters(db: Executor, label: string) {
  return db.selectFrom('voters').select(ROLL_COLUMNS).$narrowType<SupportNarrowed>().where('booth', '=', label).where('deleted_at', 'is', null).where('duplicate_of', 'is', null);
}

// Roll order: by part serial, the voters without one after, then by id.
function byRollOrder(a: RollVoter, b: RollVoter): number {
  if (a.part_serial !== b.part_serial) {
    if (a.part_serial === null) return 1;
    if (b.part_serial === null) return -1;
    return a.part_serial - b.part_serial;
  }
  return a.id - b.id;
}

export function rollPageVoters(db: Executor, label: string, page: number, size: number): Promise<RollVoter[]> {
  const { from, to } = serialRangeOf(page, size);
  return rollVoters(db, label).where('part_serial', '>=', from).where('part_serial', '<=', to).orderBy('part_serial').orderBy('id').execute();
}

export function unnumberedVoters(db: Executor, label: string, page: number, size: number): Promise<RollVoter[]> {
  return rollVoters(db, label)
    .where('part_serial', 'is', null)
    .orderBy('id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function houseVoters(db: Executor, label: string, houseNo: string): Promise<RollVoter[]> {
  const voters = await rollVoters(db, label).where('house_no', '=', houseNo).orderBy('id').limit(HOUSE_VOTERS_MAX).execute();
  return voters.sort(byRollOrder);
}

export function holderOf(holders: readonly HolderRow[], key: string | number): { user_id: number; full_name: string } | null {
  const holder = holders.find((row) => row.key === key || String(row.key) === String(key));
  return holder ? { user_id: holder.user_id, full_name: holder.full_name } : null;
}

// The booth's voters grouped by house number (the stand-in for households until they are
// records of their own), in roll order of each house's first voter, with who holds each house:
// its house assignment, else the holder of the page its first voter is on.
export async function boothHouseholds(db: Executor, boothId: number, label: string, size: number): Promise<BoothHousehold[]> {
  const rows = await db
    .selectFrom('voters')
    .select(['house_no', (eb) => eb.fn.countAll<number | string>().as('voters'), (eb) => eb.fn.min('part_serial').as('first_serial')])
    .where('booth', '=', label)
    .where('deleted_at', 'is', null).where('duplicate_of', 'is', null)
    .groupBy('house_no')
    .execute();
  const pages = await pageHolders(db, boothId);
  const houses = await houseHolders(db, boothId);
  const households = rows.map((row) => {
    const first = row.first_serial === null || row.first_serial === undefined ? null : Number(row.first_serial);
    const holder = (row.house_no !== null ? holderOf(houses, row.house_no) : null) ?? (first !== null ? holderOf(pages, pageOfSerial(first, size)) : null);
    return { house_no: row.house_no, voters: Number(row.voters), first_serial: first, holder };
  });
  return households.sort((a, b) => {
    if (a.first_serial !== b.first_serial) {
      if (a.first_serial === null) return 1;
      if (b.first_serial === null) return -1;
      return a.first_serial - b.first_serial;
    }
    return (a.house_no ?? '\uffff').localeCompare(b.house_no ?? '\uffff');
  });
}

// A Karyakarta's voters: those on the pages and in the houses they hold, in the booths their
// booth access reaches (an assignment in a booth they lost access to shows nothing), grouped
// by household: their confirmed household record where they have one (its head first), else
// booth and house number; households in roll order of their first voter.
export async function myVoters(db: Executor, user: UserRow, size: number): Promise<MyVoters> {
  const assignments = (await assignmentsOf(db, user.id)).filter((assignment) => userReachesBooth(user, assignment.label));
  const listed = assignments.map((assignment) => ({ booth_id: assignment.boothId, booth: assignment.label, pages: assignment.pages, house_numbers: assignment.houseNumbers }));
  if (assignments.length === 0) return { page_size: size, assignments: listed, households: [], total: 0, truncated: false };

  const voters = await db
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
  const truncated = voters.length > MY_VOTERS_MAX;
  const kept = voters.slice(0, MY_VOTERS_MAX);
  const boothOrder = (voter: RollVoter) => boothNumberOf(voter.booth) ?? 0;
  kept.sort((a, b) => boothOrder(a) - boothOrder(b) || byRollOrder(a, b));

  // Confirmed household records group their members; proposed and suggested ones are not yet
  // decided, so those voters (and voters in none) fall back to their house number.
  const householdIds = [...new Set(kept.map((voter) => voter.household_id).filter((id): id is number => id !== null))];
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

// Household ids per statement (well under either database's parameter limit).
const HOUSEHOLD_CHUNK = 500;
