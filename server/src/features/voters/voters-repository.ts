import { type Kysely, type RawBuilder, sql } from 'kysely';
import { termsMatchExactly } from '@shared/search/name-keys';
import { type VoterFilters, type VoterInput } from '@shared/voters/voter-schema';
import type { DatabaseDialect, Executor, NameMatchPart, VoterInsertAudit } from '../../db/dialects/database-dialect';
import type { Database, VoterRow } from '../../db/schema';
import { voterInsertValues } from '../../db/voter-insert-values';
import { type KeptDimension, keptDimensionCounts } from './kept-counts';
import { applyVoterFilters, type BoothScope, dialectForNameSearches, MOST_VOTERS_FILTERS, nameMatchCountUnknown, narrowedToBooths, onlyNameSearch, rankedNameSearch, searchesNumberAndName, searchIndexOnly, withoutNameSearches } from './voter-filters';
import { toColumns } from './voter-rows';

// part: of a name search, all its matches or only the exact ones or only the others.
export async function countVoters(db: Executor, filters: Partial<VoterFilters>, scope: BoothScope, dialect: DatabaseDialect, part: NameMatchPart = 'all'): Promise<number> {
  return countMatching(db, filters, scope, await dialectForNameSearches(db, filters, dialect), part);
}

// The filters the trigger-kept counts (migrations 006 and 024, exact under every write) total
// without reading voters: taluka, village and booth, with at most one counted value (a gender, a
// caste, a party, or a caste with a party), for every booth or the user's own. Otherwise the
// count reads an index entry per match: a gender alone at ten million voters on PostgreSQL read
// five million.
const KEPT_LOCATIONS = new Set<string>(['taluka', 'village', 'booth']);
const KEPT_VALUES = new Set<string>(['gender', 'caste', 'political_preference']);
type KeptCount = { dimension: KeptDimension; value1?: string; value2?: string };

function keptCountOf(filters: Partial<VoterFilters>): KeptCount | undefined {
  const given = (Object.keys(filters) as (keyof VoterFilters)[]).filter((key) => filters[key] !== undefined && filters[key] !== '');
  const values = given.filter((key) => !KEPT_LOCATIONS.has(key));
  if (values.some((key) => !KEPT_VALUES.has(key))) return undefined;
  const value = (key: 'gender' | 'caste' | 'political_preference') => String(filters[key]);
  if (values.length === 0) return { dimension: 'status' };
  if (values.length === 1) {
    const key = values[0] as 'gender' | 'caste' | 'political_preference';
    return { dimension: key, value1: value(key), value2: '' };
  }
  if (values.length === 2 && filters.caste && filters.political_preference) return { dimension: 'caste_preference', value1: value('caste'), value2: value('political_preference') };
  return undefined;
}

async function keptCount(db: Executor, kept: KeptCount, filters: Partial<VoterFilters>, scope: BoothScope): Promise<number> {
  const rows = await keptDimensionCounts(db, kept.dimension, { taluka: filters.taluka, village: filters.village, booth: filters.booth, booths: scope.kind === 'booths' ? scope.booths : undefined });
  return rows.filter((row) => (kept.value1 === undefined || row.value1 === kept.value1) && (kept.value2 === undefined || row.value2 === kept.value2)).reduce((sum, row) => sum + row.count, 0);
}

