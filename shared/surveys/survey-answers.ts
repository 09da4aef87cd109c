// Surveys (issue 61, docs/decisions/087-surveys.md): what a question shows in a language, which
// questions a set of answers shows, and whether the answers fit the questions. Without zod: the
// phone's answer sheet uses it offline, and the server checks every answer with the same rules.

export const SURVEY_LANGUAGES = ['en', 'mr', 'hi', 'gu'] as const;
export type SurveyLanguage = (typeof SURVEY_LANGUAGES)[number];

export const QUESTION_KINDS = ['single', 'multiple', 'number', 'text', 'rating'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
// The kinds an answer is chosen from a list of, so a later question may depend on them.
export const CHOICE_KINDS: readonly QuestionKind[] = ['single', 'multiple'];

export const RATING_MAX = 5;
export const TEXT_ANSWER_MAX = 500;
export const NUMBER_ANSWER_MIN = 0;
export const NUMBER_ANSWER_MAX = 1_000_000;

// A text in the survey's languages; the survey's own language always has it.
export type LocalText = Partial<Record<SurveyLanguage, string>>;

export interface SurveyOption {
  key: string;
  text: LocalText;
}

// "Show if question X's answer is Y": X an earlier choice question, Y one of its options (for a
// several-choice question: one of those chosen).
export interface QuestionCondition {
  question: string;
  option: string;
}

export interface SurveyQuestion {
  key: string;
  kind: QuestionKind;
  text: LocalText;
  required: boolean;
  options: SurveyOption[];
  // Number questions: the lowest and highest whole number taken.
  min: number | null;
  max: number | null;
  condition: QuestionCondition | null;
}

export type AnswerValue = string | number | string[];
export type SurveyAnswers = Record<string, AnswerValue>;

export const ANSWER_REQUIRED = 'Answer this question';
export const ANSWER_NOT_ASKED = 'This question is not asked after the answer given above';
export const ANSWER_UNKNOWN_QUESTION = 'This survey has no such question';
export const ANSWER_ONE_OPTION = 'Choose one of the options';
export const ANSWER_OPTIONS = 'Choose options from the list';
export const ANSWER_RATING = `Choose a rating from 1 to ${RATING_MAX}`;
export const ANSWER_TEXT_LONG = `An answer must be ${TEXT_ANSWER_MAX} characters or fewer`;
export const ANSWER_TEXT = 'Write the answer as text';
export const ANSWER_SOMETHING = 'Answer at least one question';
export const answerNumberMessage = (min: number, max: number) => `Enter a whole number from ${min} to ${max}`;

// The text in the reader's language, else in the survey's own language (which the office wrote
// every text in), else any there is.
export function surveyText(text: LocalText, language: string, fallback: string): string {
  const own = text[language as SurveyLanguage];
  if (own) return own;
  const base = text[fallback as SurveyLanguage];
  if (base) return base;
  return SURVEY_LANGUAGES.map((code) => text[code]).find((value) => value) ?? '';
}

// Whether an answer names this option (a single choice's key, or among several chosen).
function answerHas(answer: AnswerValue | undefined, option: string): boolean {
  if (Array.isArray(answer)) return answer.includes(option);
  return answer === option;
}

// Whether the question is asked, given the answers so far: one without a condition always is;
// one with a condition only when its earlier question is asked and answered with the option.
export function isAsked(questions: readonly SurveyQuestion[], answers: Readonly<SurveyAnswers>, question: SurveyQuestion): boolean {
  if (!question.condition) return true;
  const { question: key, option } = question.condition;
  const earlier = questions.find((candidate) => candidate.key === key);
  if (!earlier || !isAsked(questions, answers, earlier)) return false;
  return answerHas(answers[key], option);
}

export function askedQuestions(questions: readonly SurveyQuestion[], answers: Readonly<SurveyAnswers>): SurveyQuestion[] {
  return questions.filter((question) => isAsked(questions, answers, question));
}

const isEmpty = (value: AnswerValue | undefined | null) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

// The answers with blanks left out and texts trimmed, and what is wrong with them, by question
// key (empty when they fit). A question not asked must not be answered; a required question
// asked must be; each answer must be of its question's kind.
export function checkAnswers(questions: readonly SurveyQuestion[], sent: Readonly<Record<string, unknown>>): { answers: SurveyAnswers; errors: Record<string, string> } {
  const answers: SurveyAnswers = {};
  const errors: Record<string, string> = {};
  const byKey = new Map(questions.map((question) => [question.key, question]));
  for (const [key, raw] of Object.entries(sent)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (isEmpty(value as AnswerValue)) continue;
    if (!byKey.has(key)) errors[key] = ANSWER_UNKNOWN_QUESTION;
    else answers[key] = value as AnswerValue;
  }
  for (const question of questions) {
    const value = answers[question.key];
    const asked = isAsked(questions, answers, question);
    if (!asked) {
      if (value !== undefined) errors[question.key] = ANSWER_NOT_ASKED;
      continue;
    }
    if (value === undefined) {
      if (question.required) errors[question.key] = ANSWER_REQUIRED;
      continue;
    }
    const problem = kindProblem(question, value);
    if (problem) errors[question.key] = problem;
  }
  if (Object.keys(answers).length === 0 && Object.keys(errors).length === 0) errors.answers = ANSWER_SOMETHING;
  return { answers, errors };
}

function kindProblem(question: SurveyQuestion, value: AnswerValue): string | null {
  const optionKeys = new Set(question.options.map((option) => option.key));
  switch (question.kind) {
    case 'single':
      return typeof value === 'string' && optionKeys.has(value) ? null : ANSWER_ONE_OPTION;
    case 'multiple':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && optionKeys.has(item)) && new Set(value).size === value.length ? null : ANSWER_OPTIONS;
    case 'rating':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RATING_MAX ? null : ANSWER_RATING;
    case 'number': {
      const min = question.min ?? NUMBER_ANSWER_MIN;
      const max = question.max ?? NUMBER_ANSWER_MAX;
      return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? null : answerNumberMessage(min, max);
    }
    case 'text':
      if (typeof value !== 'string') return ANSWER_TEXT;
      return value.length <= TEXT_ANSWER_MAX ? null : ANSWER_TEXT_LONG;
  }
}

