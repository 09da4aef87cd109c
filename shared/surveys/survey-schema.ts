import { z } from 'zod';
import { MAX_ROLL_PAGE } from '../booths/roll-pages';
import { LANGUAGES } from '../i18n/languages';
import { limitParam, pagedSchema, pageParam, queryParam } from '../office/office-fields';
import { MAX_STORED_INTEGER, recordIdNumberSchema } from '../records/record-id';
import { recordVersionSchema, sentVersionSchema } from '../records/record-version';
import { BOOTHS, isBooth } from '../reference/booths';
import { VILLAGE_OPTIONS } from '../reference/voter-lists';
import {
  CHOICE_KINDS,
  type LocalText,
  NUMBER_ANSWER_MAX,
  NUMBER_ANSWER_MIN,
  QUESTION_KINDS,
  type QuestionKind,
  SURVEY_LANGUAGES,
  type SurveyQuestion,
  TEXT_ANSWER_MAX,
} from './survey-answers';

// Surveys (issue 61, docs/decisions/087-surveys.md): the office writes a survey (questions of five
// kinds, one condition each at most, texts in each language with the survey's own language as
// the fallback), gives it to booths or roll pages and opens it; field workers answer it voter by
// voter or household by household, offline too; the office reads the results and exports them.

export const SURVEY_STATES = ['draft', 'open', 'closed'] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];
// Who a survey is asked of: each voter, or each household (the answer then kept for each member).
export const SURVEY_UNITS = ['voter', 'household'] as const;
export type SurveyUnit = (typeof SURVEY_UNITS)[number];
// What the results are broken down by, beside the answers.
export const RESULT_GROUPINGS = ['booth', 'village', 'support', 'caste', 'age_band'] as const;
export type ResultGrouping = (typeof RESULT_GROUPINGS)[number];

export const SURVEY_QUESTIONS_MAX = 50;
export const SURVEY_OPTIONS_MAX = 20;
// A household's members answered for at once (a house of more is answered in parts).
export const SURVEY_HOUSEHOLD_MAX = 30;
export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 1000;
export const QUESTION_TEXT_MAX = 300;
export const OPTION_TEXT_MAX = 100;

export const SURVEY_UNIT_MESSAGE = 'Choose voter or household';
export const QUESTION_KIND_MESSAGE = 'Choose one choice, several choices, number, short text or rating';
export const SURVEY_KEY_MESSAGE = 'A key is 1 to 20 letters, digits, - or _';
export const SURVEY_LANGUAGE_TEXT = 'Write this text in the survey’s own language';
export const QUESTIONS_MIN_MESSAGE = 'Add at least one question';
export const QUESTIONS_MAX_MESSAGE = `A survey has at most ${SURVEY_QUESTIONS_MAX} questions`;
export const QUESTION_KEY_TWICE = 'Each question needs its own key';
export const OPTION_KEY_TWICE = 'Each option needs its own key';
export const CHOICE_OPTIONS_MESSAGE = `A choice question needs 2 to ${SURVEY_OPTIONS_MAX} options`;
export const NUMBER_LIMIT_MESSAGE = `Use a whole number from ${NUMBER_ANSWER_MIN} to ${NUMBER_ANSWER_MAX}`;
export const NUMBER_ORDER_MESSAGE = 'The lowest number must not be above the highest';
export const CONDITION_MESSAGE = 'Show this question after an earlier choice question and one of its options';
export const TARGET_BOOTH_MESSAGE = 'Choose booths from the list';
export const TARGET_BOOTH_TWICE = 'Name each booth once';
export const LAST_PAGE_BEFORE_FIRST = 'The last page must not come before the first';
export const REQUIRED_FLAG_MESSAGE = 'Must be "true" or "false"';
export const SURVEY_STATE_MESSAGE = 'Choose open or closed';
export const SURVEY_STATE_FILTER_MESSAGE = 'Choose draft, open or closed';
export const RESPONSE_VOTERS_MESSAGE = 'Choose the voters the answers are for';
export const RESPONSE_VOTERS_MAX = `Answer for at most ${SURVEY_HOUSEHOLD_MAX} voters at a time`;
export const RESPONSE_VOTER_MESSAGE = 'Choose a voter';
export const RESPONSE_ANSWERS_MESSAGE = 'Answers must name questions and their answers';
export const RESULT_GROUPING_MESSAGE = 'Choose booth, village, support, caste or age band';
const VERSION_INVALID = 'Version must be a whole number';

const surveyKey = z.string({ error: SURVEY_KEY_MESSAGE }).regex(/^[A-Za-z0-9_-]{1,20}$/, SURVEY_KEY_MESSAGE);

