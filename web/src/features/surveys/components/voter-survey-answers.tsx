import { useState } from 'react';
import { answerText, surveyText } from '@shared/surveys/survey-answers';
import type { SurveyDefinition } from '@shared/surveys/survey-schema';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useDateFormat } from '@web/lib/use-date-format';
import { useVoterSurveys } from '../api/get-my-surveys';
import { useSurveyTranslation } from '../survey-texts-loader';
import { SurveySheet } from './survey-sheet';

interface VoterSurveyAnswersProps {
  voter: { id: number; full_name: string; booth: string | null; part_serial: number | null };
}

// A voter's answers on their card (issue 61): each survey answered, question by question in the
// reader's language, who answered and when; and the open surveys asked of each voter that reach
// them, to answer or change. Household surveys are answered from the household (My voters).
export function VoterSurveyAnswers({ voter }: VoterSurveyAnswersProps) {
  const { t, i18n } = useSurveyTranslation();
  const dates = useDateFormat();
  const card = useVoterSurveys(voter);
  const [taking, setTaking] = useState<SurveyDefinition | null>(null);
  const language = i18n.language;
  if (card.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
        <Spinner className="h-4 w-4" />
        {t('card.loading')}
      </p>
    );
  }
  if (card.isError) return <p className="text-sm text-red-600">{errorMessage(card.error, t('card.offline'))}</p>;
  const { answered, open, offline } = card.data;
  const answeredIds = new Set(answered.map((entry) => entry.survey.id));
  const askable = open.filter((survey) => survey.unit === 'voter');
  return (
    <section aria-label={t('card.title')} data-testid="voter-surveys" className="space-y-3">
      {offline && <p className="text-sm text-slate-500">{t('card.offline')}</p>}
      {!offline && answered.length === 0 && <p className="text-sm text-slate-500">{t('card.none')}</p>}
      {answered.map(({ survey, response }) => (
        <article key={survey.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="voter-survey">
          <h3 className="font-semibold text-slate-900">
            {surveyText(survey.title, language, survey.language)}
            {response.household_key && <span className="ml-2 text-xs font-normal text-slate-500">({t('card.forHousehold')})</span>}
          </h3>
          <dl className="mt-2 space-y-1">
            {survey.questions
              .filter((question) => response.answers[question.key] !== undefined)
              .map((question) => (
                <div key={question.key} className="grid gap-x-3 sm:grid-cols-2">
                  <dt className="text-slate-600">{surveyText(question.text, language, survey.language)}</dt>
                  <dd className="font-medium text-slate-900">{answerText(question, response.answers[question.key], language, survey.language)}</dd>
                </div>
              ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500">{t('card.by', { name: response.answered_by_name ?? '—', date: dates.dateTime(response.updated_at) })}</p>
        </article>
      ))}
      {askable.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {askable.map((survey) => {
            const title = surveyText(survey.title, language, survey.language);
            return (
              <button
                key={survey.id}
                type="button"
                onClick={() => setTaking(survey)}
                className="inline-flex min-h-11 items-center rounded-lg border border-blue-200 bg-blue-50 px-3 text-sm font-medium text-blue-900 hover:bg-blue-100"
              >
                {answeredIds.has(survey.id) ? t('card.change', { title }) : t('card.answer', { title })}
              </button>
            );
          })}
        </div>
      )}
      {taking && (
        <SurveySheet
          survey={taking}
          voters={[{ ...voter, version: answered.find((entry) => entry.survey.id === taking.id)?.response.version ?? null }]}
          household={null}
          onClose={() => setTaking(null)}
          onSaved={() => setTaking(null)}
        />
      )}
    </section>
  );
}
