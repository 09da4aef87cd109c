import { sql } from 'kysely';
import type { BoothScope } from '@shared/auth/booth-scope';
import type { Language } from '@shared/i18n/languages';
import { BOOTHS } from '@shared/reference/booths';
import type { AnswerValue, LocalText, SurveyAnswers, SurveyQuestion, SurveyTarget } from '@shared/surveys/survey-answers';
import type { ResultGrouping, SurveyDefinition, SurveyQuery, SurveyResponse, SurveyState, SurveyUnit } from '@shared/surveys/survey-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import type { SurveysTable } from '../../db/schema';

// Surveys (issue 61, docs/decisions/087-surveys.md). Only this file reads and writes the survey
// tables: a survey's texts and questions are JSON; its booths a table of their own; each voter's
// answers a row (their version raised by each write) and each answer again as rows to count.

type SurveyRow = Omit<SurveysTable, 'id' | 'version'> & { id: number; version: number };

export interface StoredSurvey extends SurveyDefinition {
  opened_at: string | null;
  closed_at: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

// The surveys a user reaches: every one for the office; for a field user those asked in one of
// their booths, once opened (a draft is the office's work in progress).
function surveysInScope(db: Executor, scope: BoothScope) {
  let query = db.selectFrom('surveys');
  if (scope.kind === 'booths') {
    const booths = [...scope.booths];
    query =
      booths.length === 0
        ? query.where('surveys.id', '<', 0)
        : query.where('surveys.state', '!=', 'draft').where('surveys.id', 'in', (eb) => eb.selectFrom('survey_targets').select('survey_targets.survey_id').where('survey_targets.booth', 'in', booths));
  }
  return query;
}

async function toSurveys(db: Executor, rows: SurveyRow[]): Promise<StoredSurvey[]> {
  if (rows.length === 0) return [];
  const targets = await db
    .selectFrom('survey_targets')
    .select(['survey_id', 'booth', 'first_page', 'last_page'])
    .where('survey_id', 'in', rows.map((row) => row.id))
    .execute();
  const targetsOf = new Map<number, SurveyTarget[]>();
  for (const row of targets) {
    const target: SurveyTarget = { booth: row.booth, pages: row.first_page !== null && row.last_page !== null ? { from: row.first_page, to: row.last_page } : null };
    targetsOf.set(row.survey_id, [...(targetsOf.get(row.survey_id) ?? []), target]);
  }
  return rows.map((row) => ({
    id: row.id,
    title: json<LocalText>(row.title, {}),
    description: json<LocalText>(row.description, {}),
    language: row.language as Language,
    unit: row.unit as SurveyUnit,
    state: row.state as SurveyState,
    // Booth-02 before Booth-10: the booths' own order.
    targets: (targetsOf.get(row.id) ?? []).sort((a, b) => BOOTHS.indexOf(a.booth) - BOOTHS.indexOf(b.booth)),
    questions: json<SurveyQuestion[]>(row.questions, []),
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  }));
}

// Newest first, filtered by state and paged.
export async function listSurveys(db: Executor, scope: BoothScope, query: SurveyQuery): Promise<{ items: StoredSurvey[]; total: number }> {
  let base = surveysInScope(db, scope);
  if (query.state) base = base.where('surveys.state', '=', query.state);
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst();
  const rows = await base
    .selectAll('surveys')
    .orderBy('surveys.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: await toSurveys(db, rows), total: Number(counted?.total ?? 0) };
}

export async function findSurvey(db: Executor, scope: BoothScope, id: number): Promise<StoredSurvey | undefined> {
  const row = await surveysInScope(db, scope).selectAll('surveys').where('surveys.id', '=', id).executeTakeFirst();
  return row ? (await toSurveys(db, [row]))[0] : undefined;
}

// The open surveys asked in any of these booths (a field user's phone).
export async function openSurveysOf(db: Executor, booths: readonly string[]): Promise<StoredSurvey[]> {
  if (booths.length === 0) return [];
  const rows = await db
    .selectFrom('surveys')
    .selectAll()
    .where('state', '=', 'open')
    .where('id', 'in', (eb) => eb.selectFrom('survey_targets').select('survey_id').where('booth', 'in', [...booths]))
    .orderBy('id', 'desc')
    .execute();
  return toSurveys(db, rows);
}

// How many voters (live, in scope) each survey has answers for, and how many households among them.
export async function responseCounts(db: Executor, scope: BoothScope, surveyIds: readonly number[]): Promise<Map<number, { responses: number; households: number }>> {
  const counts = new Map<number, { responses: number; households: number }>();
  if (surveyIds.length === 0) return counts;
  let query = db
    .selectFrom('survey_responses as r')
    .innerJoin('voters as v', 'v.id', 'r.voter_id')
    .select((eb) => ['r.survey_id', eb.fn.countAll<number | string>().as('responses'), eb.fn.count<number | string>('r.household_key').distinct().as('households')])
    .where('r.survey_id', 'in', [...surveyIds])
    .where('v.deleted_at', 'is', null)
    .groupBy('r.survey_id');
  if (scope.kind === 'booths') query = scope.booths.length > 0 ? query.where('v.booth', 'in', [...scope.booths]) : query.where('r.id', '<', 0);
  for (const row of await query.execute()) counts.set(row.survey_id, { responses: Number(row.responses), households: Number(row.households) });
  return counts;
}

// Whether any voter was answered for (deleted voters included: their answers still fix the questions).
export async function hasResponses(db: Executor, surveyId: number): Promise<boolean> {
  return (await db.selectFrom('survey_responses').select('id').where('survey_id', '=', surveyId).limit(1).executeTakeFirst()) !== undefined;
}

export interface SurveyFields {
  title: LocalText;
  description: LocalText;
  language: Language;
  unit: SurveyUnit;
  questions: SurveyQuestion[];
}

const columnsOf = (fields: SurveyFields) => ({
  title: JSON.stringify(fields.title),
  description: JSON.stringify(fields.description),
  language: fields.language,
  unit: fields.unit,
  questions: JSON.stringify(fields.questions),
});

async function writeTargets(db: Executor, surveyId: number, targets: readonly SurveyTarget[]): Promise<void> {
  await db.deleteFrom('survey_targets').where('survey_id', '=', surveyId).execute();
  if (targets.length === 0) return;
  await db
    .insertInto('survey_targets')
    .values(targets.map((target) => ({ survey_id: surveyId, booth: target.booth, first_page: target.pages?.from ?? null, last_page: target.pages?.to ?? null })))
    .execute();
}

export async function insertSurvey(db: Executor, fields: SurveyFields, targets: readonly SurveyTarget[], createdBy: { id: number; name: string }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('surveys')
    .values({ ...columnsOf(fields), state: 'draft', created_by: createdBy.id, created_by_name: createdBy.name, created_at: now, updated_at: now, opened_at: null, closed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeTargets(db, row.id, targets);
  return row.id;
}

// Writes the survey only if it is still at the version read, raising it by one. Returns whether it changed.
export async function updateSurvey(db: Executor, id: number, expectedVersion: number, fields: SurveyFields, targets: readonly SurveyTarget[] | null): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set((eb) => ({ ...columnsOf(fields), updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (targets !== null) await writeTargets(db, id, targets);
  return true;
}

export async function setSurveyState(db: Executor, id: number, expectedVersion: number, state: SurveyState): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('surveys')
    .set((eb) => ({ state, updated_at: now, ...(state === 'open' ? { opened_at: now, closed_at: null } : { closed_at: now }), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSurvey(db: Executor, id: number, expectedVersion: number): Promise<boolean> {
  await db.deleteFrom('survey_targets').where('survey_id', '=', id).execute();
  const result = await db.deleteFrom('surveys').where('id', '=', id).where('version', '=', expectedVersion).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// --- Answers ---------------------------------------------------------------------------------

type ResponseRow = { id: number; survey_id: number; voter_id: number; household_key: string | null; answers: string; answered_by_name: string | null; created_at: string; updated_at: string; version: number };

export function toResponse(row: ResponseRow): SurveyResponse {
  return {
    id: row.id,
    survey_id: row.survey_id,
    voter_id: row.voter_id,
    household_key: row.household_key,
    answers: json<SurveyAnswers>(row.answers, {}),
    answered_by_name: row.answered_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

const RESPONSE_COLUMNS = ['id', 'survey_id', 'voter_id', 'household_key', 'answers', 'answered_by_name', 'created_at', 'updated_at', 'version'] as const;

// The answers these voters have to the survey, in the voters' order.
export async function responsesOf(db: Executor, surveyId: number, voterIds: readonly number[]): Promise<SurveyResponse[]> {
  if (voterIds.length === 0) return [];
  const rows = await db.selectFrom('survey_responses').select(RESPONSE_COLUMNS).where('survey_id', '=', surveyId).where('voter_id', 'in', [...voterIds]).execute();
  const byVoter = new Map(rows.map((row) => [row.voter_id, toResponse(row)]));
  return voterIds.map((id) => byVoter.get(id)).filter((response): response is SurveyResponse => response !== undefined);
}

// A voter's answers to every survey, newest first.
export async function responsesOfVoter(db: Executor, voterId: number): Promise<SurveyResponse[]> {
  const rows = await db.selectFrom('survey_responses').select(RESPONSE_COLUMNS).where('voter_id', '=', voterId).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toResponse);
}

export async function surveysByIds(db: Executor, ids: readonly number[]): Promise<StoredSurvey[]> {
  if (ids.length === 0) return [];
  return toSurveys(db, await db.selectFrom('surveys').selectAll().where('id', 'in', [...ids]).execute());
}

// Each answer as the rows the results count: an option key per option chosen, a rating or number
// as text and number, a short text as '' (answered).
function valueRows(responseId: number, surveyId: number, questions: readonly SurveyQuestion[], answers: SurveyAnswers) {
  const rows: { response_id: number; survey_id: number; question_key: string; value: string; number: number | null }[] = [];
  for (const question of questions) {
    const value: AnswerValue | undefined = answers[question.key];
    if (value === undefined) continue;
    const base = { response_id: responseId, survey_id: surveyId, question_key: question.key };
    if (Array.isArray(value)) for (const option of new Set(value)) rows.push({ ...base, value: option, number: null });
    else if (typeof value === 'number') rows.push({ ...base, value: String(value), number: value });
    else rows.push({ ...base, value: question.kind === 'text' ? '' : value, number: null });
  }
  return rows;
}

export interface AnswerWrite {
  surveyId: number;
  voterId: number;
  householdKey: string | null;
  answers: SurveyAnswers;
  questions: readonly SurveyQuestion[];
  userId: number;
  userName: string;
  now: string;
}

export async function insertResponse(db: Executor, write: AnswerWrite): Promise<number> {
  const row = await db
    .insertInto('survey_responses')
    .values({
      survey_id: write.surveyId,
      voter_id: write.voterId,
      household_key: write.householdKey,
      answers: JSON.stringify(write.answers),
      answered_by: write.userId,
      answered_by_name: write.userName,
      created_at: write.now,
      updated_at: write.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeValues(db, row.id, write);
  return row.id;
}

// Writes over the voter's answers only if they are still at the version read. Returns whether they changed.
export async function updateResponse(db: Executor, id: number, expectedVersion: number, write: AnswerWrite): Promise<boolean> {
  const result = await db
    .updateTable('survey_responses')
    .set((eb) => ({
      household_key: write.householdKey,
      answers: JSON.stringify(write.answers),
      answered_by: write.userId,
      answered_by_name: write.userName,
      updated_at: write.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('survey_answer_values').where('response_id', '=', id).execute();
  await writeValues(db, id, write);
  return true;
}

async function writeValues(db: Executor, responseId: number, write: AnswerWrite): Promise<void> {
  const rows = valueRows(responseId, write.surveyId, write.questions, write.answers);
  if (rows.length > 0) await db.insertInto('survey_answer_values').values(rows).execute();
}

// [survey, voter, version] of the answers given to these surveys in these booths (live voters):
// what the phone sends back as the version it saw.
export async function knownVersions(db: Executor, surveyIds: readonly number[], booths: readonly string[]): Promise<[number, number, number][]> {
  if (surveyIds.length === 0 || booths.length === 0) return [];
  const rows = await db
    .selectFrom('survey_responses as r')
    .innerJoin('voters as v', 'v.id', 'r.voter_id')
    .select(['r.survey_id', 'r.voter_id', 'r.version'])
    .where('r.survey_id', 'in', [...surveyIds])
    .where('v.booth', 'in', [...booths])
    .where('v.deleted_at', 'is', null)
    .orderBy('r.id')
    .execute();
  return rows.map((row) => [row.survey_id, row.voter_id, row.version]);
}

// --- Results and export ----------------------------------------------------------------------

export interface ResultFilters {
  scope: BoothScope;
  booth?: string;
  village?: string;
}

// The group a voter falls in, as SQL over the voters table aliased v. Age bands as the
// analytics count them (migration 006).
function groupOf(by: ResultGrouping) {
  switch (by) {
    case 'booth':
      return sql<string>`coalesce(v.booth, '')`;
    case 'village':
      return sql<string>`coalesce(v.village, '')`;
    case 'support':
      return sql<string>`coalesce(v.support_level, '')`;
    case 'caste':
      return sql<string>`coalesce(v.caste, '')`;
    case 'age_band':
      return sql<string>`CASE WHEN v.age IS NULL OR v.age < 18 THEN 'Unknown' WHEN v.age <= 25 THEN '18-25' WHEN v.age <= 35 THEN '26-35' WHEN v.age <= 45 THEN '36-45' WHEN v.age <= 55 THEN '46-55' WHEN v.age <= 65 THEN '56-65' ELSE '66+' END`;
  }
}

// The answered live voters of the survey within the scope and filters (r: responses, v: voters).
function responsesInScope(db: Executor, surveyId: number, filters: ResultFilters) {
  let query = db.selectFrom('survey_responses as r').innerJoin('voters as v', 'v.id', 'r.voter_id').where('r.survey_id', '=', surveyId).where('v.deleted_at', 'is', null);
  if (filters.scope.kind === 'booths') query = filters.scope.booths.length > 0 ? query.where('v.booth', 'in', [...filters.scope.booths]) : query.where('r.id', '<', 0);
  if (filters.booth) query = query.where('v.booth', '=', filters.booth);
  if (filters.village) query = query.where('v.village', '=', filters.village);
  return query;
}

export async function resultTotals(db: Executor, surveyId: number, filters: ResultFilters, by: ResultGrouping): Promise<{ groups: { group: string; responses: number }[]; households: number }> {
  const group = groupOf(by);
  const rows = await responsesInScope(db, surveyId, filters)
    .select((eb) => [group.as('grp'), eb.fn.countAll<number | string>().as('responses')])
    .groupBy(group)
    .execute();
  const households = await responsesInScope(db, surveyId, filters)
    .select((eb) => eb.fn.count<number | string>('r.household_key').distinct().as('households'))
    .executeTakeFirst();
  return { groups: rows.map((row) => ({ group: String(row.grp), responses: Number(row.responses) })), households: Number(households?.households ?? 0) };
}

// Per question, value and group: how many voters gave it (a's rows joined to their response and voter).
export async function resultCounts(db: Executor, surveyId: number, filters: ResultFilters, by: ResultGrouping) {
  const group = groupOf(by);
  const rows = await responsesInScope(db, surveyId, filters)
    .innerJoin('survey_answer_values as a', 'a.response_id', 'r.id')
    .select((eb) => ['a.question_key', 'a.value', group.as('grp'), eb.fn.countAll<number | string>().as('count')])
    .groupBy(['a.question_key', 'a.value', group])
    .execute();
  return rows.map((row) => ({ question: row.question_key, value: row.value, group: String(row.grp), count: Number(row.count) }));
}

// Per question and group: the voters with an answer (several options chosen count once), and the
// sum, lowest and highest of number answers.
export async function resultAnswered(db: Executor, surveyId: number, filters: ResultFilters, by: ResultGrouping) {
  const group = groupOf(by);
  const rows = await responsesInScope(db, surveyId, filters)
    .innerJoin('survey_answer_values as a', 'a.response_id', 'r.id')
    .select((eb) => [
      'a.question_key',
      group.as('grp'),
      eb.fn.count<number | string>('a.response_id').distinct().as('answered'),
      eb.fn.count<number | string>('a.number').as('numbers'),
      eb.fn.sum<number | string | null>('a.number').as('sum'),
      eb.fn.min<number | string | null>('a.number').as('min'),
      eb.fn.max<number | string | null>('a.number').as('max'),
    ])
    .groupBy(['a.question_key', group])
    .execute();
  const number = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({ question: row.question_key, group: String(row.grp), answered: Number(row.answered), numbers: Number(row.numbers), sum: number(row.sum), min: number(row.min), max: number(row.max) }));
}

export interface ExportRow {
  id: number;
  voter_id: number;
  household_key: string | null;
  answers: string;
  answered_by_name: string | null;
  updated_at: string;
  booth: string | null;
  village: string | null;
  part_serial: number | null;
  house_no: string | null;
  full_name: string;
  epic: string | null;
  age: number | null;
  gender: string | null;
  caste: string | null;
  support_level: string | null;
}

// One keyset page of the answers, in the order they were first given: never all at once.
export function exportPageAfter(db: Executor, surveyId: number, filters: ResultFilters, afterId: number, limit: number): Promise<ExportRow[]> {
  return responsesInScope(db, surveyId, filters)
    .select([
      'r.id',
      'r.voter_id',
      'r.household_key',
      'r.answers',
      'r.answered_by_name',
      'r.updated_at',
      'v.booth',
      'v.village',
      'v.part_serial',
      'v.house_no',
      'v.full_name',
      'v.voter_id as epic',
      'v.age',
      'v.gender',
      'v.caste',
      'v.support_level',
    ])
    .where('r.id', '>', afterId)
    .orderBy('r.id', 'asc')
    .limit(limit)
    .execute();
}