// A text in each language; blanks left out. Which language must have it is checked on the survey.
function localText(max: number, label: string) {
  const part = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish();
  return z.object({ en: part, mr: part, hi: part, gu: part }, { error: `${label} must be text` }).transform((text) => {
    const kept: LocalText = {};
    for (const language of SURVEY_LANGUAGES) {
      const value = text[language];
      if (value) kept[language] = value;
    }
    return kept;
  });
}

const numberLimit = z
  .number({ error: NUMBER_LIMIT_MESSAGE })
  .int(NUMBER_LIMIT_MESSAGE)
  .min(NUMBER_ANSWER_MIN, NUMBER_LIMIT_MESSAGE)
  .max(NUMBER_ANSWER_MAX, NUMBER_LIMIT_MESSAGE)
  .nullish()
  .transform((value) => value ?? null);

const optionSchema = z.object({ key: surveyKey, text: localText(OPTION_TEXT_MAX, 'Option') });

const questionSchema = z.object({
  key: surveyKey,
  kind: z.enum(QUESTION_KINDS, { error: QUESTION_KIND_MESSAGE }),
  text: localText(QUESTION_TEXT_MAX, 'Question'),
  required: z.boolean({ error: REQUIRED_FLAG_MESSAGE }).default(false),
  options: z.array(optionSchema, { error: CHOICE_OPTIONS_MESSAGE }).max(SURVEY_OPTIONS_MAX, CHOICE_OPTIONS_MESSAGE).default([]),
  min: numberLimit,
  max: numberLimit,
  condition: z
    .object({ question: surveyKey, option: surveyKey }, { error: CONDITION_MESSAGE })
    .nullish()
    .transform((value) => value ?? null),
});

const pageNumber = z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(MAX_ROLL_PAGE, `Page must be ${MAX_ROLL_PAGE} or less`);

const targetSchema = z.object({
  booth: z.string({ error: TARGET_BOOTH_MESSAGE }).trim().refine(isBooth, TARGET_BOOTH_MESSAGE),
  // Some roll pages of the booth only; null: the whole booth.
  pages: z
    .object({ from: pageNumber, to: pageNumber })
    .refine((pages) => pages.from <= pages.to, { path: ['to'], message: LAST_PAGE_BEFORE_FIRST })
    .nullish()
    .transform((value) => value ?? null),
});

const surveyFields = z.object({
  title: localText(SURVEY_TITLE_MAX, 'Title'),
  description: localText(SURVEY_DESCRIPTION_MAX, 'Description').default({}),
  // The language the office writes the survey in: every text has it, and it stands in for a
  // language a text lacks.
  language: z.enum(LANGUAGES, { error: 'Choose a language from the list' }),
  unit: z.enum(SURVEY_UNITS, { error: SURVEY_UNIT_MESSAGE }),
  targets: z.array(targetSchema, { error: TARGET_BOOTH_MESSAGE }).max(BOOTHS.length, TARGET_BOOTH_MESSAGE).default([]),
  questions: z.array(questionSchema, { error: QUESTIONS_MIN_MESSAGE }).min(1, QUESTIONS_MIN_MESSAGE).max(SURVEY_QUESTIONS_MAX, QUESTIONS_MAX_MESSAGE),
});
type SurveyFields = z.output<typeof surveyFields>;

// What no single field's schema sees: texts in the survey's language, keys once each, choice
// questions with options, conditions on earlier choice questions, each booth once.
function checkSurvey(survey: SurveyFields, context: z.RefinementCtx): void {
  const problem = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
  const language = survey.language;
  if (!survey.title[language]) problem(['title', language], SURVEY_LANGUAGE_TEXT);
  if (Object.keys(survey.description).length > 0 && !survey.description[language]) problem(['description', language], SURVEY_LANGUAGE_TEXT);
  const seen = new Map<string, SurveyFields['questions'][number]>();
  survey.questions.forEach((question, index) => {
    if (seen.has(question.key)) problem(['questions', index, 'key'], QUESTION_KEY_TWICE);
    if (!question.text[language]) problem(['questions', index, 'text', language], SURVEY_LANGUAGE_TEXT);
    if (CHOICE_KINDS.includes(question.kind)) {
      if (question.options.length < 2) problem(['questions', index, 'options'], CHOICE_OPTIONS_MESSAGE);
      const optionKeys = new Set<string>();
      question.options.forEach((option, at) => {
        if (optionKeys.has(option.key)) problem(['questions', index, 'options', at, 'key'], OPTION_KEY_TWICE);
        optionKeys.add(option.key);
        if (!option.text[language]) problem(['questions', index, 'options', at, 'text', language], SURVEY_LANGUAGE_TEXT);
      });
    }
    if (question.kind === 'number' && question.min !== null && question.max !== null && question.min > question.max) problem(['questions', index, 'max'], NUMBER_ORDER_MESSAGE);
    if (question.condition) {
      const earlier = seen.get(question.condition.question);
      if (!earlier || !CHOICE_KINDS.includes(earlier.kind) || !earlier.options.some((option) => option.key === question.condition?.option)) problem(['questions', index, 'condition'], CONDITION_MESSAGE);
    }
    if (!seen.has(question.key)) seen.set(question.key, question);
  });
  const booths = new Set<string>();
  survey.targets.forEach((target, index) => {
    if (booths.has(target.booth)) problem(['targets', index, 'booth'], TARGET_BOOTH_TWICE);
    booths.add(target.booth);
  });
}

