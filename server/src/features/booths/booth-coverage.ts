import type { AnalyticsFilters } from '@shared/analytics/analytics-schema';
import {
  BOOTH_CLASSES,
  type BoothClass,
  type BoothClassInfo,
  boothClassOf,
  type ClassRule,
  type ClassThresholds,
  type Coverage,
  emptySupportCounts,
  shareOf,
  SUPPORTER_LEVELS,
  type Support,
  voteClassOf,
  type WorkerCoverageRow,
} from '@shared/booths/booth-class';
import { SUPPORT_LEVELS, type SupportLevel } from '@shared/contacts/contact-schema';
import { boothNumberOf } from '@shared/reference/booths';
import { sql } from 'kysely';
import type { Executor } from '../../db/dialects/database-dialect';
import type { BoothRow } from '../../db/schema';
import { chosenElection, type PartyShare, partyShares } from '../election-results/election-results-repository';
import { readSettings } from '../settings/settings-repository';
import { whereListed } from '../voters/voter-filters';
import { userReachesBooth } from './booth-access';
import { keptPageSize } from './page-coverage';

// Coverage and support by booth and by worker (issue 20, decisions 028 and 029). Coverage is of
// listed (whereListed: not deleted, not a marked duplicate) and active voters: a deceased or
// shifted voter (is_dead, present_in_city) is no one to contact, and is counted apart. Exact
// counts read from indexes: the active listed voters per booth from the kept counts (migration
// 006's status dimension, listed voters since 024), the contacted ones from voters_contacted_idx
// and the deceased and shifted from voters_gone_idx (migration 027).

export interface BoothTally {
  // Listed, active voters: the ones to contact.
  voters: number;
  contacted: number;
  levels: Record<SupportLevel, number>;
  // Listed voters counted apart: deceased (whether or not shifted too), and shifted.
  deceased: number;
  shifted: number;
}

const emptyTally = (): BoothTally => ({ voters: 0, contacted: 0, levels: emptySupportCounts(), deceased: 0, shifted: 0 });

// Literal conditions, as the partial indexes of migration 027 spell them: SQLite uses a partial
// index only when the query's terms match its condition, and a bound parameter does not.
const ACTIVE = sql<boolean>`voters.is_dead = 0 AND voters.present_in_city = 1`;
const GONE = sql<boolean>`(voters.is_dead = 1 OR voters.present_in_city = 0)`;

export async function classThresholds(db: Executor): Promise<ClassThresholds> {
  const settings = await readSettings(db);
  return { aMin: Number(settings.booth_class_a_min), bMin: Number(settings.booth_class_b_min) };
}

// The class rule in force (issue 61, decision 076), with what the vote-share class needs: the
// party's votes and the votes polled in each of the booths asked for, in the election chosen in
// settings (none chosen: the latest imported).
export interface ClassRuleFacts extends ClassThresholds {
  rule: ClassRule;
  votes: ClassThresholds;
  shares: Map<string, PartyShare>;
}

export async function classRule(db: Executor, labels: readonly string[] | undefined): Promise<ClassRuleFacts> {
  const settings = await readSettings(db);
  const aMin = Number(settings.booth_class_a_min);
  const bMin = Number(settings.booth_class_b_min);
  const votes = { aMin: Number(settings.booth_class_vote_a_min), bMin: Number(settings.booth_class_vote_b_min) };
  const party = settings.booth_class_party || null;
  const election = await chosenElection(db, settings.booth_class_election);
  const shares = party && election ? await partyShares(db, election.id, party, labels) : new Map<string, PartyShare>();
  return {
    aMin,
    bMin,
    votes,
    shares,
    rule: { basis: settings.booth_class_basis, a_min: aMin, b_min: bMin, vote_a_min: votes.aMin, vote_b_min: votes.bMin, party, election },
  };
}

const isLevel = (value: string | null): value is SupportLevel => value !== null && (SUPPORT_LEVELS as readonly string[]).includes(value);

