import { type Kysely, sql } from 'kysely';
import type { ProposalVoter } from '@shared/households/household-proposals';
import type { Household, HouseholdMember, HouseholdStatus } from '@shared/households/household-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Database, HouseholdRow } from '../../db/schema';
import { whereListed } from '../voters/voter-filters';
import { supportLevels } from './member-support';

// Households and their members (voters.household_id). Members are listed voters only: a deleted
// voter or a duplicate entry leaves every household as it leaves every list.

const MEMBER_COLUMNS = ['id', 'full_name', 'voter_id', 'age', 'gender', 'father_husband_name', 'relation_type', 'house_no', 'mobile_number', 'head_of_house', 'booth', 'household_id'] as const;
// Ids a statement at a time: well inside both databases' parameter limits.
const CHUNK = 500;

export type MemberRow = Pick<Database['voters'], 'full_name' | 'voter_id' | 'age' | 'gender' | 'father_husband_name' | 'relation_type' | 'house_no' | 'mobile_number' | 'head_of_house' | 'booth'> & {
  id: number;
  household_id: number | null;
};

export function findHousehold(db: Executor, id: number): Promise<HouseholdRow | undefined> {
  return db.selectFrom('households').selectAll().where('id', '=', id).executeTakeFirst();
}

// The listed voters of these households, oldest first within each.
export async function membersOf(db: Executor, householdIds: readonly number[]): Promise<MemberRow[]> {
  const rows: MemberRow[] = [];
  for (let start = 0; start < householdIds.length; start += CHUNK) {
    const ids = householdIds.slice(start, start + CHUNK);
    rows.push(...(await whereListed(db.selectFrom('voters')).select([...MEMBER_COLUMNS]).where('household_id', 'in', ids).orderBy('age', 'desc').orderBy('id').execute()));
  }
  return rows;
}