// The answers of the questions still asked: what a merge of two answer sets (an outbox conflict)
// or a changed earlier answer on the sheet leaves.
export function keepAsked(questions: readonly SurveyQuestion[], answers: Readonly<SurveyAnswers>): SurveyAnswers {
  const kept: SurveyAnswers = {};
  for (const question of questions) {
    const value = answers[question.key];
    if (value !== undefined && !isEmpty(value) && isAsked(questions, answers, question)) kept[question.key] = value;
  }
  return kept;
}

// An answer as words: the options' texts in the reader's language, numbers as they are.
export function answerText(question: SurveyQuestion, value: AnswerValue | undefined, language: string, fallback: string): string {
  if (value === undefined) return '';
  const optionText = (key: string) => {
    const option = question.options.find((candidate) => candidate.key === key);
    return option ? surveyText(option.text, language, fallback) : key;
  };
  if (Array.isArray(value)) return value.map(optionText).join(', ');
  if (question.kind === 'single') return optionText(String(value));
  if (question.kind === 'rating') return `${value} / ${RATING_MAX}`;
  return String(value);
}

// A survey may be taken on the voters of a booth, or of some roll pages of it.
export interface SurveyTarget {
  booth: string;
  pages: { from: number; to: number } | null;
}

// Whether a voter (booth and part serial) is among the targets; pages hold `pageSize` serials.
export function voterInTargets(targets: readonly SurveyTarget[], booth: string | null, serial: number | null, pageSize: number): boolean {
  if (!booth) return false;
  const target = targets.find((candidate) => candidate.booth === booth);
  if (!target) return false;
  if (!target.pages) return true;
  if (serial === null || serial < 1) return false;
  const page = Math.floor((serial - 1) / pageSize) + 1;
  return page >= target.pages.from && page <= target.pages.to;
}