// Booth by booth: live voters, contacted voters, and the contacted ones by support level.
// labels undefined: every booth; filters: the voters' taluka / village / booth, as the rest of
// analytics.
export async function boothTallies(db: Executor, labels: readonly string[] | undefined, filters: AnalyticsFilters = {}): Promise<Map<string, BoothTally>> {
  const tallies = new Map<string, BoothTally>();
  if (labels && labels.length === 0) return tallies;
  const tally = (booth: string) => {
    let found = tallies.get(booth);
    if (!found) {
      found = emptyTally();
      tallies.set(booth, found);
    }
    return found;
  };

  let live = db
    .selectFrom('voter_stats')
    .select(['booth', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('dimension', '=', 'status')
    .where('value1', '=', 'active')
    .where('booth', '<>', '');
  let contacted = whereListed(db.selectFrom('voters').select(['booth', 'support_level', (eb) => eb.fn.countAll<number | string>().as('count')]))
    .where('last_contact_at', 'is not', null)
    .where(ACTIVE)
    .where('booth', 'is not', null);
  let gone = whereListed(db.selectFrom('voters').select(['booth', 'is_dead', (eb) => eb.fn.countAll<number | string>().as('count')]))
    .where(GONE)
    .where('booth', 'is not', null);
  if (labels) {
    live = live.where('booth', 'in', [...labels]);
    contacted = contacted.where('booth', 'in', [...labels]);
    gone = gone.where('booth', 'in', [...labels]);
  }
  if (filters.booth) {
    live = live.where('booth', '=', filters.booth);
    contacted = contacted.where('booth', '=', filters.booth);
    gone = gone.where('booth', '=', filters.booth);
  }
  if (filters.taluka) {
    live = live.where('taluka', '=', filters.taluka);
    contacted = contacted.where('taluka', '=', filters.taluka);
    gone = gone.where('taluka', '=', filters.taluka);
  }
  if (filters.village) {
    live = live.where('village', '=', filters.village);
    contacted = contacted.where('village', '=', filters.village);
    gone = gone.where('village', '=', filters.village);
  }
  for (const row of await live.groupBy('booth').execute()) {
    if (Number(row.count) > 0) tally(row.booth).voters = Number(row.count);
  }
  for (const row of await gone.groupBy(['booth', 'is_dead']).execute()) {
    if (row.booth === null) continue;
    if (row.is_dead === 1) tally(row.booth).deceased += Number(row.count);
    else tally(row.booth).shifted += Number(row.count);
  }
  for (const row of await contacted.groupBy(['booth', 'support_level']).execute()) {
    if (row.booth === null) continue;
    const found = tally(row.booth);
    const count = Number(row.count);
    found.contacted += count;
    if (isLevel(row.support_level)) found.levels[row.support_level] += count;
  }
  return tallies;
}

export function coverageOf(tally: BoothTally): Coverage {
  return { voters: tally.voters, contacted: tally.contacted, percent: shareOf(tally.contacted, tally.voters), deceased: tally.deceased, shifted: tally.shifted };
}

export function supportOf(tally: BoothTally): Support {
  const supporters = SUPPORTER_LEVELS.reduce((sum, level) => sum + tally.levels[level], 0);
  return { levels: { ...tally.levels }, supporters, share: shareOf(supporters, tally.contacted) };
}

export function sumTallies(tallies: Iterable<BoothTally>): BoothTally {
  const total = emptyTally();
  for (const tally of tallies) {
    total.voters += tally.voters;
    total.contacted += tally.contacted;
    total.deceased += tally.deceased;
    total.shifted += tally.shifted;
    for (const level of SUPPORT_LEVELS) total.levels[level] += tally.levels[level];
  }
  return total;
}

const asClass = (value: string | null): BoothClass | null => ((BOOTH_CLASSES as readonly string[]).includes(value ?? '') ? (value as BoothClass) : null);

export function classInfoOf(row: BoothRow, tally: BoothTally, facts: ClassRuleFacts): BoothClassInfo {
  const support = supportOf(tally);
  const byContacts = boothClassOf(support.supporters, tally.contacted, facts);
  const share = facts.shares.get(row.label);
  const byVotes = share ? { class: voteClassOf(share.votes, share.polled, facts.votes), votes: share.votes, polled: share.polled, share: share.share } : null;
  const computed = facts.rule.basis === 'past_votes' ? (byVotes?.class ?? null) : byContacts;
  const override = asClass(row.class_override);
  return {
    class: override ?? computed,
    computed,
    by_contacts: byContacts,
    by_votes: byVotes,
    rule: facts.rule,
    override,
    override_reason: override ? row.class_override_reason : null,
    override_by: override ? row.class_override_by : null,
    override_at: override ? row.class_override_at : null,
  };
}

export { emptyTally };

// Each Karyakarta's voters (the pages and houses they hold, as My voters lists them: on one
// of their pages or in one of their houses) per booth, and how many of them are contacted.
// The pages from the kept per-page counts (page_coverage, decision 038): one row a held page;
// the houses from the (booth, house_no, …) index, a house voter already on one of the holder's
// pages counted once. CROSS JOIN keeps SQLite's join order (assignments first, then one row or
// index range per page); PostgreSQL plans it as an inner join.
export async function workerCoverage(db: Executor, pageSize: number, labels: readonly string[] | undefined, filters: AnalyticsFilters = {}): Promise<WorkerCoverageRow[]> {
  // A taluka or village filter picks the booths with live voters there (from the kept counts):
  // a worker's coverage is of the booths, whatever the village typed on each voter.
  let booths = labels;
  if (filters.taluka || filters.village) {
    let located = db.selectFrom('voter_stats').select('booth').distinct().where('dimension', '=', 'status').where('count', '>', 0).where('booth', '<>', '');
    if (filters.taluka) located = located.where('taluka', '=', filters.taluka);
    if (filters.village) located = located.where('village', '=', filters.village);
    const found = (await located.execute()).map((row) => row.booth);
    booths = labels ? found.filter((label) => labels.includes(label)) : found;
  }
  if (booths && booths.length === 0) return [];
  const size = sql.lit(pageSize);
  // Listed voters; the active ones are assigned, the deceased and shifted counted apart.
  const voterFilter = (alias: string) => sql`${sql.ref(`${alias}.deleted_at`)} IS NULL AND ${sql.ref(`${alias}.duplicate_of`)} IS NULL`;
  const counts = sql`count(CASE WHEN v.is_dead = 0 AND v.present_in_city = 1 THEN 1 END) AS assigned,
    count(CASE WHEN v.is_dead = 0 AND v.present_in_city = 1 AND v.last_contact_at IS NOT NULL THEN 1 END) AS contacted,
    count(CASE WHEN v.is_dead = 1 THEN 1 END) AS deceased,
    count(CASE WHEN v.is_dead = 0 AND v.present_in_city = 0 THEN 1 END) AS shifted`;
  const boothFilter = () => {
    const parts = [sql`1 = 1`];
    if (booths) parts.push(sql`b.label IN (${sql.join([...booths])})`);
    if (filters.booth) parts.push(sql`b.label = ${filters.booth}`);
    return sql.join(parts, sql` AND `);
  };
  type Counted = { user_id: number; label: string; assigned: number | string; contacted: number | string; deceased: number | string; shifted: number | string };
  // The pages: one kept row a page (decision 038) when the counters are kept at this page size,
  // else every voter of the pages counted from the index as before (decision 029). A page whose
  // voters all left keeps a row of zeros: it counts as no page, as a page with no voters did.
  const onPages =
    (await keptPageSize(db)) === pageSize
      ? await sql<Counted>`
    SELECT pa.user_id AS user_id, b.label AS label, sum(pc.active) AS assigned, sum(pc.contacted) AS contacted, sum(pc.deceased) AS deceased, sum(pc.shifted) AS shifted
    FROM page_assignments pa CROSS JOIN booths b CROSS JOIN page_coverage pc
    WHERE b.id = pa.booth_id AND pc.booth = b.label AND pc.page = pa.page AND pc.active + pc.deceased + pc.shifted > 0 AND ${boothFilter()}
    GROUP BY pa.user_id, b.label`.execute(db)
      : await sql<Counted>`
    SELECT pa.user_id AS user_id, b.label AS label, ${counts}
    FROM page_assignments pa CROSS JOIN booths b CROSS JOIN voters v
    WHERE b.id = pa.booth_id AND v.booth = b.label AND v.part_serial >= (pa.page - 1) * ${size} + 1 AND v.part_serial <= pa.page * ${size} AND ${voterFilter('v')}
      AND ${boothFilter()}
    GROUP BY pa.user_id, b.label`.execute(db);
  const inHouses = await sql<Counted>`
    SELECT ha.user_id AS user_id, b.label AS label, ${counts}
    FROM house_assignments ha CROSS JOIN booths b CROSS JOIN voters v
    WHERE b.id = ha.booth_id AND v.booth = b.label AND v.house_no = ha.house_no AND ${voterFilter('v')}
      AND ${boothFilter()}
      AND NOT EXISTS (
        SELECT 1 FROM page_assignments own
        WHERE own.booth_id = ha.booth_id AND own.user_id = ha.user_id AND v.part_serial BETWEEN (own.page - 1) * ${size} + 1 AND own.page * ${size}
      )
    GROUP BY ha.user_id, b.label`.execute(db);

  const users = await db.selectFrom('users').select(['id', 'full_name', 'role', 'booth_access']).where('role', '=', 'Karyakarta').execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  const rows = new Map<number, WorkerCoverageRow>();
  for (const row of [...onPages.rows, ...inHouses.rows]) {
    const user = byId.get(Number(row.user_id));
    // A page never widens what a Karyakarta may see: a booth they lost access to counts nothing.
    if (!user || !userReachesBooth(user, row.label)) continue;
    let found = rows.get(user.id);
    if (!found) {
      found = { user_id: user.id, full_name: user.full_name, booths: [], assigned: 0, contacted: 0, percent: 0, deceased: 0, shifted: 0 };
      rows.set(user.id, found);
    }
    if (!found.booths.includes(row.label)) found.booths.push(row.label);
    found.assigned += Number(row.assigned);
    found.contacted += Number(row.contacted);
    found.deceased += Number(row.deceased);
    found.shifted += Number(row.shifted);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, booths: row.booths.sort((a, b) => (boothNumberOf(a) ?? 0) - (boothNumberOf(b) ?? 0)), percent: shareOf(row.contacted, row.assigned) }))
    .sort((a, b) => a.full_name.localeCompare(b.full_name) || a.user_id - b.user_id);
}
