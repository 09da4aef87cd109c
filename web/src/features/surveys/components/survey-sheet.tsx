import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import {
  answerText,
  type AnswerValue,
  askedQuestions,
  checkAnswers,
  keepAsked,
  RATING_MAX,
  type SurveyAnswers,
  type SurveyQuestion,
  surveyText,
  TEXT_ANSWER_MAX,
} from '@shared/surveys/survey-answers';
import type { SavedResponses, SurveyDefinition } from '@shared/surveys/survey-schema';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { waitsInOutbox } from '@web/lib/offline/offline-api';
import { useAnswerSurvey } from '../api/answer-survey';
import { getVoterSurveys } from '../api/get-my-surveys';
import { useSurveyTranslation } from '../survey-texts-loader';

export interface SheetVoter {
  id: number;
  full_name: string;
  booth: string | null;
  part_serial: number | null;
  // The version of the voter's answers to this survey the phone knows (null: none).
  version: number | null;
}

interface SurveySheetProps {
  survey: SurveyDefinition;
  voters: SheetVoter[];
  // A household's answers (kept for each of `voters`), with its house number; else one voter's.
  household: { house_no: string | null } | null;
  onClose: () => void;
  onSaved: (queued: boolean) => void;
}

// What the inputs hold: an option key, option keys, or typed text (numbers as typed).
type Typed = Record<string, string | string[]>;

function typedOf(answers: SurveyAnswers): Typed {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]));
}

// The typed values as answers: numbers and ratings as numbers, blanks left out.
function answersOf(questions: readonly SurveyQuestion[], typed: Typed): SurveyAnswers {
  const answers: SurveyAnswers = {};
  for (const question of questions) {
    const value = typed[question.key];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (question.kind === 'number' || question.kind === 'rating') {
      const number = Number(value);
      answers[question.key] = Number.isFinite(number) && String(value).trim() !== '' ? number : String(value);
    } else answers[question.key] = value;
  }
  return answers;
}

// The answer sheet (issue 61), phone width first: the survey's questions in the worker's language,
// a question shown only while the answer it depends on is given; checked as the server checks
// them; saved at once, or on the phone until the connection returns.
export function SurveySheet({ survey, voters, household, onClose, onSaved }: SurveySheetProps) {
  const { t, i18n } = useSurveyTranslation();
  const word = useFormMessage();
  const language = i18n.language;
  const text = (value: SurveyQuestion['text']) => surveyText(value, language, survey.language);
  const save = useAnswerSurvey();
  const [first] = voters;
  // Answers given before (online only): the sheet starts from them and their version.
  const earlier = useQuery({
    queryKey: ['surveys', 'voter', first?.id],
    queryFn: ({ signal }) => getVoterSurveys(first!, signal),
    enabled: first !== undefined && typeof navigator !== 'undefined' && navigator.onLine !== false,
    retry: false,
  });
  const given = earlier.data?.answered.find((entry) => entry.survey.id === survey.id)?.response;
  const [typed, setTyped] = useState<Typed | null>(null);
  const values = useMemo(() => typed ?? (given ? typedOf(given.answers) : {}), [typed, given]);
  const [versions, setVersions] = useState<Map<number, number | null> | null>(null);
  const [theirs, setTheirs] = useState<SurveyAnswers | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = useMemo(() => askedQuestions(survey.questions, answersOf(survey.questions, values)), [survey.questions, values]);

  const versionOf = (voter: SheetVoter) => {
    if (versions?.has(voter.id)) return versions.get(voter.id) ?? null;
    if (given && voter.id === first?.id) return given.version;
    return voter.version;
  };
  const change = (key: string, value: string | string[]) => {
    setTyped({ ...values, [key]: value });
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    const answers = keepAsked(survey.questions, answersOf(survey.questions, values));
    const checked = checkAnswers(survey.questions, answers);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      return;
    }
    const names = voters.map((voter) => voter.full_name).join(', ');
    const label = household ? `${household.house_no ? t('take.household', { number: household.house_no }) : t('take.noHouse')} (${names})` : names;
    try {
      const saved = await save.mutateAsync({ surveyId: survey.id, voters: voters.map((voter) => ({ id: voter.id, version: versionOf(voter) })), answers: checked.answers, survey, label });
      const queued = waitsInOutbox(saved);
      if (!queued) toast.success(t('take.saved'));
      onSaved(queued);
    } catch (error) {
      const current = error instanceof ApiError && error.status === 409 ? (error.current as SavedResponses | undefined) : undefined;
      if (current) {
        // Someone answered first: their answers under each question, and the next save goes on top of them.
        setVersions(new Map(voters.map((voter) => [voter.id, current.responses.find((response) => response.voter_id === voter.id)?.version ?? null])));
        setTheirs(current.responses[0]?.answers ?? {});
        return;
      }
      if (error instanceof ApiError && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^answers\./, ''), message])));
      toast.error(errorMessage(error, t('take.saveFailed')));
    }
  };

  const heading = household ? (household.house_no ? t('take.household', { number: household.house_no }) : t('take.noHouse')) : first?.full_name ?? '';
  const formId = `survey-sheet-${survey.id}`;
  // In a portal, and its submit kept to itself: the sheet also opens from a voter's card, itself
  // inside the voter form (React events bubble along the component tree, portals included).
  return createPortal(
    <Modal
      open
      title={`${text(survey.title)} · ${heading}`}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            {t('take.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={text(survey.title)}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void submit();
        }}
      >
        <p className="text-sm text-slate-600" data-testid="survey-for">
          {household ? t('take.forMembers', { count: voters.length, names: voters.map((voter) => voter.full_name).join(', ') }) : t('take.forVoter', { name: first?.full_name ?? '' })}
        </p>
        {survey.description[survey.language] && <p className="text-sm text-slate-700">{text(survey.description)}</p>}
        {theirs && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {t('take.conflict')}
          </p>
        )}
        {earlier.isLoading ? (
          <div className="flex justify-center py-6 text-blue-900">
            <Spinner className="h-6 w-6" />
          </div>
        ) : (
          shown.map((question) => (
            <QuestionInput
              key={question.key}
              question={question}
              label={text(question.text)}
              optionLabel={(key) => text(question.options.find((option) => option.key === key)?.text ?? {})}
              value={values[question.key]}
              error={word(errors[question.key])}
              theirs={theirs && theirs[question.key] !== undefined ? answerText(question, theirs[question.key] as AnswerValue, language, survey.language) : null}
              onChange={(value) => change(question.key, value)}
            />
          ))
        )}
        {errors.answers && (
          <p role="alert" className="text-sm text-red-600">
            {word(errors.answers)}
          </p>
        )}
      </form>
    </Modal>,
    document.body,
  );
}