// Options only on choice questions, limits only on number questions; booths in their own order.
function tidySurvey<T extends SurveyFields>(survey: T): T {
  return {
    ...survey,
    targets: [...survey.targets].sort((a, b) => BOOTHS.indexOf(a.booth) - BOOTHS.indexOf(b.booth)),
    questions: survey.questions.map((question) => ({
      ...question,
      options: CHOICE_KINDS.includes(question.kind) ? question.options : [],
      min: question.kind === 'number' ? question.min : null,
      max: question.kind === 'number' ? question.max : null,
    })),
  };
}

// POST /api/surveys: a new survey, a draft.
export const surveyInputSchema = surveyFields.superRefine(checkSurvey).transform(tidySurvey);
export type SurveyInput = z.input<typeof surveyInputSchema>;
export type SurveyInputValues = z.output<typeof surveyInputSchema>;

// PUT /api/surveys/{id}: the whole survey again, with the version the form started from. Its
// questions may change only while it has no answers.
export const surveyUpdateSchema = surveyFields.extend({ version: sentVersionSchema }).superRefine(checkSurvey).transform(tidySurvey);
export type SurveyUpdate = z.input<typeof surveyUpdateSchema>;

// POST /api/surveys/{id}/state: draft → open → closed, and closed → open again.
export const surveyStateInputSchema = z.object({ state: z.enum(['open', 'closed'], { error: SURVEY_STATE_MESSAGE }), version: sentVersionSchema });
export type SurveyStateInput = z.input<typeof surveyStateInputSchema>;

// DELETE /api/surveys/{id}?version=N (a survey without answers).
export const surveyDeleteQuerySchema = z.object({ version: sentVersionSchema });

export const surveyQuerySchema = z.object({
  page: pageParam,
  limit: limitParam,
  state: queryParam(z.enum(SURVEY_STATES, { error: SURVEY_STATE_FILTER_MESSAGE })),
});
export type SurveyQuery = z.output<typeof surveyQuerySchema>;

const localTextSchema = z.object({ en: z.string().optional(), mr: z.string().optional(), hi: z.string().optional(), gu: z.string().optional() });
const questionOutSchema = z.object({
  key: z.string(),
  kind: z.enum(QUESTION_KINDS),
  text: localTextSchema,
  required: z.boolean(),
  options: z.array(z.object({ key: z.string(), text: localTextSchema })),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  condition: z.object({ question: z.string(), option: z.string() }).nullable(),
});
const targetOutSchema = z.object({ booth: z.string(), pages: z.object({ from: z.number().int(), to: z.number().int() }).nullable() });

// A survey as the phone takes it: what it asks, of whom, where.
export const surveyDefinitionSchema = z.object({
  id: z.number().int(),
  title: localTextSchema,
  description: localTextSchema,
  language: z.enum(LANGUAGES),
  unit: z.enum(SURVEY_UNITS),
  state: z.enum(SURVEY_STATES),
  targets: z.array(targetOutSchema),
  questions: z.array(questionOutSchema),
  version: recordVersionSchema,
});
export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;

