import { describe, expect, it } from 'vitest';
import { answerText, checkAnswers, isAsked, keepAsked, type SurveyQuestion, surveyText, voterInTargets } from './survey-answers';
import { surveyInputSchema } from './survey-schema';

const question = (key: string, kind: SurveyQuestion['kind'], extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  key,
  kind,
  text: { en: key },
  required: false,
  options: [],
  min: null,
  max: null,
  condition: null,
  ...extra,
});
const yesNo = [
  { key: 'yes', text: { en: 'Yes', mr: 'हो' } },
  { key: 'no', text: { en: 'No', mr: 'नाही' } },
];
const QUESTIONS = [
  question('water', 'single', { options: yesNo, required: true }),
  question('days', 'number', { min: 1, max: 7, required: true, condition: { question: 'water', option: 'no' } }),
  question('issues', 'multiple', { options: [...yesNo, { key: 'roads', text: { en: 'Roads' } }] }),
  question('why', 'text', { condition: { question: 'issues', option: 'roads' } }),
  question('mood', 'rating'),
];

describe('surveyText', () => {
  it('should fall back to the survey language when the reader language has no text', () => {
    expect(surveyText({ en: 'Water?', mr: 'पाणी?' }, 'mr', 'en')).toBe('पाणी?');
    expect(surveyText({ en: 'Water?' }, 'gu', 'en')).toBe('Water?');
    expect(surveyText({ hi: 'पानी?' }, 'gu', 'en')).toBe('पानी?');
  });
});

describe('checkAnswers', () => {
  it('should ask a conditional question only when its earlier answer names the option', () => {
    expect(isAsked(QUESTIONS, { water: 'yes' }, QUESTIONS[1]!)).toBe(false);
    expect(isAsked(QUESTIONS, { water: 'no' }, QUESTIONS[1]!)).toBe(true);
    expect(isAsked(QUESTIONS, { issues: ['yes', 'roads'] }, QUESTIONS[3]!)).toBe(true);
  });

  it('should accept answers of the right kinds and drop blanks when the shown questions are answered', () => {
    const result = checkAnswers(QUESTIONS, { water: 'no', days: 3, issues: ['roads'], why: '  potholes ', mood: 4, extra: '' });
    expect(result.errors).toEqual({});
    expect(result.answers).toEqual({ water: 'no', days: 3, issues: ['roads'], why: 'potholes', mood: 4 });
  });

  it('should name each question whose answer is missing, hidden, unknown or of the wrong kind when the answers do not fit', () => {
    expect(checkAnswers(QUESTIONS, { water: 'yes', days: 2, issues: ['x'], mood: 6, other: 'x' }).errors).toEqual({
      days: 'This question is not asked after the answer given above',
      issues: 'Choose options from the list',
      mood: 'Choose a rating from 1 to 5',
      other: 'This survey has no such question',
    });
    expect(checkAnswers(QUESTIONS, { water: 'no', days: 9 }).errors).toEqual({ days: 'Enter a whole number from 1 to 7' });
    expect(checkAnswers(QUESTIONS, { water: 'no' }).errors).toEqual({ days: 'Answer this question' });
    expect(checkAnswers(QUESTIONS, { water: 'maybe' }).errors).toEqual({ water: 'Choose one of the options' });
    expect(checkAnswers([question('note', 'text')], {}).errors).toEqual({ answers: 'Answer at least one question' });
  });

  it('should keep only the answers still asked when an earlier answer changes', () => {
    expect(keepAsked(QUESTIONS, { water: 'yes', days: 3, issues: ['yes'], why: 'x' })).toEqual({ water: 'yes', issues: ['yes'] });
  });

  it('should word answers in the reader language', () => {
    expect(answerText(QUESTIONS[0]!, 'no', 'mr', 'en')).toBe('नाही');
    expect(answerText(QUESTIONS[2]!, ['yes', 'roads'], 'mr', 'en')).toBe('हो, Roads');
    expect(answerText(QUESTIONS[4]!, 4, 'en', 'en')).toBe('4 / 5');
  });
});

describe('voterInTargets', () => {
  const targets = [
    { booth: 'Booth-01', pages: null },
    { booth: 'Booth-02', pages: { from: 2, to: 3 } },
  ];
  it('should take a whole booth or only the serials of its pages', () => {
    expect(voterInTargets(targets, 'Booth-01', null, 30)).toBe(true);
    expect(voterInTargets(targets, 'Booth-02', 31, 30)).toBe(true);
    expect(voterInTargets(targets, 'Booth-02', 90, 30)).toBe(true);
    expect(voterInTargets(targets, 'Booth-02', 30, 30)).toBe(false);
    expect(voterInTargets(targets, 'Booth-02', null, 30)).toBe(false);
    expect(voterInTargets(targets, 'Booth-03', 1, 30)).toBe(false);
  });
});

describe('surveyInputSchema', () => {
  const survey = {
    title: { en: 'Water survey', mr: 'पाणी सर्वेक्षण' },
    language: 'mr',
    unit: 'household',
    targets: [{ booth: 'Booth-07' }, { booth: 'Booth-02', pages: { from: 1, to: 2 } }],
    questions: [
      { key: 'water', kind: 'single', text: { mr: 'नळाचे पाणी?' }, required: true, options: [{ key: 'yes', text: { mr: 'हो' } }, { key: 'no', text: { mr: 'नाही' } }] },
      { key: 'days', kind: 'number', text: { mr: 'किती दिवस?', en: '' }, options: [{ key: 'x', text: { mr: 'x' } }], min: 1, max: 7, condition: { question: 'water', option: 'no' } },
    ],
  };

  it('should tidy the survey when it is whole', () => {
    const parsed = surveyInputSchema.parse(survey);
    expect(parsed.targets).toEqual([
      { booth: 'Booth-02', pages: { from: 1, to: 2 } },
      { booth: 'Booth-07', pages: null },
    ]);
    expect(parsed.questions[1]).toMatchObject({ text: { mr: 'किती दिवस?' }, options: [], min: 1, max: 7, required: false });
    expect(parsed.questions[0]).toMatchObject({ min: null, max: null, condition: null });
  });

  it('should refuse texts missing in the survey language and conditions on later or unknown questions', () => {
    const bad = {
      ...survey,
      title: { en: 'Only English' },
      questions: [
        { key: 'days', kind: 'number', text: { mr: 'x' }, condition: { question: 'water', option: 'no' } },
        { key: 'water', kind: 'single', text: { mr: 'x' }, options: [{ key: 'yes', text: { en: 'Yes' } }] },
      ],
    };
    const result = surveyInputSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({
      'title.mr': 'Write this text in the survey’s own language',
      'questions.0.condition': 'Show this question after an earlier choice question and one of its options',
      'questions.1.options': 'A choice question needs 2 to 20 options',
      'questions.1.options.0.text.mr': 'Write this text in the survey’s own language',
    });
  });
});