// countVoters with the request's dialect (dialectForNameSearches) already chosen.
async function countMatching(db: Executor, filters: Partial<VoterFilters>, scope: BoothScope, dialect: DatabaseDialect, part: NameMatchPart = 'all'): Promise<number> {
  const kept = keptCountOf(filters);
  if (kept) return keptCount(db, kept, filters, scope);
  // A filter that holds nearly every voter: the kept total of the other filters less the few
  // voters it leaves out.
  const most = (Object.keys(MOST_VOTERS_FILTERS) as (keyof typeof MOST_VOTERS_FILTERS)[]).find((key) => filters[key] === MOST_VOTERS_FILTERS[key].value);
  const others: Partial<VoterFilters> = most ? { ...filters, [most]: undefined } : filters;
  const keptOthers = most ? keptCountOf(others) : undefined;
  if (most && keptOthers) {
    const countPart = async (part: RawBuilder<boolean>) =>
      Number(
        (
          await applyVoterFilters(db.selectFrom('voters'), others, scope, dialect)
            .where(part)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const [all, ...few] = await Promise.all([keptCount(db, keptOthers, others, scope), ...MOST_VOTERS_FILTERS[most].leftOut.map(countPart)]);
    return few.reduce((left, count) => left - count, all);
  }
  const index = searchIndexOnly(filters, scope, dialect, part);
  if (index) return index.count(db);
  const row = await applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect, part)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// One page of the list and its total: exact, or the database's estimate (totalEstimated).
export interface VoterListPage {
  voters: VoterRow[];
  total: number;
  totalEstimated?: true;
}

// Decision 089: a name search that matches more than this many voters by the planner's estimate
// is answered with that estimate for its total, without counting them: at ten million voters on
// PostgreSQL a common surname's first page is ready in about 10 ms and its exact total (a table
// visit per match, 250,000 of them) in about a second. ESTIMATED_TOTAL_ABOVE changes it.
export const ESTIMATED_TOTAL_ABOVE = 10_000;

// The voters an estimate starts from: the list's conditions but its name searches, with the
// user's booths and the listed-voter rule (applyVoterFilters), so an estimate never counts voters
// the user may not see. The dialect takes the names' share of them (estimateMatches).
export function estimateQuery(db: Executor, filters: Partial<VoterFilters>, scope: BoothScope, dialect: DatabaseDialect) {
  return applyVoterFilters(db.selectFrom('voters'), withoutNameSearches(filters), scope, dialect).select('voters.id');
}

// The estimate to two significant digits (2,46,000 is "about 2,50,000", 13,004 "about 13,000"):
// it is good to a few per cent at best, and a round number says it is not a count.
export function roundedEstimate(rows: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, rows))) - 1);
  return Math.round(rows / step) * step;
}

// The list's total as an estimate, where it may be one (decision 089): a name search alone,
// for a user who reaches every booth, on a database that estimates (PostgreSQL), above `above`
// voters. Undefined: the total is counted. The estimate takes a search's words as independent;
// a first name with a father's name was measured up to 2.2 times its voters (one word: within
// 7%), so a search of several words must be estimated at twice `above`, lest a list below it
// show an estimate.
async function estimatedTotal(db: Executor, filters: Partial<VoterFilters>, scope: BoothScope, dialect: DatabaseDialect, above: number | undefined): Promise<number | undefined> {
  if (above === undefined || !dialect.estimateMatches || scope.kind !== 'all') return undefined;
  const name = onlyNameSearch(filters);
  if (!name) return undefined;
  const rows = await dialect.estimateMatches(estimateQuery(db, filters, scope, dialect), [name]);
  const needed = name.terms.words.length > 1 ? 2 * above : above;
  return rows !== undefined && rows > needed ? roundedEstimate(rows) : undefined;
}

