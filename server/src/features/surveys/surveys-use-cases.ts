import type { Kysely } from 'kysely';
import type { BoothScope } from '@shared/auth/booth-scope';
import { AGE_GROUPS } from '@shared/analytics/analytics-schema';
import { SUPPORT_LEVELS } from '@shared/contacts/contact-options';
import { BOOTHS } from '@shared/reference/booths';
import { checkAnswers, CHOICE_KINDS, RATING_MAX, surveyText, voterInTargets } from '@shared/surveys/survey-answers';
import type {
  MySurveys,
  ResultGrouping,
  SavedResponses,
  Survey,
  SurveyDefinition,
  SurveyInputValues,
  SurveyQuery,
  SurveyResponseInput,
  SurveyResults,
  SurveyResultsQuery,
  SurveyStateInput,
  VoterSurveys,
} from '@shared/surveys/survey-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import type { Database } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { AnswerKeeper } from '../../plugins/idempotency';
import { type StaffActor, type UserActor, userAudit } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { surveyRecordName } from '../audit/record-names';
import { pageSizeOf } from '../booths/booths-use-cases';
import { assertBoothAllowed, boothScopeFor, VOTER_NOT_FOUND } from '../voters/voter-access';
import { findVoter } from '../voters/voters-repository';
import {
  deleteSurvey,
  findSurvey,
  hasResponses,
  insertResponse,
  insertSurvey,
  knownVersions,
  listSurveys,
  openSurveysOf,
  responseCounts,
  responsesOf,
  responsesOfVoter,
  resultAnswered,
  resultCounts,
  resultTotals,
  setSurveyState,
  type StoredSurvey,
  type SurveyFields,
  surveysByIds,
  updateResponse,
  updateSurvey,
} from './surveys-repository';

// Surveys (issue 61, docs/decisions/087-surveys.md): each change and its audit row in one
// transaction; a survey's and a voter's answers carry versions (409 with the current record).

export const SURVEY_NOT_FOUND = 'Survey not found';
export const SURVEY_CHANGED = 'Someone else changed this survey first. Reload and try again.';
export const SURVEY_QUESTIONS_FIXED = 'The questions cannot change once the survey has answers';
export const SURVEY_STATE_NOT_ALLOWED = 'A survey moves from draft to open, from open to closed, or from closed to open again';
export const SURVEY_NEEDS_BOOTHS = 'Choose the booths the survey is asked in before opening it';
export const SURVEY_HAS_ANSWERS = 'A survey with answers cannot be deleted; close it instead';
export const SURVEY_NOT_OPEN = 'This survey is not open: it takes no answers';
export const SURVEY_ONE_VOTER = 'This survey is asked of each voter: answer for one voter at a time';
export const SURVEY_ONE_HOUSEHOLD = 'Answer for the members of one household: the same household record, or the same booth and house number';
export const SURVEY_VOTER_TWICE = 'Name each voter once';
export const SURVEY_NOT_ASKED_HERE = 'This survey is not asked in this voter’s booth or roll page';
export const RESPONSE_CHANGED = 'Someone else answered this survey for these voters first. Check their answers and send yours again.';

const ALL: BoothScope = { kind: 'all' };

// A survey as the list and page show it, its answers counted within the caller's booths.
async function withCounts(db: Executor, scope: BoothScope, surveys: StoredSurvey[]): Promise<Survey[]> {
  const counts = await responseCounts(
    db,
    scope,
    surveys.map((survey) => survey.id),
  );
  return surveys.map((survey) => ({ ...survey, response_count: counts.get(survey.id)?.responses ?? 0, household_count: counts.get(survey.id)?.households ?? 0 }));
}

function definitionOf(survey: StoredSurvey): SurveyDefinition {
  return { id: survey.id, title: survey.title, description: survey.description, language: survey.language, unit: survey.unit, state: survey.state, targets: survey.targets, questions: survey.questions, version: survey.version };
}

// A write that started from an older version: 409 with the survey as the office's GET shows it.
async function assertSurveyVersion(db: Executor, sent: number | undefined, survey: StoredSurvey): Promise<void> {
  if (sent === undefined || sent === survey.version) return;
  const [current] = await withCounts(db, ALL, [survey]);
  assertVersion(sent, survey.version, () => new EditConflictError(SURVEY_CHANGED, current));
}

