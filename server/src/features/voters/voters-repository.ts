import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { VoterFilters, Voter, VoterInput } from '@shared/voters/voter-schema';
import type { Dialect } from '../../db/connection';
import type { Database, VoterRow } from '../../db/schema';
import { searchIndexQuery, textFilter } from './voter-text-search';

type Executor = Kysely<Database> | Transaction<Database>;

// Which voters a user may reach: every booth, or only the listed ones (spec section 6 and
// issue 4: booth access is enforced here, in every query, not only in the screens).
export type BoothScope = { kind: 'all' } | { kind: 'booths'; booths: readonly string[] };

// The wire form of a voter: `_id` and `id` both, booleans as booleans.
export function toVoterDto(row: VoterRow): Voter {
  return {
    _id: row.id,
    id: row.id,
    voter_no: row.voter_no,
    full_name: row.full_name,
    voter_id: row.voter_id,
    age: row.age,
    gender: row.gender,
    date_of_birth: row.date_of_birth,
    father_husband_name: row.father_husband_name,
    religion: row.religion,
    disability: row.disability,
    mobile_number: row.mobile_number,
    whatsapp_number: row.whatsapp_number,
    house_no: row.house_no,
    ward_area: row.ward_area,
    village: row.village,
    booth: row.booth,
    district: row.district,
    taluka: row.taluka,
    present_in_city: row.present_in_city === 1,
    present_city_name: row.present_city_name,
    category: row.category,
    caste: row.caste,
    sub_caste: row.sub_caste,
    political_preference: row.political_preference,
    party_designation: row.party_designation,
    head_of_house: row.head_of_house,
    occupation: row.occupation,
    occupation_subcategory: row.occupation_subcategory,
    is_dead: row.is_dead === 1,
    comment: row.comment,
    voter_image: row.voter_image,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

// Applies the GET /api/voters filters, the booth scope and the soft-delete rule to any query
// on voters. Export, import checks and analytics reuse it so they see exactly what the list sees.
export function applyVoterFilters<O>(
  query: SelectQueryBuilder<Database, 'voters', O>,
  filters: Partial<VoterFilters>,
  scope: BoothScope,
  dialect: Dialect,
): SelectQueryBuilder<Database, 'voters', O> {
  let q = query.where('voters.deleted_at', 'is', null);
  if (scope.kind === 'booths') {
    // An empty list must match nothing, and `IN ()` is not valid SQL.
    q = scope.booths.length > 0 ? q.where('voters.booth', 'in', [...scope.booths]) : q.where('voters.id', '<', 0);
  }
  if (filters.gender) q = q.where('voters.gender', '=', filters.gender);
  if (filters.occupation) q = q.where('voters.occupation', '=', filters.occupation);
  if (filters.caste) q = q.where('voters.caste', '=', filters.caste);
  if (filters.booth) q = q.where('voters.booth', '=', filters.booth);
  if (filters.village) q = q.where('voters.village', '=', filters.village);
  if (filters.taluka) q = q.where('voters.taluka', '=', filters.taluka);
  if (filters.political_preference) q = q.where('voters.political_preference', '=', filters.political_preference);
  if (filters.age_min !== undefined) q = q.where('voters.age', '>=', filters.age_min);
  if (filters.age_max !== undefined) q = q.where('voters.age', '<=', filters.age_max);
  if (filters.mobile_filter === 'with_mobile') q = q.where('voters.mobile_number', 'is not', null);
  if (filters.mobile_filter === 'without_mobile') q = q.where('voters.mobile_number', 'is', null);
  const search = filters.search;
  const fatherHusband = filters.father_husband_name;
  const area = filters.area;
  if (search) q = q.where((eb) => textFilter(eb, dialect, 'search', search));
  if (fatherHusband) q = q.where((eb) => textFilter(eb, dialect, 'father_husband_name', fatherHusband));
  if (area) q = q.where((eb) => textFilter(eb, dialect, 'area', area));
  return q;
}

function hasFilters(filters: Partial<VoterFilters>): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}

export async function countVoters(db: Executor, filters: Partial<VoterFilters>, scope: BoothScope, dialect: Dialect): Promise<number> {
  // No filter: the trigger-kept counts (migration 006, exact under every write) answer
  // without reading voters: the overall total, or the sum over the user's booths.
  if (!hasFilters(filters)) {
    if (scope.kind === 'booths' && scope.booths.length === 0) return 0;
    const row =
      scope.kind === 'all'
        ? await db.selectFrom('voter_stats_totals').select((eb) => eb.fn.sum<number | string | null>('count').as('live')).where('dimension', '=', 'status').executeTakeFirst()
        : await db
            .selectFrom('voter_stats')
            .select((eb) => eb.fn.sum<number | string | null>('count').as('live'))
            .where('dimension', '=', 'status')
            .where('booth', 'in', [...scope.booths])
            .executeTakeFirst();
    return Number(row?.live ?? 0);
  }
  const match = searchIndexQuery(filters, scope, dialect);
  if (match !== undefined) {
    const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM voters_fts WHERE voters_fts MATCH ${match}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  const row = await applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// One page, newest first. Ids are picked first (a narrow index-only read), then the rows;
// past the middle the page is read from the far end so the last page costs what the first does.
export async function listVoters(
  db: Executor,
  options: { filters: Partial<VoterFilters>; scope: BoothScope; dialect: Dialect; page: number; limit: number },
): Promise<{ voters: VoterRow[]; total: number }> {
  const { filters, scope, dialect, page, limit } = options;
  const total = await countVoters(db, filters, scope, dialect);
  const offset = (page - 1) * limit;
  if (offset >= total) return { voters: [], total };
  const end = Math.min(offset + limit, total);
  const fromEnd = offset > total / 2;
  const match = searchIndexQuery(filters, scope, dialect);
  if (match !== undefined) {
    const order = sql.raw(fromEnd ? 'ASC' : 'DESC');
    const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM voters_fts WHERE voters_fts MATCH ${match} ORDER BY rowid ${order} LIMIT ${end - offset} OFFSET ${fromEnd ? total - end : offset}`.execute(db);
    const found = rows.length > 0 ? await db.selectFrom('voters').selectAll().where('id', 'in', rows.map((row) => row.id)).orderBy('id', 'desc').execute() : [];
    return { voters: found, total };
  }
  const ids = applyVoterFilters(db.selectFrom('voters'), filters, scope, dialect)
    .select('voters.id')
    .orderBy('voters.id', fromEnd ? 'asc' : 'desc')
    .limit(end - offset)
    .offset(fromEnd ? total - end : offset);
  const voters = await db.selectFrom('voters').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
  return { voters, total };
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

// A validated voter as table columns (the flags are stored as 0/1).
export function toColumns(input: VoterInput) {
  return { ...input, present_in_city: input.present_in_city ? 1 : 0, is_dead: input.is_dead ? 1 : 0 };
}

export async function insertVoter(db: Executor, input: VoterInput, options: { userId: number; voterImage: string | null; now?: Date }): Promise<VoterRow> {
  const now = (options.now ?? new Date()).toISOString();
  return db
    .insertInto('voters')
    .values({ ...toColumns(input), voter_image: options.voterImage, created_at: now, updated_at: now, created_by: options.userId, updated_by: options.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateVoter(db: Executor, id: number, input: VoterInput, options: { userId: number; voterImage: string | null; now?: Date }): Promise<VoterRow> {
  const now = (options.now ?? new Date()).toISOString();
  return db
    .updateTable('voters')
    .set({ ...toColumns(input), voter_image: options.voterImage, updated_at: now, updated_by: options.userId })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function softDeleteVoter(db: Executor, id: number, options: { userId: number; now?: Date }): Promise<boolean> {
  const now = (options.now ?? new Date()).toISOString();
  const result = await db
    .updateTable('voters')
    .set({ deleted_at: now, deleted_by: options.userId, updated_at: now, updated_by: options.userId })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// True when the database refused a write because a unique index already holds the value.
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
