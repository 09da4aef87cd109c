import { FileDown } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { RESULT_GROUPINGS, type ResultGrouping, type Survey, type SurveyResults as Results } from '@shared/surveys/survey-schema';
import { surveyText } from '@shared/surveys/survey-answers';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { errorMessage } from '@web/lib/api-client';
import { useReferenceNames } from '@web/lib/reference-names';
import { exportSurvey, useSurveyResults } from '../api/get-survey-results';
import { useSurveyTranslation } from '../survey-texts-loader';

interface SurveyResultsProps {
  survey: Survey;
  // The booths the reader may filter by (the survey's, within their own booths).
  booths: readonly string[];
  params: { by: string; booth: string; village: string };
  onChange: (changes: Partial<{ by: string; booth: string; village: string }>) => void;
  canExport: boolean;
}

// The results (issue 61): for every question, how many voters gave each answer, broken down by
// booth, village, support level, caste or age band, for all the reader's booths or one booth or
// village; number questions by their average; the answers as Excel for the office.
export function SurveyResults({ survey, booths, params, onChange, canExport }: SurveyResultsProps) {
  const { t, i18n } = useSurveyTranslation();
  const { t: tApp } = useTranslation();
  const references = useReferenceNames();
  const results = useSurveyResults(survey.id, params);
  const [exporting, setExporting] = useState(false);
  const language = i18n.language;
  const data = results.data;
  const by = (data?.by ?? params.by) as ResultGrouping;

  const groupLabel = (group: string) => {
    if (group === '' || group === 'Unknown') return t('results.unknown');
    if (by === 'support') return tApp(`contacts.outcomes.${group as 'undecided'}`);
    if (by === 'caste') return references.name('castes', group) ?? group;
    if (by === 'village') return references.name('villages', group) ?? group;
    return group;
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportSurvey(survey.id, { booth: params.booth, village: params.village });
      toast.success(t('results.exported'));
    } catch (error) {
      toast.error(errorMessage(error, t('results.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-label={t('results.title')} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('results.title')}</h2>
        {canExport && (
          <Button variant="secondary" onClick={() => void download()} busy={exporting}>
            <FileDown aria-hidden="true" className="h-4 w-4" />
            {t('results.export')}
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={t('results.by')}>
          <select className={inputClassName} value={params.by || 'support'} onChange={(event) => onChange({ by: event.target.value })}>
            {RESULT_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {t(`results.byOptions.${grouping}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('results.booth')}>
          <select className={inputClassName} value={params.booth} onChange={(event) => onChange({ booth: event.target.value })}>
            <option value="">{t('results.allBooths')}</option>
            {booths.map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('results.village')}>
          <select className={inputClassName} value={params.village} onChange={(event) => onChange({ village: event.target.value })}>
            <option value="">{t('results.allVillages')}</option>
            {references.options('villages', undefined, true).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {results.isPending ? (
        <ListLoading label={t('results.loading')} />
      ) : results.isError || !data ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(results.error, t('results.fetchFailed'))}
        </p>
      ) : data.responses === 0 ? (
        <p className="text-sm text-slate-500" data-testid="survey-results-empty">
          {t('results.none')}
        </p>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700" data-testid="survey-results-totals">
            {t('results.totalsVoters', { count: data.responses })}, {t('results.totalsHouseholds', { count: data.households })}
          </p>
          {survey.questions.map((question, index) => {
            const result = data.questions.find((candidate) => candidate.key === question.key);
            if (!result) return null;
            return (
              <QuestionResult
                key={question.key}
                number={index + 1}
                label={surveyText(question.text, language, survey.language)}
                result={result}
                data={data}
                optionLabel={(value) => (question.kind === 'rating' ? t('take.rating', { value }) : surveyText(question.options.find((option) => option.key === value)?.text ?? {}, language, survey.language))}
                groupLabel={groupLabel}
              />
            );
          })}
        </>
      )}
    </section>
  );
}

interface QuestionResultProps {
  number: number;
  label: string;
  result: Results['questions'][number];
  data: Results;
  optionLabel: (value: string) => string;
  groupLabel: (group: string) => string;
}

const percent = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '—');

function QuestionResult({ number, label, result, data, optionLabel, groupLabel }: QuestionResultProps) {
  const { t } = useSurveyTranslation();
  const headers = (
    <tr>
      <th scope="col" className="px-3 py-2 font-medium">
        {t('results.answer')}
      </th>
      <th scope="col" className="px-3 py-2 text-right font-medium">
        {t('results.total')}
      </th>
      {data.groups.map((group) => (
        <th key={group} scope="col" className="px-3 py-2 text-right font-medium">
          {groupLabel(group)}
        </th>
      ))}
    </tr>
  );
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={label} data-testid="survey-question-result">
      <h3 className="font-semibold text-slate-900">
        {number}. {label}
      </h3>
      <p className="mb-2 text-xs text-slate-500">
        {t('results.answered')}: {result.answered}
      </p>
      {result.options.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-max text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">{headers}</thead>
            <tbody className="divide-y divide-slate-100">
              {result.options.map((option) => (
                <tr key={option.value} data-testid="survey-option-result">
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {optionLabel(option.value)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {option.count} <span className="text-slate-500">({percent(option.count, result.answered)})</span>
                  </td>
                  {option.by_group.map((count, index) => (
                    <td key={data.groups[index]} className="px-3 py-2 text-right tabular-nums">
                      {count} <span className="text-slate-500">({percent(count, result.by_group[index] ?? 0)})</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.number && result.kind === 'number' && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-max text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">{headers}</thead>
            <tbody>
              <tr>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {t('results.average')}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{result.number.average ?? '—'}</td>
                {result.number.by_group.map((average, index) => (
                  <td key={data.groups[index]} className="px-3 py-2 text-right tabular-nums">
                    {average ?? '—'}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          {result.number.min !== null && <p className="mt-1 text-xs text-slate-500">{t('results.range', { min: result.number.min, max: result.number.max })}</p>}
        </div>
      )}
      {result.kind === 'text' && <p className="text-sm text-slate-600">{t('results.written', { count: result.answered })}</p>}
    </article>
  );
}