// A survey outside a field user's booths (or still a draft) reads as not found.
async function visibleSurvey(db: Executor, scope: BoothScope, id: number): Promise<StoredSurvey> {
  const survey = await findSurvey(db, scope, id);
  if (!survey) throw new HttpError(404, SURVEY_NOT_FOUND);
  return survey;
}

export async function getSurvey(db: Executor, scope: BoothScope, id: number): Promise<Survey> {
  return (await withCounts(db, scope, [await visibleSurvey(db, scope, id)]))[0]!;
}

export async function surveyList(db: Executor, scope: BoothScope, query: SurveyQuery) {
  const { items, total } = await listSurveys(db, scope, query);
  return { items: await withCounts(db, scope, items), total, page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

function fieldsOf(input: SurveyInputValues): SurveyFields {
  return { title: input.title, description: input.description, language: input.language, unit: input.unit, questions: input.questions };
}

export async function createSurvey(db: Kysely<Database>, actor: StaffActor, input: SurveyInputValues): Promise<Survey> {
  const id = await db.transaction().execute(async (trx) => {
    const surveyId = await insertSurvey(trx, fieldsOf(input), input.targets, { id: actor.userId, name: actor.userName });
    await recordAudit(trx, {
      action: 'CREATE_SURVEY',
      ...actor,
      tableName: 'surveys',
      recordId: surveyId,
      recordName: surveyRecordName(input),
      details: { unit: input.unit, language: input.language, questions: input.questions.length, booths: input.targets.map((target) => target.booth) },
    });
    return surveyId;
  });
  return getSurvey(db, ALL, id);
}

// JSON with keys sorted: two question lists compare equal whatever order their keys were written in.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

// Checked against the version the form started from. Once the survey has answers, what it asks
// and of whom stays as it is (answers given to other questions would not fit them); texts in
// other languages, booths and the description may still change.
export async function editSurvey(db: Kysely<Database>, actor: StaffActor, id: number, input: SurveyInputValues & { version?: number }): Promise<Survey> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const survey = await visibleSurvey(trx, ALL, id);
      await assertSurveyVersion(trx, input.version, survey);
      const changed: string[] = [];
      if (canonical(input.title) !== canonical(survey.title)) changed.push('title');
      if (canonical(input.description) !== canonical(survey.description)) changed.push('description');
      if (input.language !== survey.language) changed.push('language');
      if (input.unit !== survey.unit) changed.push('unit');
      const questionsChanged = canonical(input.questions) !== canonical(survey.questions);
      if (questionsChanged) changed.push('questions');
      const targetsChanged = canonical(input.targets) !== canonical(survey.targets);
      if (targetsChanged) changed.push('booths');
      if ((questionsChanged || input.unit !== survey.unit) && (await hasResponses(trx, id)) && !sameQuestionsApartFromTexts(survey, input)) throw new HttpError(409, SURVEY_QUESTIONS_FIXED);
      if (survey.state === 'open' && input.targets.length === 0) throw new HttpError(400, SURVEY_NEEDS_BOOTHS, { targets: SURVEY_NEEDS_BOOTHS });
      if (!(await updateSurvey(trx, id, survey.version, fieldsOf(input), targetsChanged ? input.targets : null))) throw new StaleRowError();
      await recordAudit(trx, { action: 'UPDATE_SURVEY', ...actor, tableName: 'surveys', recordId: id, recordName: surveyRecordName(input), details: { changed, version: survey.version + 1 } });
    }),
  );
  return getSurvey(db, ALL, id);
}

// The same questions, options, kinds, conditions and limits, only their texts changed (a
// translation added once answers came in).
function sameQuestionsApartFromTexts(survey: StoredSurvey, input: SurveyInputValues): boolean {
  if (input.unit !== survey.unit) return false;
  const shape = (questions: SurveyInputValues['questions']) =>
    canonical(questions.map((question) => ({ ...question, text: null, options: question.options.map((option) => option.key) })));
  return shape(input.questions) === shape(survey.questions);
}

const NEXT_STATES: Record<string, readonly string[]> = { draft: ['open'], open: ['closed'], closed: ['open'] };