export function findListedVoter(db: Executor, id: number): Promise<MemberRow | undefined> {
  return whereListed(db.selectFrom('voters')).select([...MEMBER_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

export const toProposalVoter = (member: MemberRow): ProposalVoter => ({
  id: member.id,
  full_name: member.full_name,
  father_husband_name: member.father_husband_name,
  relation_type: member.relation_type,
  gender: member.gender,
  age: member.age,
  head_of_house: member.head_of_house,
});

// House numbers sort as numbers where they are ("2" before "10"), then as text.
const houseOrder = sql`length(house_no)`;

export async function listHouseholds(
  db: Executor,
  options: { booth: string; status?: HouseholdStatus; page: number; limit: number },
): Promise<{ rows: HouseholdRow[]; total: number }> {
  let query = db.selectFrom('households').where('booth', '=', options.booth);
  if (options.status) query = query.where('status', '=', options.status);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy(houseOrder)
    .orderBy('house_no')
    .orderBy('id')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { rows, total: Number(count.count) };
}

// The households as the API shows them: members (head first, then oldest first), their support,
// and the names of who suggested and who confirmed.
export async function householdDtos(db: Kysely<Database>, households: readonly HouseholdRow[]): Promise<Household[]> {
  if (households.length === 0) return [];
  const members = await membersOf(
    db,
    households.map((household) => household.id),
  );
  const support = await supportLevels(
    db,
    members.map((member) => member.id),
  );
  const userIds = [...new Set(households.flatMap((household) => [household.suggested_by, household.confirmed_by]).filter((id): id is number => id !== null))];
  const users = userIds.length > 0 ? await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', userIds).execute() : [];
  const nameOf = (id: number | null) => (id === null ? null : (users.find((user) => user.id === id)?.full_name ?? null));
  const byHousehold = new Map<number, HouseholdMember[]>();
  for (const member of members) {
    const list = byHousehold.get(member.household_id!) ?? [];
    list.push({
      id: member.id,
      full_name: member.full_name,
      voter_id: member.voter_id,
      age: member.age,
      gender: member.gender,
      father_husband_name: member.father_husband_name,
      relation_type: member.relation_type,
      house_no: member.house_no,
      mobile_number: member.mobile_number,
      support_level: support.get(member.id) ?? null,
    });
    byHousehold.set(member.household_id!, list);
  }
  return households.map((household) => {
    const list = byHousehold.get(household.id) ?? [];
    const head = list.filter((member) => member.id === household.head_voter_id);
    return {
      id: household.id,
      booth: household.booth,
      house_no: household.house_no,
      head_voter_id: household.head_voter_id,
      status: household.status,
      suggested_by_name: nameOf(household.suggested_by),
      confirmed_by_name: nameOf(household.confirmed_by),
      updated_at: household.updated_at,
      version: household.version,
      members: [...head, ...list.filter((member) => member.id !== household.head_voter_id)],
    };
  });
}

// A booth's listed voters with a house number, and the households they are in, for proposing.
export function boothVotersForProposal(db: Executor, booth: string): Promise<MemberRow[]> {
  return whereListed(db.selectFrom('voters'))
    .select([...MEMBER_COLUMNS])
    .where('booth', '=', booth)
    .where('house_no', 'is not', null)
    .orderBy('house_no')
    .orderBy('id')
    .execute();
}

// The booth's households a person decided on (suggested or confirmed): proposals leave them be.
export async function decidedHouseholdIds(db: Executor, booth: string): Promise<Set<number>> {
  const rows = await db.selectFrom('households').select('id').where('booth', '=', booth).where('status', '!=', 'proposed').execute();
  return new Set(rows.map((row) => row.id));
}

// Removes the booth's proposed households, their members left without one.
export async function dropProposals(db: Executor, booth: string): Promise<number> {
  const proposed = db.selectFrom('households').select('id').where('booth', '=', booth).where('status', '=', 'proposed');
  await db.updateTable('voters').set({ household_id: null }).where('household_id', 'in', proposed).execute();
  const result = await db.deleteFrom('households').where('booth', '=', booth).where('status', '=', 'proposed').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertHousehold(
  db: Executor,
  values: { booth: string; house_no: string; head_voter_id: number | null; status: HouseholdStatus; userId: number | null; now: string },
): Promise<HouseholdRow> {
  const confirmed = values.status === 'confirmed';
  return db
    .insertInto('households')
    .values({
      booth: values.booth,
      house_no: values.house_no,
      head_voter_id: values.head_voter_id,
      status: values.status,
      confirmed_by: confirmed ? values.userId : null,
      confirmed_at: confirmed ? values.now : null,
      suggested_by: null,
      suggested_at: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// A booth's proposals saved at once, a hundred households a statement: the ids of the new
// households by their heads (every proposal has a head of its own).
export async function insertProposals(db: Executor, proposals: readonly { booth: string; house_no: string; head_voter_id: number }[], now: string): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let start = 0; start < proposals.length; start += 100) {
    const rows = await db
      .insertInto('households')
      .values(
        proposals.slice(start, start + 100).map((proposal) => ({
          ...proposal,
          status: 'proposed' as const,
          suggested_by: null,
          suggested_at: null,
          confirmed_by: null,
          confirmed_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'head_voter_id'])
      .execute();
    for (const row of rows) ids.set(row.head_voter_id!, row.id);
  }
  return ids;
}

// Voters into their households, a few hundred a statement: [voter id, household id].
export async function assignHouseholds(db: Executor, assignments: readonly (readonly [number, number])[]): Promise<void> {
  for (let start = 0; start < assignments.length; start += 300) {
    const chunk = assignments.slice(start, start + 300);
    const cases = sql.join(
      chunk.map(([voterId, householdId]) => sql`WHEN ${voterId} THEN CAST(${householdId} AS integer)`),
      sql` `,
    );
    await db
      .updateTable('voters')
      .set({ household_id: sql<number>`CASE id ${cases} END` })
      .where(
        'id',
        'in',
        chunk.map(([voterId]) => voterId),
      )
      .execute();
  }
}

// Puts voters into a household (null: into none).
export async function setHousehold(db: Executor, voterIds: readonly number[], householdId: number | null): Promise<void> {
  for (let start = 0; start < voterIds.length; start += CHUNK) {
    await db.updateTable('voters').set({ household_id: householdId }).where('id', 'in', voterIds.slice(start, start + CHUNK)).execute();
  }
}

// A household's new state, written only if it is still at the version read (record-versions.ts);
// undefined when another writer changed it in between.
export function updateHousehold(
  db: Executor,
  household: HouseholdRow,
  changes: Partial<Pick<HouseholdRow, 'status' | 'head_voter_id' | 'suggested_by' | 'suggested_at' | 'confirmed_by' | 'confirmed_at'>>,
  now: string,
): Promise<HouseholdRow | undefined> {
  return db
    .updateTable('households')
    .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', household.id)
    .where('version', '=', household.version)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteHousehold(db: Executor, household: HouseholdRow): Promise<boolean> {
  const result = await db.deleteFrom('households').where('id', '=', household.id).where('version', '=', household.version).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
