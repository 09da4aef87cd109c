import { Link } from 'react-router';
import { surveyText } from '@shared/surveys/survey-answers';
import type { Survey, SurveyState } from '@shared/surveys/survey-schema';
import { Badge } from '@web/components/ui/badge';
import { Table, type TableColumn } from '@web/components/ui/table';
import { useSurveyTranslation } from '../survey-texts-loader';

const STATE_COLOURS = { draft: 'gray', open: 'green', closed: 'orange' } as const;

export function SurveyStateBadge({ state }: { state: SurveyState }) {
  const { t } = useSurveyTranslation();
  return <Badge color={STATE_COLOURS[state]}>{t(`states.${state}`)}</Badge>;
}

// A table on a desk, cards on a phone; each survey opens its own page (/surveys/:id).
export function SurveyList({ surveys }: { surveys: readonly Survey[] }) {
  const { t, i18n } = useSurveyTranslation();
  const title = (survey: Survey) => (
    <Link to={`/surveys/${survey.id}`} className="font-medium text-blue-900 underline-offset-2 hover:underline">
      {surveyText(survey.title, i18n.language, survey.language)}
    </Link>
  );
  const answered = (survey: Survey) =>
    survey.unit === 'household' ? `${t('voters', { count: survey.response_count })} · ${t('households', { count: survey.household_count })}` : t('voters', { count: survey.response_count });
  const columns: TableColumn<Survey>[] = [
    { key: 'survey', header: t('columns.survey'), cell: title },
    { key: 'state', header: t('columns.state'), cell: (survey) => <SurveyStateBadge state={survey.state} /> },
    { key: 'unit', header: t('columns.askedOf'), cell: (survey) => t(`units.${survey.unit}`) },
    { key: 'booths', header: t('columns.booths'), cell: (survey) => t('boothCount', { count: survey.targets.length }) },
    { key: 'answers', header: t('columns.answers'), cell: answered },
  ];
  return (
    <>
      <Table columns={columns} rows={surveys} rowKey={(survey) => survey.id} className="hidden md:block" label={t('title')} rowTestId="survey-row" />
      <ul className="space-y-3 md:hidden">
        {surveys.map((survey) => (
          <li key={survey.id}>
            <article aria-label={surveyText(survey.title, i18n.language, survey.language)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="survey-card">
              <div className="flex items-start justify-between gap-2">
                {title(survey)}
                <SurveyStateBadge state={survey.state} />
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {t(`units.${survey.unit}`)} · {t('boothCount', { count: survey.targets.length })}
              </p>
              <p className="text-sm text-slate-600">{answered(survey)}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