export async function changeSurveyState(db: Kysely<Database>, actor: StaffActor, id: number, input: SurveyStateInput & { version?: number }): Promise<Survey> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const survey = await visibleSurvey(trx, ALL, id);
      await assertSurveyVersion(trx, input.version, survey);
      if (!NEXT_STATES[survey.state]?.includes(input.state)) throw new HttpError(400, SURVEY_STATE_NOT_ALLOWED, { state: SURVEY_STATE_NOT_ALLOWED });
      if (input.state === 'open' && survey.targets.length === 0) throw new HttpError(400, SURVEY_NEEDS_BOOTHS, { targets: SURVEY_NEEDS_BOOTHS });
      if (!(await setSurveyState(trx, id, survey.version, input.state))) throw new StaleRowError();
      await recordAudit(trx, {
        action: input.state === 'open' ? 'OPEN_SURVEY' : 'CLOSE_SURVEY',
        ...actor,
        tableName: 'surveys',
        recordId: id,
        recordName: surveyRecordName(survey),
        details: { from: survey.state, to: input.state, version: survey.version + 1 },
      });
    }),
  );
  return getSurvey(db, ALL, id);
}

export async function removeSurvey(db: Kysely<Database>, actor: StaffActor, id: number, version: number | undefined): Promise<void> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const survey = await visibleSurvey(trx, ALL, id);
      await assertSurveyVersion(trx, version, survey);
      if (await hasResponses(trx, id)) throw new HttpError(409, SURVEY_HAS_ANSWERS);
      if (!(await deleteSurvey(trx, id, survey.version))) throw new StaleRowError();
      await recordAudit(trx, { action: 'DELETE_SURVEY', ...actor, tableName: 'surveys', recordId: id, recordName: surveyRecordName(survey), details: { state: survey.state, questions: survey.questions.length } });
    }),
  );
}

// --- Answers ---------------------------------------------------------------------------------

// A household's answers are kept for each member answered for, marked with the household they
// were given for: its record where the members share one, else its booth and house number.
function householdKeyOf(voters: readonly { household_id: number | null; booth: string | null; house_no: string | null }[]): string | null {
  const [first] = voters;
  if (!first) return null;
  if (first.household_id !== null && voters.every((voter) => voter.household_id === first.household_id)) return `h${first.household_id}`;
  const house = first.house_no?.trim();
  if (first.booth && house && voters.every((voter) => voter.booth === first.booth && voter.house_no?.trim() === house)) return `b${first.booth}/${house}`;
  return null;
}