interface QuestionInputProps {
  question: SurveyQuestion;
  label: string;
  optionLabel: (key: string) => string;
  value: string | string[] | undefined;
  error: string | undefined;
  theirs: string | null;
  onChange: (value: string | string[]) => void;
}

const choiceClass = 'flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-base has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50';

function QuestionInput({ question, label, optionLabel, value, error, theirs, onChange }: QuestionInputProps) {
  const { t } = useSurveyTranslation();
  const errorId = `${question.key}-error`;
  const describedBy = error ? errorId : undefined;
  const legend = (
    <legend className="mb-2 text-base font-medium text-slate-900">
      {label}
      {question.required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </legend>
  );
  let control;
  if (question.kind === 'single' || question.kind === 'multiple') {
    const several = question.kind === 'multiple';
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    control = (
      <div className="grid gap-2 sm:grid-cols-2">
        {question.options.map((option) => (
          <label key={option.key} className={choiceClass}>
            <input
              type={several ? 'checkbox' : 'radio'}
              className="h-5 w-5 shrink-0"
              name={question.key}
              checked={chosen.includes(option.key)}
              aria-describedby={describedBy}
              onChange={(event) => onChange(several ? (event.target.checked ? [...chosen, option.key] : chosen.filter((key) => key !== option.key)) : option.key)}
            />
            <span>{optionLabel(option.key)}</span>
          </label>
        ))}
      </div>
    );
  } else if (question.kind === 'rating') {
    control = (
      <div className="flex flex-wrap gap-2">
        {Array.from({ length: RATING_MAX }, (_, index) => String(index + 1)).map((rating) => (
          <label key={rating} className={`${choiceClass} w-14 justify-center`}>
            <input type="radio" className="sr-only" name={question.key} checked={value === rating} aria-label={t('take.rating', { value: rating })} aria-describedby={describedBy} onChange={() => onChange(rating)} />
            <span aria-hidden="true" className="text-lg font-semibold">
              {rating}
            </span>
          </label>
        ))}
      </div>
    );
  } else {
    const number = question.kind === 'number';
    control = (
      <input
        aria-label={label}
        className={`${inputClassName} py-3 text-base`}
        type={number ? 'number' : 'text'}
        inputMode={number ? 'numeric' : undefined}
        min={number ? (question.min ?? undefined) : undefined}
        max={number ? (question.max ?? undefined) : undefined}
        maxLength={number ? undefined : TEXT_ANSWER_MAX}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <fieldset data-testid="survey-question">
      {legend}
      {control}
      {theirs !== null && <p className="mt-1 text-sm text-amber-900">{t('take.theirs', { answer: theirs })}</p>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