// One page, newest first. Ids are picked first (a narrow index-only read), then the rows;
// past the middle the page is read from the far end so the last page costs what the first does.
// A name search lists the voters whose name matched as typed first, then those found only by
// the name's phonetic keys (issue 18), each part newest first.
// estimateAbove: a name search with more matches than this by the planner's estimate gets that
// estimate as its total (decision 089); undefined: every total is counted.
export async function listVoters(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: DatabaseDialect; page: number; limit: number; estimateAbove?: number },
): Promise<VoterListPage> {
  const { filters, scope, page, limit, estimateAbove } = options;
  const ranked = rankedNameSearch(filters);
  // Any name search, ranked or not (a search holding digits is also a name): the stored terms
  // its words start are looked up first (decision 047).
  const dialect = await dialectForNameSearches(db, filters, options.dialect);
  if (ranked && narrowedToBooths(filters, scope)) return listNameMatchesInBooths(db, { ...options, dialect }, ranked);
  const read = (part: NameMatchPart, from: number, count: number, partTotal: number | undefined) => pageIds(db, { filters, scope, dialect }, part, from, count, partTotal);
  const countExact = () => countMatching(db, filters, scope, dialect, 'exact');
  const offset = (page - 1) * limit;
  let ids: number[];
  let total: number;
  if (searchesNumberAndName(filters) || nameMatchCountUnknown(filters, dialect)) {
    // A voter ID, or a name with a word the database's statistics do not know (decision 052):
    // PostgreSQL guesses a share of the voters for such a word, so it read the list newest first
    // until 30 matched: for one voter, the whole table (over the 3 s statement limit at ten
    // million; a three-voter name 2.4 s at a million). Its total is cheap when it is few (a
    // few index entries), so it comes first and tells the pages how to read: few matches are
    // collected and sorted, many are met soon enough in list order.
    total = await countMatching(db, filters, scope, dialect);
    if (offset >= total) return { voters: [], total };
    ids = await laterPageIds(read, { ranked: ranked !== undefined, offset, end: Math.min(offset + limit, total), total }, countExact);
  } else if (offset === 0) {
    // The first page, the one nearly every list and search opens on, is read from the top
    // without its total: the total (or its estimate) and the page are asked at once (on
    // PostgreSQL, on two connections side by side; a name search's exact total is most of its
    // time). The first page needs no count of the exact matches either: a short read of them
    // is that count.
    const firstPage = async () => {
      if (!ranked) return read('all', 0, limit, undefined);
      const exact = await read('exact', 0, limit, undefined);
      return exact.length < limit ? [...exact, ...(await read('variants', 0, limit - exact.length, undefined))] : exact;
    };
    const totalOrEstimate = async () => {
      const estimate = await estimatedTotal(db, filters, scope, dialect, estimateAbove);
      return estimate !== undefined ? { total: estimate, estimated: true } : { total: await countMatching(db, filters, scope, dialect), estimated: false };
    };
    const [counted, firstIds] = await Promise.all([totalOrEstimate(), firstPage()]);
    ids = firstIds;
    // A short first page is every match: its length is the exact total.
    if (counted.estimated && ids.length === limit) return { ...(await rowsInOrder(db, ids)), total: counted.total, totalEstimated: true };
    total = counted.estimated ? ids.length : counted.total;
  } else {
    const estimate = await estimatedTotal(db, filters, scope, dialect, estimateAbove);
    if (estimate !== undefined && offset < estimate / 2) {
      // A page in the first half of an estimated list is read from the top, without a total.
      // Past its middle a page is read from the far end, which needs the exact total: a jump to
      // the (estimated) last page counts, as every page did before decision 089.
      ids = await nearPageIds(read, { ranked: ranked !== undefined, offset, limit }, countExact);
      if (ids.length === limit) return { ...(await rowsInOrder(db, ids)), total: estimate, totalEstimated: true };
      // A short page is the end of the list, so the total is known; an empty one (the estimate
      // far above the matches) is counted.
      total = ids.length > 0 ? offset + ids.length : await countMatching(db, filters, scope, dialect);
    } else {
      total = await countMatching(db, filters, scope, dialect);
      if (offset >= total) return { voters: [], total };
      ids = await laterPageIds(read, { ranked: ranked !== undefined, offset, end: Math.min(offset + limit, total), total }, countExact);
    }
  }
  return { ...(await rowsInOrder(db, ids)), total };
}

// The voters of these ids, in the ids' order.
async function rowsInOrder(db: Executor, ids: readonly number[]): Promise<{ voters: VoterRow[] }> {
  if (ids.length === 0) return { voters: [] };
  const rows = await db.selectFrom('voters').selectAll().where('id', 'in', ids).execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  return { voters: rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)) };
}

// The ids of a page of a list whose total is not known, read from the top: a name search's
// exact matches first, then its other matches. Where the exact matches end on this page, the
// other matches start at their own beginning; where they ended before it, their count says
// where the others start (at most `offset` of them: cheap to count).
async function nearPageIds(
  read: (part: NameMatchPart, from: number, count: number, partTotal: number | undefined) => Promise<number[]>,
  { ranked, offset, limit }: { ranked: boolean; offset: number; limit: number },
  countExact: () => Promise<number>,
): Promise<number[]> {
  if (!ranked) return read('all', offset, limit, undefined);
  const exact = await read('exact', offset, limit, undefined);
  if (exact.length === limit) return exact;
  const exactTotal = exact.length > 0 ? offset + exact.length : await countExact();
  return [...exact, ...(await read('variants', offset + exact.length - exactTotal, limit - exact.length, undefined))];
}