// Saves the answers of one voter, or of a household's members (the same answers kept for each),
// with the versions the worker saw; the audit row names the voters. Sent again with the same
// Idempotency-Key (the phone's outbox), the answer is replayed and nothing is written twice.
export async function answerSurvey(ctx: AppContext, actor: UserActor, surveyId: number, input: SurveyResponseInput, keep?: AnswerKeeper<SavedResponses>): Promise<SavedResponses> {
  const scope = boothScopeFor(actor.user);
  const ids = input.voters.map((voter) => voter.id);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, SURVEY_VOTER_TWICE, { voters: SURVEY_VOTER_TWICE });
  const pageSize = await pageSizeOf(ctx.db);
  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
      const survey = await visibleSurvey(trx, scope, surveyId);
      if (survey.state !== 'open') throw new HttpError(400, SURVEY_NOT_OPEN);
      if (survey.unit === 'voter' && ids.length !== 1) throw new HttpError(400, SURVEY_ONE_VOTER, { voters: SURVEY_ONE_VOTER });
      let query = trx.selectFrom('voters').select(['id', 'full_name', 'voter_id', 'booth', 'part_serial', 'house_no', 'household_id']).where('id', 'in', ids).where('deleted_at', 'is', null);
      if (scope.kind === 'booths') query = scope.booths.length > 0 ? query.where('booth', 'in', [...scope.booths]) : query.where('id', '<', 0);
      const voters = await query.execute();
      if (voters.length !== ids.length) throw new HttpError(404, VOTER_NOT_FOUND);
      if (!voters.every((voter) => voterInTargets(survey.targets, voter.booth, voter.part_serial, pageSize))) throw new HttpError(400, SURVEY_NOT_ASKED_HERE, { voters: SURVEY_NOT_ASKED_HERE });
      const householdKey = survey.unit === 'household' ? householdKeyOf(voters) : null;
      if (survey.unit === 'household' && householdKey === null) throw new HttpError(400, SURVEY_ONE_HOUSEHOLD, { voters: SURVEY_ONE_HOUSEHOLD });

      const { answers, errors } = checkAnswers(survey.questions, input.answers);
      const problems = Object.entries(errors);
      if (problems.length > 0) throw new HttpError(400, problems[0]![1], Object.fromEntries(problems.map(([key, message]) => [key === 'answers' ? 'answers' : `answers.${key}`, message])));

      // Each voter's answers must still be the version the worker saw (none: null).
      const current = await responsesOf(trx, surveyId, ids);
      const currentOf = new Map(current.map((response) => [response.voter_id, response]));
      const stale = input.voters.some((voter) => voter.version !== undefined && (currentOf.get(voter.id)?.version ?? null) !== voter.version);
      if (stale) throw new EditConflictError(RESPONSE_CHANGED, { responses: current });

      const now = new Date().toISOString();
      let created = 0;
      for (const voter of voters) {
        const write = { surveyId, voterId: voter.id, householdKey, answers, questions: survey.questions, userId: actor.user.id, userName: actor.user.full_name, now };
        const existing = currentOf.get(voter.id);
        if (!existing) {
          await insertResponse(trx, write);
          created += 1;
        } else if (!(await updateResponse(trx, existing.id, existing.version, write))) throw new StaleRowError();
      }
      await recordAudit(trx, {
        ...userAudit(actor, 'surveys'),
        action: 'ANSWER_SURVEY',
        recordId: surveyId,
        recordName: surveyRecordName(survey),
        details: { voters: ids, household: householdKey !== null, created, updated: voters.length - created, answered: Object.keys(answers).length },
      });
      const saved = { responses: await responsesOf(trx, surveyId, ids) };
      await keep?.(trx, saved);
      return saved;
    });
  return retryWhenStale(async () => {
    try {
      return await save();
    } catch (error) {
      // Two first answers for the same voter at once: the one that lost reads the other's and
      // meets its version (409) on the next try.
      if (ctx.dialect.classifyError(error) === 'unique-violation') throw new StaleRowError();
      throw error;
    }
  });
}

// A field user's phone: the open surveys of their booths, the page size (for surveys given to
// some roll pages) and the versions of the answers already given there. An office user (or a
// field user reaching every booth) gets the open surveys without versions: no whole constituency
// on a phone.
export async function mySurveys(db: Executor, actor: UserActor): Promise<MySurveys> {
  const scope = boothScopeFor(actor.user);
  const pageSize = await pageSizeOf(db);
  if (scope.kind === 'all') {
    const open = await listSurveys(db, ALL, { page: 1, limit: 100, state: 'open' });
    return { page_size: pageSize, surveys: open.items.map(definitionOf), known: [] };
  }
  const surveys = await openSurveysOf(db, scope.booths);
  const known = await knownVersions(
    db,
    surveys.map((survey) => survey.id),
    scope.booths,
  );
  return { page_size: pageSize, surveys: surveys.map(definitionOf), known };
}

// A voter's card: their answers to each survey (with the survey, to word them) and the open
// surveys asked in their booth and page.
export async function voterSurveys(db: Executor, actor: UserActor, voterId: number): Promise<VoterSurveys> {
  const voter = await findVoter(db, voterId, boothScopeFor(actor.user));
  if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
  const responses = await responsesOfVoter(db, voterId);
  const surveys = new Map((await surveysByIds(db, [...new Set(responses.map((response) => response.survey_id))])).map((survey) => [survey.id, survey]));
  const answered = responses.flatMap((response) => {
    const survey = surveys.get(response.survey_id);
    return survey ? [{ survey: definitionOf(survey), response }] : [];
  });
  const pageSize = await pageSizeOf(db);
  const open = voter.booth ? (await openSurveysOf(db, [voter.booth])).filter((survey) => voterInTargets(survey.targets, voter.booth, voter.part_serial, pageSize)) : [];
  return { answered, open: open.map(definitionOf) };
}

// --- Results ---------------------------------------------------------------------------------

const UNKNOWN_LAST = (a: string, b: string) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0);

