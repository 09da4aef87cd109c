import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type Language, LANGUAGE_NAMES, LANGUAGE_PICKER_ORDER } from '@shared/i18n/languages';
import { BOOTHS } from '@shared/reference/booths';
import { CHOICE_KINDS, type LocalText, QUESTION_KINDS, type QuestionKind, surveyText } from '@shared/surveys/survey-answers';
import { type Survey, SURVEY_UNITS, type SurveyUnit, surveyUpdateSchema } from '@shared/surveys/survey-schema';
import { Button, iconButtonClassName } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { useSaveSurvey } from '../api/save-survey';
import { useSurveyTranslation } from '../survey-texts-loader';

interface OptionDraft {
  key: string;
  text: LocalText;
}

interface QuestionDraft {
  key: string;
  kind: QuestionKind;
  text: LocalText;
  required: boolean;
  options: OptionDraft[];
  min: string;
  max: string;
  condition: { question: string; option: string } | null;
}

interface Draft {
  title: LocalText;
  description: LocalText;
  language: Language;
  unit: SurveyUnit;
  targets: { booth: string; from: string; to: string }[];
  questions: QuestionDraft[];
}

interface SurveyFormDialogProps {
  // The survey being edited; null for a new one.
  survey: Survey | null;
  // The office's language (Settings): a new survey is written in it.
  officeLanguage: Language;
  onClose: () => void;
  onSaved: (survey: Survey) => void;
}

// The next free key of the form q1, q2... (o1, o2... for options): keys stay as they were given,
// so answers and conditions keep naming the same question after others move or go.
function nextKey(prefix: string, taken: readonly string[]): string {
  const numbers = taken.map((key) => Number(key.slice(prefix.length))).filter((number) => Number.isInteger(number));
  return `${prefix}${Math.max(0, ...numbers) + 1}`;
}

const blankQuestion = (key: string): QuestionDraft => ({ key, kind: 'single', text: {}, required: false, options: [{ key: 'o1', text: {} }, { key: 'o2', text: {} }], min: '', max: '', condition: null });