// Up to this many matches (a part of the list whose count is known) are collected and sorted
// rather than met in list order.
const FEW_MATCHES = 5_000;

// The ids of a page after the first, once the total is known: past the middle read from the far
// end; a name search's exact matches first, then its other matches.
async function laterPageIds(
  read: (part: NameMatchPart, from: number, count: number, partTotal: number | undefined) => Promise<number[]>,
  { ranked, offset, end, total }: { ranked: boolean; offset: number; end: number; total: number },
  countExact: () => Promise<number>,
): Promise<number[]> {
  let ids: number[];
  if (!ranked) {
    ids = await read('all', offset, end - offset, total);
  } else {
    const exact = await countExact();
    ids = offset < exact ? await read('exact', offset, Math.min(end, exact) - offset, exact) : [];
    if (end > exact) ids.push(...(await read('variants', Math.max(offset, exact) - exact, end - Math.max(offset, exact), total - exact)));
  }
  return ids;
}

// A name search within some booths: its matches there are few (a booth holds a few thousand
// voters), so they are read once with their terms, told exact or not here, then counted,
// ordered and paged: one statement instead of a count and a read of each part (a booth's
// "patil" at a million voters: 2.6 ms instead of 7.5).
async function listNameMatchesInBooths(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: DatabaseDialect; page: number; limit: number },
  ranked: NonNullable<ReturnType<typeof rankedNameSearch>>,
): Promise<{ voters: VoterRow[]; total: number }> {
  const { filters, scope, dialect, page, limit } = options;
  const termsColumn = ranked.field === 'full_name' ? 'voters.full_name_terms' : 'voters.father_husband_name_terms';
  const found = await applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect).select(['voters.id', `${termsColumn} as terms`]).execute();
  const matches = found.map((row) => ({ id: row.id, exact: termsMatchExactly(row.terms, ranked.terms) }));
  const exactFirst = matches.sort((a, b) => Number(b.exact) - Number(a.exact) || b.id - a.id);
  const ids = exactFirst.slice((page - 1) * limit, page * limit).map((row) => row.id);
  if (ids.length === 0) return { voters: [], total: matches.length };
  const rows = await db.selectFrom('voters').selectAll().where('id', 'in', ids).execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  return { voters: rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)), total: matches.length };
}

// `count` ids of one part of the list from `from` on, newest first: from the search index alone
// where it can answer, else from the filtered voters. Knowing the part's size (partTotal), a
// window past its middle is read from the far end.
async function pageIds(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: DatabaseDialect },
  part: NameMatchPart,
  from: number,
  count: number,
  partTotal: number | undefined,
): Promise<number[]> {
  if (count <= 0) return [];
  const { filters, scope, dialect } = options;
  const index = searchIndexOnly(filters, scope, dialect, part);
  // Few matches, known by their count, are collected and sorted (id + 0: not in an index's
  // order), not met in list order: the database cannot know they are few, and a rare name
  // read newest first was read through the whole list.
  if (!index && partTotal !== undefined && partTotal <= FEW_MATCHES) {
    const rows = await applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect, part).select('voters.id').orderBy(sql`voters.id + 0`, 'desc').limit(count).offset(from).execute();
    return rows.map((row) => row.id);
  }
  const fromEnd = partTotal !== undefined && from > partTotal / 2;
  const offset = fromEnd ? (partTotal as number) - from - count : from;
  const ids = index
    ? await index.pageIds(db, { descending: !fromEnd, limit: count, offset })
    : (
        await applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect, part)
          .select('voters.id')
          .orderBy('voters.id', fromEnd ? 'asc' : 'desc')
          .limit(count)
          .offset(offset)
          .execute()
      ).map((row) => row.id);
  return fromEnd ? ids.reverse() : ids;
}