// The breakdown's columns in a reader's order: support levels and age bands as the app lists
// them, booths by number, villages and castes by size (then name); unknown last.
function groupOrder(by: ResultGrouping, totals: readonly { group: string; responses: number }[]): string[] {
  const present = totals.map((row) => row.group);
  const listed = (order: readonly string[]) => [...present].sort((a, b) => UNKNOWN_LAST(a, b) || order.indexOf(a) - order.indexOf(b));
  if (by === 'support') return listed(SUPPORT_LEVELS);
  if (by === 'age_band') return listed(AGE_GROUPS);
  if (by === 'booth') return listed(BOOTHS);
  const size = new Map(totals.map((row) => [row.group, row.responses]));
  return [...present].sort((a, b) => UNKNOWN_LAST(a, b) || (size.get(b) ?? 0) - (size.get(a) ?? 0) || a.localeCompare(b));
}

// Counts of each answer, for every question, broken down by the chosen grouping: the whole of the
// caller's booths, or one booth or village of them.
export async function surveyResults(db: Executor, actor: UserActor, surveyId: number, query: SurveyResultsQuery): Promise<SurveyResults> {
  const scope = boothScopeFor(actor.user);
  assertBoothAllowed(scope, query.booth, 'view');
  const survey = await visibleSurvey(db, scope, surveyId);
  const filters = { scope, booth: query.booth, village: query.village };
  const totals = await resultTotals(db, surveyId, filters, query.by);
  const groups = groupOrder(query.by, totals.groups);
  const at = new Map(groups.map((group, index) => [group, index]));
  const zeros = () => groups.map(() => 0);
  const groupTotals = zeros();
  for (const row of totals.groups) groupTotals[at.get(row.group) ?? 0] = row.responses;

  const counts = await resultCounts(db, surveyId, filters, query.by);
  const answered = await resultAnswered(db, surveyId, filters, query.by);
  const questions = survey.questions.map((question) => {
    const byGroup = zeros();
    const sums = groups.map(() => ({ numbers: 0, sum: 0 }));
    let min: number | null = null;
    let max: number | null = null;
    for (const row of answered.filter((candidate) => candidate.question === question.key)) {
      const index = at.get(row.group);
      if (index === undefined) continue;
      byGroup[index] = (byGroup[index] ?? 0) + row.answered;
      const before = sums[index] ?? { numbers: 0, sum: 0 };
      sums[index] = { numbers: before.numbers + row.numbers, sum: before.sum + (row.sum ?? 0) };
      if (row.min !== null) min = min === null ? row.min : Math.min(min, row.min);
      if (row.max !== null) max = max === null ? row.max : Math.max(max, row.max);
    }
    const values = CHOICE_KINDS.includes(question.kind) ? question.options.map((option) => option.key) : question.kind === 'rating' ? Array.from({ length: RATING_MAX }, (_, index) => String(index + 1)) : [];
    const options = values.map((value) => {
      const counted = zeros();
      for (const row of counts) {
        const index = at.get(row.group);
        if (row.question === question.key && row.value === value && index !== undefined) counted[index] = (counted[index] ?? 0) + row.count;
      }
      return { value, count: counted.reduce((sum, count) => sum + count, 0), by_group: counted };
    });
    const numbers = sums.reduce((sum, group) => sum + group.numbers, 0);
    const total = sums.reduce((sum, group) => sum + group.sum, 0);
    const round = (value: number) => Math.round(value * 100) / 100;
    const number =
      question.kind === 'number' || question.kind === 'rating'
        ? { average: numbers > 0 ? round(total / numbers) : null, min, max, by_group: sums.map((group) => (group.numbers > 0 ? round(group.sum / group.numbers) : null)) }
        : null;
    return { key: question.key, kind: question.kind, answered: byGroup.reduce((sum, count) => sum + count, 0), by_group: byGroup, options, number };
  });
  return {
    survey_id: surveyId,
    by: query.by,
    groups,
    responses: groupTotals.reduce((sum, count) => sum + count, 0),
    households: totals.households,
    group_totals: groupTotals,
    questions,
  };
}

// The survey's title in its own language (audit rows, the export).
export function surveyTitle(survey: Pick<SurveyDefinition, 'title' | 'language'>): string {
  return surveyText(survey.title, survey.language, survey.language);
}