function draftOf(survey: Survey | null, officeLanguage: Language): Draft {
  if (!survey) return { title: {}, description: {}, language: officeLanguage, unit: 'voter', targets: [], questions: [blankQuestion('q1')] };
  return {
    title: survey.title,
    description: survey.description,
    language: survey.language,
    unit: survey.unit,
    targets: survey.targets.map((target) => ({ booth: target.booth, from: target.pages ? String(target.pages.from) : '', to: target.pages ? String(target.pages.to) : '' })),
    questions: survey.questions.map((question) => ({ ...question, min: question.min === null ? '' : String(question.min), max: question.max === null ? '' : String(question.max) })),
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

// What the server takes, from what the form holds.
function inputOf(draft: Draft) {
  return {
    title: draft.title,
    description: draft.description,
    language: draft.language,
    unit: draft.unit,
    targets: draft.targets.map((target) => ({ booth: target.booth, pages: target.from.trim() === '' && target.to.trim() === '' ? null : { from: Number(target.from), to: Number(target.to) } })),
    questions: draft.questions.map((question) => ({ ...question, min: numberOrNull(question.min), max: numberOrNull(question.max) })),
  };
}

// A new survey, or an edit from the version on screen (409: the survey reloads, what was typed
// stays, and the next save goes on top of it). Checked with the server's own schema first.
export function SurveyFormDialog({ survey, officeLanguage, onClose, onSaved }: SurveyFormDialogProps) {
  const { t } = useSurveyTranslation();
  const word = useFormMessage();
  const save = useSaveSurvey();
  const [draft, setDraft] = useState<Draft>(() => draftOf(survey, officeLanguage));
  const [version, setVersion] = useState(survey?.version);
  const [translating, setTranslating] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const others = LANGUAGE_PICKER_ORDER.filter((language) => language !== draft.language);
  const languages = translating ? [draft.language, ...others] : [draft.language];
  const error = (path: string) => word(errors[path]);
  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const setQuestion = (index: number, changes: Partial<QuestionDraft>) => update({ questions: draft.questions.map((question, at) => (at === index ? { ...question, ...changes } : question)) });

  const submit = async () => {
    const input = inputOf(draft);
    const parsed = surveyUpdateSchema.safeParse({ ...input, version });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      toast.error(t('form.invalid'));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: survey?.id ?? null, input: { ...input, version } });
      toast.success(survey ? t('updated') : t('created'));
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && failure.current) {
        setVersion((failure.current as Survey).version);
        toast.error(t('stale'));
        return;
      }
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
      toast.error(errorMessage(failure, survey ? t('updateFailed') : t('createFailed')));
    }
  };

  // Texts of one thing in the languages shown, the survey's own first (required).
  const localInputs = (label: string, text: LocalText, path: string, onChange: (text: LocalText) => void, multiline = false) =>
    languages.map((language) => {
      const name = languages.length > 1 ? t('form.inLanguage', { label, language: LANGUAGE_NAMES[language] }) : label;
      const props = { className: inputClassName, lang: language, value: text[language] ?? '', onChange: (event: { target: { value: string } }) => onChange({ ...text, [language]: event.target.value }) };
      return (
        <FormField key={language} label={name} required={language === draft.language && path !== 'description'} error={error(`${path}.${language}`)}>
          {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
        </FormField>
      );
    });

  const formId = 'survey-form';
  const choiceQuestions = (index: number) => draft.questions.slice(0, index).filter((question) => CHOICE_KINDS.includes(question.kind));
  const general = ['questions', 'targets'].map((path) => error(path)).filter(Boolean);
  return (
    <Modal
      open
      title={survey ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            {survey ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={survey ? t('form.editTitle') : t('form.createTitle')}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('form.language')} hint={t('form.languageHint')} error={error('language')}>
            <select className={inputClassName} value={draft.language} onChange={(event) => update({ language: event.target.value as Language })}>
              {LANGUAGE_PICKER_ORDER.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('form.unit')} error={error('unit')}>
            <select className={inputClassName} value={draft.unit} onChange={(event) => update({ unit: event.target.value as SurveyUnit })}>
              {SURVEY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`units.${unit}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div>
          <Button variant="ghost" onClick={() => setTranslating(!translating)} aria-expanded={translating}>
            {translating ? t('form.hideTranslations') : t('form.showTranslations')}
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">{localInputs(t('form.title'), draft.title, 'title', (title) => update({ title }))}</div>
        <div className="grid gap-3 sm:grid-cols-2">{localInputs(t('form.description'), draft.description, 'description', (description) => update({ description }), true)}</div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">{t('form.booths')}</legend>
          <p className="text-xs text-slate-500">{t('form.boothsHint')}</p>
          <select
            className={inputClassName}
            aria-label={t('form.chooseBooth')}
            value=""
            onChange={(event) => {
              const booth = event.target.value;
              if (booth && !draft.targets.some((target) => target.booth === booth)) update({ targets: [...draft.targets, { booth, from: '', to: '' }] });
            }}
          >
            <option value="">{t('form.chooseBooth')}</option>
            {BOOTHS.filter((booth) => !draft.targets.some((target) => target.booth === booth)).map((booth) => (
              <option key={booth} value={booth}>
                {booth}
              </option>
            ))}
          </select>
          <ul className="space-y-2" aria-label={t('form.booths')}>
            {draft.targets.map((target, index) => (
              <li key={target.booth} className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-2" data-testid="survey-target">
                <span className="min-w-24 self-center font-medium text-slate-900">{target.booth}</span>
                <FormField label={t('form.pagesFrom')} error={error(`targets.${index}.pages.from`)} className="w-28">
                  <input className={inputClassName} inputMode="numeric" value={target.from} onChange={(event) => update({ targets: draft.targets.map((item, at) => (at === index ? { ...item, from: event.target.value } : item)) })} />
                </FormField>
                <FormField label={t('form.pagesTo')} error={error(`targets.${index}.pages.to`)} className="w-28">
                  <input className={inputClassName} inputMode="numeric" value={target.to} onChange={(event) => update({ targets: draft.targets.map((item, at) => (at === index ? { ...item, to: event.target.value } : item)) })} />
                </FormField>
                <button type="button" className={`${iconButtonClassName} text-slate-600 hover:bg-slate-100`} aria-label={t('form.removeBooth', { booth: target.booth })} onClick={() => update({ targets: draft.targets.filter((_, at) => at !== index) })}>
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t('form.questions')}</legend>
          {general.map((message) => (
            <p key={message} role="alert" className="text-sm text-red-600">
              {message}
            </p>
          ))}
          {draft.questions.map((question, index) => {
            const number = index + 1;
            const prefix = `questions.${index}`;
            const claimed = new Set([...languages.map((language) => `${prefix}.text.${language}`), `${prefix}.min`, `${prefix}.max`]);
            const rest = Object.keys(errors).filter((path) => path.startsWith(`${prefix}.`) && !claimed.has(path) && !/\.options\.\d+\.text\./.test(path));
            const conditionSources = choiceQuestions(index);
            const source = conditionSources.find((candidate) => candidate.key === question.condition?.question);
            return (
              <section key={question.key} aria-label={t('form.question', { number })} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="survey-question-form">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{t('form.question', { number })}</h3>
                  <div className="flex gap-1">
                    <button type="button" className={`${iconButtonClassName} text-slate-600 hover:bg-white disabled:opacity-40`} disabled={index === 0} aria-label={t('form.moveUp', { number })} onClick={() => update({ questions: move(draft.questions, index, -1) })}>
                      <ArrowUp aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className={`${iconButtonClassName} text-slate-600 hover:bg-white disabled:opacity-40`}
                      disabled={index === draft.questions.length - 1}
                      aria-label={t('form.moveDown', { number })}
                      onClick={() => update({ questions: move(draft.questions, index, 1) })}
                    >
                      <ArrowDown aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button type="button" className={`${iconButtonClassName} text-red-600 hover:bg-red-50`} aria-label={t('form.removeQuestion', { number })} onClick={() => update({ questions: draft.questions.filter((_, at) => at !== index) })}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">{localInputs(t('form.questionText'), question.text, `${prefix}.text`, (text) => setQuestion(index, { text }))}</div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label={t('form.kind')}>
                    <select className={inputClassName} value={question.kind} onChange={(event) => setQuestion(index, { kind: event.target.value as QuestionKind })}>
                      {QUESTION_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`kinds.${kind}`)}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <label className="flex min-h-11 items-center gap-2 self-end text-sm text-slate-700">
                    <input type="checkbox" className="h-5 w-5" checked={question.required} onChange={(event) => setQuestion(index, { required: event.target.checked })} />
                    {t('form.required')}
                  </label>
                </div>
                {CHOICE_KINDS.includes(question.kind) && (
                  <div className="space-y-2">
                    <p className="text-sm font-medium text-slate-700">{t('form.options')}</p>
                    {question.options.map((option, at) => (
                      <div key={option.key} className="flex items-end gap-2" data-testid="survey-option-form">
                        <div className="grid flex-1 gap-2 sm:grid-cols-2">
                          {languages.map((language) => (
                            <FormField
                              key={language}
                              label={languages.length > 1 ? t('form.inLanguage', { label: t('form.option', { number: at + 1 }), language: LANGUAGE_NAMES[language] }) : t('form.option', { number: at + 1 })}
                              error={error(`${prefix}.options.${at}.text.${language}`)}
                            >
                              <input
                                className={inputClassName}
                                lang={language}
                                value={option.text[language] ?? ''}
                                onChange={(event) => setQuestion(index, { options: question.options.map((item, which) => (which === at ? { ...item, text: { ...item.text, [language]: event.target.value } } : item)) })}
                              />
                            </FormField>
                          ))}
                        </div>
                        <button
                          type="button"
                          className={`${iconButtonClassName} text-slate-600 hover:bg-white`}
                          aria-label={t('form.removeOption', { number: at + 1 })}
                          onClick={() => setQuestion(index, { options: question.options.filter((_, which) => which !== at) })}
                        >
                          <X aria-hidden="true" className="h-4 w-4" />
                        </button>
                      </div>
                    ))}
                    <Button
                      variant="secondary"
                      onClick={() =>
                        setQuestion(index, {
                          options: [
                            ...question.options,
                            {
                              key: nextKey(
                                'o',
                                question.options.map((option) => option.key),
                              ),
                              text: {},
                            },
                          ],
                        })
                      }
                    >
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      {t('form.addOption')}
                    </Button>
                  </div>
                )}
                {question.kind === 'number' && (
                  <div className="grid grid-cols-2 gap-3">
                    <FormField label={t('form.min')} error={error(`${prefix}.min`)}>
                      <input className={inputClassName} inputMode="numeric" value={question.min} onChange={(event) => setQuestion(index, { min: event.target.value })} />
                    </FormField>
                    <FormField label={t('form.max')} error={error(`${prefix}.max`)}>
                      <input className={inputClassName} inputMode="numeric" value={question.max} onChange={(event) => setQuestion(index, { max: event.target.value })} />
                    </FormField>
                  </div>
                )}
                {conditionSources.length > 0 && (
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField label={t('form.condition')}>
                      <select
                        className={inputClassName}
                        value={question.condition?.question ?? ''}
                        onChange={(event) => {
                          const chosen = conditionSources.find((candidate) => candidate.key === event.target.value);
                          setQuestion(index, { condition: chosen ? { question: chosen.key, option: chosen.options[0]?.key ?? '' } : null });
                        }}
                      >
                        <option value="">{t('form.always')}</option>
                        {conditionSources.map((candidate) => (
                          <option key={candidate.key} value={candidate.key}>
                            {t('form.question', { number: draft.questions.indexOf(candidate) + 1 })}: {surveyText(candidate.text, draft.language, draft.language)}
                          </option>
                        ))}
                      </select>
                    </FormField>
                    {source && question.condition && (
                      <FormField label={t('form.conditionOption')}>
                        <select className={inputClassName} value={question.condition.option} onChange={(event) => setQuestion(index, { condition: { question: source.key, option: event.target.value } })}>
                          {source.options.map((option, at) => (
                            <option key={option.key} value={option.key}>
                              {surveyText(option.text, draft.language, draft.language) || t('form.option', { number: at + 1 })}
                            </option>
                          ))}
                        </select>
                      </FormField>
                    )}
                  </div>
                )}
                {rest.map((path) => (
                  <p key={path} role="alert" className="text-sm text-red-600">
                    {error(path)}
                  </p>
                ))}
              </section>
            );
          })}
          <Button
            variant="secondary"
            onClick={() =>
              update({
                questions: [
                  ...draft.questions,
                  blankQuestion(
                    nextKey(
                      'q',
                      draft.questions.map((question) => question.key),
                    ),
                  ),
                ],
              })
            }
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('form.addQuestion')}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}

function move<T>(items: readonly T[], index: number, by: number): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item as T);
  return next;
}