// A survey as the office's list and page show it: with how far it has got.
export const surveySchema = surveyDefinitionSchema.extend({
  // Voters answered for, and households among them (the caller's booths only).
  response_count: z.number().int(),
  household_count: z.number().int(),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveyListSchema = pagedSchema(surveySchema);
export type SurveyList = z.infer<typeof surveyListSchema>;

// --- Answers ---------------------------------------------------------------------------------

const answerValueSchema = z.union([z.string().max(TEXT_ANSWER_MAX * 2), z.number(), z.array(z.string().max(20)).max(SURVEY_OPTIONS_MAX), z.null()], { error: RESPONSE_ANSWERS_MESSAGE });

// POST /api/surveys/{id}/responses: the answers of one voter, or of a household's members (kept
// for each of them). `version` is the version of the voter's answers the worker saw: null when
// they saw none; left out, the answers are written over whatever is there (API callers).
export const surveyResponseInputSchema = z.object({
  voters: z
    .array(
      z.object({
        id: recordIdNumberSchema(RESPONSE_VOTER_MESSAGE),
        version: z
          .union([z.number({ error: VERSION_INVALID }).int(VERSION_INVALID).positive(VERSION_INVALID).max(MAX_STORED_INTEGER, VERSION_INVALID), z.null()], { error: VERSION_INVALID })
          .optional(),
      }),
      { error: RESPONSE_VOTERS_MESSAGE },
    )
    .min(1, RESPONSE_VOTERS_MESSAGE)
    .max(SURVEY_HOUSEHOLD_MAX, RESPONSE_VOTERS_MAX),
  answers: z
    .record(z.string().max(20, RESPONSE_ANSWERS_MESSAGE), answerValueSchema, { error: RESPONSE_ANSWERS_MESSAGE })
    .refine((answers) => Object.keys(answers).length <= SURVEY_QUESTIONS_MAX, RESPONSE_ANSWERS_MESSAGE),
});
export type SurveyResponseInput = z.input<typeof surveyResponseInputSchema>;

const answerOutSchema = z.union([z.string(), z.number(), z.array(z.string())]);

// One voter's answers to one survey.
export const surveyResponseSchema = z.object({
  id: z.number().int(),
  survey_id: z.number().int(),
  voter_id: z.number().int(),
  // Set when the answers were given for the voter's household (the same for every member).
  household_key: z.string().nullable(),
  answers: z.record(z.string(), answerOutSchema),
  answered_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersionSchema,
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

export const savedResponsesSchema = z.object({ responses: z.array(surveyResponseSchema) });
export type SavedResponses = z.infer<typeof savedResponsesSchema>;

// 409 to answers that met newer ones: the voters' answers as they are now.
export const responseConflictSchema = z.object({ message: z.string(), current: savedResponsesSchema.optional() });

// GET /api/surveys/mine: the open surveys of the caller's booths, with the page size (for page
// targets) and the versions of the answers already given there, [survey, voter, version].
export const mySurveysSchema = z.object({
  page_size: z.number().int(),
  surveys: z.array(surveyDefinitionSchema),
  known: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
});
export type MySurveys = z.infer<typeof mySurveysSchema>;

// GET /api/voters/{id}/surveys: a voter's answers, and the open surveys they may be asked.
export const voterSurveysSchema = z.object({
  answered: z.array(z.object({ survey: surveyDefinitionSchema, response: surveyResponseSchema })),
  open: z.array(surveyDefinitionSchema),
});
export type VoterSurveys = z.infer<typeof voterSurveysSchema>;

// --- Results ---------------------------------------------------------------------------------

const VILLAGES = new Set(VILLAGE_OPTIONS.map((village) => village.value));
const resultFilters = {
  booth: queryParam(z.string().trim().refine(isBooth, 'Choose a booth from the list')),
  village: queryParam(z.string().trim().refine((value) => VILLAGES.has(value), 'Choose a village from the list')),
};

export const surveyResultsQuerySchema = z.object({ ...resultFilters, by: z.preprocess((value) => (value === '' ? undefined : value), z.enum(RESULT_GROUPINGS, { error: RESULT_GROUPING_MESSAGE }).default('support')) });
export type SurveyResultsQuery = z.output<typeof surveyResultsQuerySchema>;

export const surveyExportQuerySchema = z.object(resultFilters);
export type SurveyExportQuery = z.output<typeof surveyExportQuerySchema>;

export const surveyResultsSchema = z.object({
  survey_id: z.number().int(),
  by: z.enum(RESULT_GROUPINGS),
  // The columns of every breakdown, in order ('' for not known: no caste, no support level...).
  groups: z.array(z.string()),
  // Voters answered for (live voters of the caller's booths and the filters), and households.
  responses: z.number().int(),
  households: z.number().int(),
  group_totals: z.array(z.number().int()),
  questions: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(QUESTION_KINDS),
      // Voters with an answer to it, and by group.
      answered: z.number().int(),
      by_group: z.array(z.number().int()),
      // Choice and rating questions: each option (rating: '1' to '5') and how many chose it.
      options: z.array(z.object({ value: z.string(), count: z.number().int(), by_group: z.array(z.number().int()) })),
      // Number questions: the average, lowest and highest, and the average of each group.
      number: z.object({ average: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), by_group: z.array(z.number().nullable()) }).nullable(),
    }),
  ),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;

export type { LocalText, QuestionKind, SurveyQuestion };

// A worker's name for a survey's export file: survey_12_2026-12-07.xlsx.
export function surveyExportFileName(surveyId: number, day: string): string {
  return `survey_${surveyId}_${day}.xlsx`;
}
