import { UploadCloud } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerText, type AnswerValue, keepAsked, type SurveyAnswers, surveyText } from '@shared/surveys/survey-answers';
import type { SavedResponses } from '@shared/surveys/survey-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { fieldsChangedByOthers } from '@web/lib/edit-conflicts';
import type { OutboxItem } from '@web/lib/offline/offline-db';
import { offlineUser } from '@web/lib/offline/offline-api';
import { useOfflineSync } from '@web/lib/offline/offline-sync';
import { useOfflineRevision, useOnline } from '@web/lib/offline/use-online';
import { dropOutboxItem, flushOutbox, outboxItems, resolveConflict, resolveSurveyConflict, type SurveyAnswerChange } from '@web/lib/offline/outbox';
import { pinWanted } from '@web/lib/offline/offline-pin';
import { useSession } from '@web/lib/session';
import { PinSetup } from './pin-setup-dialog';

// The header's "waiting to send (n)" while changes made on the phone wait in the outbox (issue 21),
// and the sync of the phone's copy. The count opens the list, where an edit that met a newer
// version on the server is settled field by field. Loaded for a field user once the first screen
// is up (offline-status.tsx): it brings Dexie and the outbox (decision 037).
export function OutboxStatus() {
  const { t } = useTranslation();
  const { user } = useSession();
  useOfflineSync(user);
  const online = useOnline();
  const revision = useOfflineRevision();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  // The copy or the outbox changed: open voter screens read again (from the server or the copy).
  useEffect(() => {
    if (revision > 0) void queryClient.invalidateQueries({ queryKey: ['voters'] });
  }, [revision, queryClient]);

  useEffect(() => {
    let current = true;
    void outboxItems().then((all) => {
      if (current) setItems(all.filter((item) => item.userId === user?.id));
    });
    return () => {
      current = false;
    };
  }, [revision, user?.id]);

  const conflicts = items.filter((item) => item.state !== 'pending').length;
  // Read again at each change of the copy (revision): the first sync's end offers the PIN.
  const wantsPin = user !== null && pinWanted(user.id);
  return (
    <>
      {wantsPin && <PinSetup userId={user.id} />}
      {items.length > 0 && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-xs font-medium sm:text-sm ${conflicts > 0 ? 'bg-amber-100 text-amber-900' : 'bg-blue-50 text-blue-800'}`}
        >
          <UploadCloud aria-hidden="true" className="h-4 w-4" />
          {t('offline.waiting', { count: items.length })}
        </button>
      )}
      <Modal open={open} title={t('offline.panelTitle')} onClose={() => setOpen(false)} size="lg">
        <OutboxList items={items} online={online} />
      </Modal>
    </>
  );
}

function OutboxList({ items, online }: { items: OutboxItem[]; online: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const userId = offlineUser();
  const kindLabels: Record<string, string> = {
    'voter.create': t('offline.kindCreate'),
    'voter.update': t('offline.kindUpdate'),
    'poll.marks': t('offline.kindPollMarks'),
    'poll.slip': t('offline.kindPollSlip'),
    'service-request.create': t('offline.kindServiceRequest'),
    'survey.answer': t('offline.kindSurvey'),
    'flag.create': t('offline.kindFlag'),
  };
  const kindLabel = (kind: string) => kindLabels[kind] ?? t('offline.kindContact');
  // Whom a change is about: the voter's name (or the one named when queued), or whom survey answers were taken for.
  const subject = (item: OutboxItem) =>
    item.kind === 'survey.answer'
      ? (item.payload as unknown as SurveyAnswerChange).label
      : String((item.payload.values as Partial<Voter> | undefined)?.full_name ?? item.base?.full_name ?? item.payload.name ?? '');
  const stateLabel = (item: OutboxItem) => (item.state === 'conflict' ? t('offline.stateConflict') : item.state === 'failed' ? t('offline.stateFailed') : t('offline.statePending'));
  const sendNow = async () => {
    if (userId === null) return;
    setBusy(true);
    await flushOutbox(userId).finally(() => setBusy(false));
  };
  if (items.length === 0) return <p className="text-sm text-slate-600">{t('offline.nothing')}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('offline.panelIntro')}</p>
      <ul className="divide-y divide-slate-200 rounded border border-slate-200">
        {items.map((item) => (
          <li key={item.seq} className="space-y-2 px-3 py-2 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">
                {kindLabel(item.kind)}: {subject(item)}
              </span>
              <span className={item.state === 'pending' ? 'text-slate-500' : 'font-medium text-amber-800'}>{stateLabel(item)}</span>
            </p>
            {item.state === 'failed' && item.error && <p className="text-red-700">{item.error}</p>}
            {item.state === 'failed' && (
              <Button variant="secondary" onClick={() => void dropOutboxItem(item.seq!)}>
                {t('offline.drop')}
              </Button>
            )}
            {item.state === 'conflict' && (item.kind === 'survey.answer' ? <SurveyConflictChoice item={item} /> : <ConflictChoice item={item} />)}
          </li>
        ))}
      </ul>
      {online && (
        <Button onClick={() => void sendNow()} busy={busy}>
          {t('offline.sendNow')}
        </Button>
      )}
    </div>
  );
}

// Field by field: the server's value or the one typed offline (decision 015's comparison, from
// lib/edit-conflicts), mine chosen until the user says otherwise.
function ConflictChoice({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const base = item.base as unknown as Record<string, unknown>;
  const current = item.current as unknown as Record<string, unknown>;
  const values = (item.payload.values ?? {}) as Record<string, unknown>;
  const typed = { ...base, ...values };
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? '') !== JSON.stringify(b ?? '');
  const changes = fieldsChangedByOthers(Object.keys(values), base, current, typed);
  const both = new Set(changes.filter((change) => change.alsoYours).map((change) => change.field));
  // The fields I changed that the server now holds otherwise. A field only they changed keeps
  // theirs (it is not sent); the form sent every field, most as they were.
  const fields = Object.keys(values).filter((field) => differs(values[field], current[field]) && differs(values[field], base[field]));
  const [choice, setChoice] = useState<Record<string, 'theirs' | 'mine'>>(() => Object.fromEntries(fields.map((field) => [field, 'mine'])));
  const [busy, setBusy] = useState(false);
  const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : value === true ? t('editConflict.yes') : value === false ? t('editConflict.no') : String(value));
  const keep = async () => {
    setBusy(true);
    const mine = Object.fromEntries(fields.filter((field) => choice[field] === 'mine').map((field) => [field, values[field]]));
    await resolveConflict(item.seq!, mine);
    const userId = offlineUser();
    if (userId !== null) await flushOutbox(userId);
    setBusy(false);
  };
  return (
    <fieldset className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 font-semibold text-amber-950">{t('offline.conflictTitle')}</legend>
      <p className="text-amber-950">{t('offline.conflictIntro')}</p>
      {fields.map((field) => (
        <div key={field} className="rounded bg-white p-2" role="radiogroup" aria-label={t(`voters.fields.${field}` as 'voters.fields.full_name')}>
          <p className="font-medium text-slate-900">
            {t(`voters.fields.${field}` as 'voters.fields.full_name')}
            {both.has(field) && <span className="ml-2 text-xs font-normal text-amber-800">({t('offline.theyChanged')})</span>}
          </p>
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {(['theirs', 'mine'] as const).map((side) => (
              <label key={side} className="flex min-h-11 items-center gap-2 rounded border border-slate-200 px-2">
                <input type="radio" className="h-5 w-5" name={`${item.seq}-${field}`} checked={choice[field] === side} onChange={() => setChoice({ ...choice, [field]: side })} />
                <span className="text-slate-500">{side === 'theirs' ? t('offline.theirs') : t('offline.mine')}:</span>
                <span className="break-words text-slate-900">{shown(side === 'theirs' ? current[field] : values[field])}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
      <Button onClick={() => void keep()} busy={busy} className="w-full sm:w-auto">
        {t('offline.keepChoice')}
      </Button>
    </fieldset>
  );
}

// Survey answers that met someone else's (issue 61): question by question, their answer or the
// one taken offline (mine until the user says otherwise); questions no longer asked after the
// choice are left out.
function SurveyConflictChoice({ item }: { item: OutboxItem }) {
  const { t, i18n } = useTranslation();
  const change = item.payload as unknown as SurveyAnswerChange;
  const theirs: SurveyAnswers = (item.current as SavedResponses | undefined)?.responses[0]?.answers ?? {};
  const { questions, language } = change.survey;
  const differs = (key: string) => JSON.stringify(change.answers[key] ?? null) !== JSON.stringify(theirs[key] ?? null);
  const shown = questions.filter((question) => differs(question.key));
  const [choice, setChoice] = useState<Record<string, 'theirs' | 'mine'>>(() => Object.fromEntries(shown.map((question) => [question.key, 'mine'])));
  const [busy, setBusy] = useState(false);
  const words = (key: string, value: AnswerValue | undefined) => {
    const question = questions.find((candidate) => candidate.key === key);
    return value === undefined || !question ? '—' : answerText(question, value, i18n.language, language);
  };
  const keep = async () => {
    setBusy(true);
    const merged: SurveyAnswers = {};
    for (const question of questions) {
      const value = choice[question.key] === 'theirs' || !differs(question.key) ? theirs[question.key] : change.answers[question.key];
      if (value !== undefined) merged[question.key] = value;
    }
    await resolveSurveyConflict(item.seq!, keepAsked(questions, merged));
    const userId = offlineUser();
    if (userId !== null) await flushOutbox(userId);
    setBusy(false);
  };
  return (
    <fieldset className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 font-semibold text-amber-950">{t('offline.conflictTitle')}</legend>
      <p className="text-amber-950">{t('offline.surveyConflictIntro')}</p>
      {shown.map((question) => {
        const label = surveyText(question.text, i18n.language, language);
        return (
          <div key={question.key} className="rounded bg-white p-2" role="radiogroup" aria-label={label}>
            <p className="font-medium text-slate-900">{label}</p>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {(['theirs', 'mine'] as const).map((side) => (
                <label key={side} className="flex min-h-11 items-center gap-2 rounded border border-slate-200 px-2">
                  <input type="radio" className="h-5 w-5" name={`${item.seq}-${question.key}`} checked={choice[question.key] === side} onChange={() => setChoice({ ...choice, [question.key]: side })} />
                  <span className="text-slate-500">{side === 'theirs' ? t('offline.theirs') : t('offline.mine')}:</span>
                  <span className="break-words text-slate-900">{words(question.key, side === 'theirs' ? theirs[question.key] : change.answers[question.key])}</span>
                </label>
              ))}
            </div>
          </div>
        );
      })}
      <Button onClick={() => void keep()} busy={busy} className="w-full sm:w-auto">
        {t('offline.keepChoice')}
      </Button>
    </fieldset>
  );
}
