import { useState } from 'react';
import toast from 'react-hot-toast';
import { LANGUAGE_NAMES } from '@shared/i18n/languages';
import { NUMBER_ANSWER_MAX, NUMBER_ANSWER_MIN, surveyText } from '@shared/surveys/survey-answers';
import type { Survey } from '@shared/surveys/survey-schema';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useChangeSurveyState, useDeleteSurvey } from '../api/change-survey-state';
import { useSurveyTranslation } from '../survey-texts-loader';
import { SurveyStateBadge } from './survey-list';

interface SurveyOverviewProps {
  survey: Survey;
  // Office roles write, open, close and delete; Supervisors only read.
  canManage: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}

type Step = 'open' | 'close' | 'delete';

// A survey as written: of whom, in which language, where, and its questions with their
// conditions; the office's buttons to edit, open, close or delete it.
export function SurveyOverview({ survey, canManage, onEdit, onDeleted }: SurveyOverviewProps) {
  const { t, i18n } = useSurveyTranslation();
  const language = i18n.language;
  const text = (value: Survey['title']) => surveyText(value, language, survey.language);
  const changeState = useChangeSurveyState();
  const remove = useDeleteSurvey();
  const [asking, setAsking] = useState<Step | null>(null);

  const confirm = async () => {
    const step = asking;
    try {
      if (step === 'delete') {
        await remove.mutateAsync({ id: survey.id, version: survey.version });
        toast.success(t('deleted'));
        onDeleted();
      } else if (step) {
        const changed = await changeState.mutateAsync({ id: survey.id, state: step === 'open' ? 'open' : 'closed', version: survey.version });
        toast.success(changed.state === 'open' ? t('opened') : t('closed'));
      }
    } catch (error) {
      toast.error(errorMessage(error, step === 'delete' ? t('deleteFailed') : t('stateFailed')));
    } finally {
      setAsking(null);
    }
  };

  const questionText = (key: string) => text(survey.questions.find((question) => question.key === key)?.text ?? {});
  const optionText = (questionKey: string, key: string) => text(survey.questions.find((question) => question.key === questionKey)?.options.find((option) => option.key === key)?.text ?? {});
  const answered = survey.response_count > 0;
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={text(survey.title)}>
      <div className="flex flex-wrap items-center gap-2">
        <SurveyStateBadge state={survey.state} />
        {text(survey.description) && <p className="text-sm text-slate-700">{text(survey.description)}</p>}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('detail.askedOf')}</dt>
          <dd className="font-medium text-slate-900">{t(`units.${survey.unit}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detail.language')}</dt>
          <dd className="font-medium text-slate-900">{LANGUAGE_NAMES[survey.language]}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detail.booths')}</dt>
          <dd className="font-medium text-slate-900" data-testid="survey-booths">
            {survey.targets.length === 0
              ? t('detail.noBooths')
              : survey.targets.map((target) => (target.pages ? t('detail.pages', { booth: target.booth, from: target.pages.from, to: target.pages.to }) : t('detail.wholeBooth', { booth: target.booth }))).join('; ')}
          </dd>
        </div>
      </dl>
      <div>
        <h2 className="mb-2 font-semibold text-slate-900">{t('detail.questions')}</h2>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {survey.questions.map((question) => (
            <li key={question.key}>
              <span className="font-medium text-slate-900">{text(question.text)}</span>
              <span className="ml-2 text-slate-500">
                {t(`kinds.${question.kind}`)}
                {question.required && ` · ${t('detail.required')}`}
              </span>
              {question.options.length > 0 && <p className="text-slate-600">{question.options.map((option) => text(option.text)).join(' · ')}</p>}
              {question.kind === 'number' && <p className="text-slate-600">{t('detail.numberRange', { min: question.min ?? NUMBER_ANSWER_MIN, max: question.max ?? NUMBER_ANSWER_MAX })}</p>}
              {question.condition && <p className="text-slate-600">{t('detail.shownIf', { question: questionText(question.condition.question), option: optionText(question.condition.question, question.condition.option) })}</p>}
            </li>
          ))}
        </ol>
        {answered && <p className="mt-2 text-xs text-slate-500">{t('detail.fixed')}</p>}
        {survey.created_by_name && <p className="mt-2 text-xs text-slate-500">{t('detail.writtenBy', { name: survey.created_by_name })}</p>}
      </div>
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit}>
            {t('detail.edit')}
          </Button>
          {survey.state !== 'open' && <Button onClick={() => setAsking('open')}>{survey.state === 'draft' ? t('detail.open') : t('detail.reopen')}</Button>}
          {survey.state === 'open' && (
            <Button variant="secondary" onClick={() => setAsking('close')}>
              {t('detail.close')}
            </Button>
          )}
          {!answered && (
            <Button variant="ghost-danger" onClick={() => setAsking('delete')}>
              {t('detail.delete')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? t('detail.deleteTitle') : asking === 'open' ? t('detail.openTitle') : t('detail.closeTitle')}
        message={asking === 'delete' ? t('detail.deleteMessage') : asking === 'open' ? t('detail.openMessage') : t('detail.closeMessage')}
        confirmLabel={asking === 'delete' ? t('detail.delete') : asking === 'open' ? (survey.state === 'draft' ? t('detail.open') : t('detail.reopen')) : t('detail.close')}
        busy={changeState.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