// One keyset page of the filtered voters in id order (the export): never the whole table at once.
export function voterPageAfter(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: DatabaseDialect; afterId: number; limit: number },
): Promise<VoterRow[]> {
  return applyVoterFilters(db.selectFrom('voters'), options.filters, options.scope, options.dialect)
    .selectAll('voters')
    .where('voters.id', '>', options.afterId)
    .orderBy('voters.id', 'asc')
    .limit(options.limit)
    .execute();
}

export function findVoter(db: Executor, id: number, scope: BoothScope): Promise<VoterRow | undefined> {
  let query = db.selectFrom('voters').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (scope.kind === 'booths') query = scope.booths.length > 0 ? query.where('booth', 'in', [...scope.booths]) : query.where('id', '<', 0);
  return query.executeTakeFirst();
}

export async function voterIdExists(db: Executor, voterId: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('voters').select('id').where('voter_id', '=', voterId).where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// The live voter holding a voter ID, with its booth and name; undefined when there is none.
export async function liveVoterByVoterId(db: Executor, voterId: string): Promise<{ id: number; booth: string | null; full_name: string; voter_id: string | null } | undefined> {
  return db.selectFrom('voters').select(['id', 'booth', 'full_name', 'voter_id']).where('voter_id', '=', voterId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertVoter(db: Executor, input: VoterInput, options: { userId: number; voterImage: string | null; now?: Date }): Promise<VoterRow> {
  const now = (options.now ?? new Date()).toISOString();
  return db
    .insertInto('voters')
    .values({ ...toColumns(input), voter_image: options.voterImage, created_at: now, updated_at: now, created_by: options.userId, updated_by: options.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Writes the voter only if it is still at the version read (`expectedVersion`), raising it by
// one; undefined when another writer changed it in between (record-versions.ts).
export async function updateVoter(
  db: Executor,
  id: number,
  input: VoterInput,
  options: { userId: number; voterImage: string | null; expectedVersion: number; now?: Date },
): Promise<VoterRow | undefined> {
  const now = (options.now ?? new Date()).toISOString();
  return db
    .updateTable('voters')
    .set((eb) => ({ ...toColumns(input), voter_image: options.voterImage, updated_at: now, updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', options.expectedVersion)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

// An import's update leaves the photo alone: a spreadsheet has no photos. Only the columns
// that differ are written, and a voter the file leaves as it was not at all: SQLite rewrites
// every index whose columns an UPDATE sets, changed or not, and re-importing a roll changes
// few voters. A written voter's version goes up, so an edit opened before the import meets a
// 409 rather than undoing it. Returns whether it wrote.
// With `expectedVersion`, only while the voter is still at that version (a roll import's commit,
// issue 54): false when someone saved it meanwhile.
export async function updateVoterFields(db: Executor, existing: VoterRow, input: VoterInput, options: { userId: number; now?: Date; expectedVersion?: number }): Promise<boolean> {
  const changes = Object.fromEntries(
    Object.entries(toColumns(input)).filter(([column, value]) => value !== undefined && existing[column as keyof VoterRow] !== value),
  );
  if (Object.keys(changes).length === 0) return false;
  const now = (options.now ?? new Date()).toISOString();
  let query = db
    .updateTable('voters')
    .set((eb) => ({ ...changes, updated_at: now, updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', existing.id)
    .where('deleted_at', 'is', null);
  if (options.expectedVersion !== undefined) query = query.where('version', '=', options.expectedVersion);
  const result = await query.executeTakeFirst();
  return options.expectedVersion === undefined || Number(result.numUpdatedRows) > 0;
}

export async function softDeleteVoter(db: Executor, id: number, options: { userId: number; now?: Date }): Promise<boolean> {
  const now = (options.now ?? new Date()).toISOString();
  const result = await db
    .updateTable('voters')
    .set((eb) => ({ deleted_at: now, deleted_by: options.userId, updated_at: now, updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Saves many new voters in one transaction, the fastest way the database offers (the seeder,
// tests).
export async function insertVoters(db: Kysely<Database>, dialect: DatabaseDialect, inputs: Iterable<VoterInput>, audit: VoterInsertAudit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserter = dialect.startVoterInsert(trx, audit);
    await inserter.add(Array.from(inputs, voterInsertValues));
    await inserter.finish();
  });
}
