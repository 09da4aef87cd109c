import { Camera, Check, MessageSquare, Undo2 } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { parseSerials } from '@shared/poll/poll-schema';
import { encodeSmsMarks } from '@shared/poll/sms-marks';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { useFormMessage } from '@web/lib/form-message';
import { useSlipQrTranslation } from '@web/lib/slip-qr-texts';
import { useSerialLookup } from '../api/look-up-serials';
import { useChangeMarks } from '../api/mark-voters';
import { useRecentMarks } from '../api/get-recent-marks';
import { percentOf, usePollTime } from './poll-time';

// The slip scanner and its QR decoder load when "Scan slip" is first tapped (issue 61).
const SlipScanner = lazy(() => import('./slip-scanner').then((module) => ({ default: module.SlipScanner })));

// The runner's screen for one booth (issue 22), phone first: type serials on the keypad
// (singly, "12, 15, 18" or "18-22"), see the names, confirm; the latest marks below with undo.
export function MarkVotersPanel({ boothId }: { boothId: number }) {
  const { t } = useTranslation();
  const { t: tQr } = useSlipQrTranslation();
  const formMessage = useFormMessage();
  const time = usePollTime();
  const input = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  // The serials whose names are on screen, as the server reads them ("12,15,18").
  const [asked, setAsked] = useState<string | null>(null);
  const lookup = useSerialLookup(boothId, asked);
  const recent = useRecentMarks(boothId);
  const change = useChangeMarks(boothId);
  // Where mobile data fails (issue 61): the typed serials as SMS to the office's gateway number.
  const smsNumber = useAppSettings().poll_sms_number;
  const typedSerials = parseSerials(typed);
  const smsMessages = smsNumber && 'serials' in typedSerials && typedSerials.serials.length > 0 ? encodeSmsMarks(boothId, typedSerials.serials) : [];

  const show = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSerials(typed);
    // A mistake clears the names shown for the last serials: nothing stale can be confirmed.
    if ('error' in parsed || parsed.serials.length === 0) {
      setAsked(null);
      return setProblem('error' in parsed ? parsed.error : 'Type serial numbers like 12, 15, 18-22');
    }
    setProblem(undefined);
    setAsked(parsed.serials.join(','));
  };

  const toMark = (lookup.data?.voters ?? []).filter((voter) => voter.marked_at === null);
  const confirm = async () => {
    const serials = toMark.map((voter) => voter.part_serial).filter((serial): serial is number => serial !== null);
    try {
      const result = await change.mutateAsync({ serials, undo: false });
      toast.success(t('pollDay.mark.marked', { count: result.voters.filter((voter) => voter.changed).length }));
      setTyped('');
      setAsked(null);
      input.current?.focus();
    } catch (error) {
      toast.error(errorMessage(error, t('pollDay.mark.failed')));
    }
  };

  const undo = async (serial: number) => {
    try {
      await change.mutateAsync({ serials: [serial], undo: true });
      toast.success(t('pollDay.mark.undone', { serial }));
    } catch (error) {
      toast.error(errorMessage(error, t('pollDay.mark.failed')));
    }
  };

  return (
    <div className="space-y-5">
      {recent.data && (
        <p className="text-sm font-medium text-slate-700" data-testid="booth-progress">
          {recent.data.booth} · {t('pollDay.mark.progress', { voted: recent.data.voted, voters: recent.data.voters, percent: percentOf(recent.data.voted, recent.data.voters) })}
        </p>
      )}
      {scanning ? (
        <Suspense fallback={<Spinner className="h-8 w-8 text-blue-900" />}>
          <SlipScanner boothId={boothId} onClose={() => setScanning(false)} />
        </Suspense>
      ) : (
        <Button className="min-h-12 w-full text-base" onClick={() => setScanning(true)}>
          <Camera aria-hidden="true" className="h-5 w-5" />
          {tQr('scan.open')}
        </Button>
      )}
      <form onSubmit={show} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <FormField label={t('pollDay.mark.serials')} hint={t('pollDay.mark.serialsHint')} error={problem}>
          <input
            ref={input}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="go"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClassName} text-2xl tracking-wide`}
          />
        </FormField>
        <Button type="submit" variant="secondary" className="min-h-12 w-full text-base">
          {t('pollDay.mark.show')}
        </Button>
        {smsMessages.length > 0 && (
          <div className="space-y-2 border-t border-slate-100 pt-3">
            <p className="text-xs text-slate-500">{t('pollDay.mark.bySmsHint')}</p>
            {smsMessages.map((body, index) => (
              <a
                key={body}
                href={`sms:+91${smsNumber}?body=${encodeURIComponent(body)}`}
                className="flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
              >
                <MessageSquare aria-hidden="true" className="h-4 w-4" />
                {smsMessages.length === 1 ? t('pollDay.mark.bySms') : t('pollDay.mark.bySmsPart', { part: index + 1, parts: smsMessages.length })}
              </a>
            ))}
          </div>
        )}
      </form>

      {asked !== null && (
        <section aria-live="polite" className="space-y-3 rounded-xl border border-blue-200 bg-blue-50 p-4">
          {lookup.isPending && <Spinner className="h-6 w-6 text-blue-900" />}
          {lookup.isError && <p role="alert" className="text-sm text-red-700">{formMessage(errorMessage(lookup.error, t('pollDay.mark.failed')))}</p>}
          {lookup.data && (
            <>
              <ul className="divide-y divide-blue-100">
                {lookup.data.voters.map((voter) => (
                  <li key={voter.voter_id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="mr-2 text-sm tabular-nums text-slate-500">{t('pollDay.mark.serialNo', { serial: voter.part_serial ?? '—' })}</span>
                      <span className="font-medium text-slate-900">{voter.full_name}</span>
                      {voter.father_husband_name && <span className="block truncate text-xs text-slate-500">{voter.father_husband_name}</span>}
                    </span>
                    {voter.marked_at !== null && <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{t('pollDay.mark.alreadyVoted')}</span>}
                  </li>
                ))}
              </ul>
              {lookup.data.unknown.length > 0 && <p className="text-sm text-amber-800">{t('pollDay.mark.notFound', { serials: lookup.data.unknown.join(', ') })}</p>}
              {toMark.length > 0 && (
                <Button onClick={confirm} busy={change.isPending} className="min-h-12 w-full text-base">
                  <Check aria-hidden="true" className="h-5 w-5" />
                  {t('pollDay.mark.confirm', { count: toMark.length })}
                </Button>
              )}
            </>
          )}
        </section>
      )}

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{t('pollDay.mark.recent')}</h2>
        {recent.data && recent.data.marks.length === 0 && <p className="px-4 py-3 text-sm text-slate-500">{t('pollDay.mark.noMarks')}</p>}
        <ul className="divide-y divide-slate-100" aria-label={t('pollDay.mark.recent')}>
          {recent.data?.marks.map((voter) => (
            <li key={voter.voter_id} className="flex items-center justify-between gap-3 px-4 py-2">
              <span className="min-w-0">
                <span className="mr-2 text-sm tabular-nums text-slate-500">{t('pollDay.mark.serialNo', { serial: voter.part_serial ?? '—' })}</span>
                <span className="font-medium text-slate-900">{voter.full_name}</span>
                <span className="block text-xs text-slate-500">
                  {voter.marked_at ? time(voter.marked_at) : ''} {voter.marked_by_name ? t('pollDay.mark.by', { name: voter.marked_by_name }) : ''}
                </span>
              </span>
              {voter.part_serial !== null && (
                <Button variant="ghost-danger" className="min-h-11 shrink-0" aria-label={t('pollDay.mark.undoLabel', { serial: voter.part_serial })} onClick={() => undo(voter.part_serial!)} disabled={change.isPending}>
                  <Undo2 aria-hidden="true" className="h-4 w-4" />
                  {t('pollDay.mark.undo')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
