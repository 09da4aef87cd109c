import { CheckCircle2, Clock, ImageUp, X, XCircle } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { PollVoter } from '@shared/poll/poll-schema';
import { readSlipToken, SLIP_TOKEN_INVALID } from '@shared/slips/slip-token';
import { Button } from '@web/components/ui/button';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { waitsInOutbox } from '@web/lib/offline/offline-api';
import { useSlipQrTranslation } from '@web/lib/slip-qr-texts';
import { useMarkBySlip } from '../api/mark-by-slip';
import { readImageFile, readVideoFrame } from '../slip-decoder';
import { usePollTime } from './poll-time';

// "Scan slip" on Mark voted (issue 61, decision 085): the back camera looks for a slip's QR code
// a few times a second, and the code read marks its voter at once; the result stays on screen
// while the next slip is held up. A photo of the slip is the way where the camera cannot be used.
// Loaded only when opened: it brings jsQR.

const SCAN_EVERY_MS = 150;
// The slip still in front of the camera after its answer is not sent again (its result stays on
// screen); one whose request failed for want of a connection is tried again after this long.
const RETRY_MS = 4000;

type CameraState = 'starting' | 'scanning' | 'blocked' | 'unsupported';
type Outcome =
  | { kind: 'marked' | 'already' | 'queued'; voter: (PollVoter & { changed: boolean }) | undefined }
  | { kind: 'refused'; message: string }
  | { kind: 'no-code' };

export function SlipScanner({ boothId, onClose }: { boothId: number; onClose: () => void }) {
  const { t } = useSlipQrTranslation();
  const formMessage = useFormMessage();
  const time = usePollTime();
  const mark = useMarkBySlip(boothId);
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLCanvasElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  // getUserMedia exists only in a secure context (https, or the same machine) of a browser with a camera API.
  const [camera, setCamera] = useState<CameraState>(() => (typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'starting' : 'unsupported'));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const busy = useRef(false);
  // The last code read, and whether its answer was final (marked, already, queued, refused).
  const last = useRef({ text: '', at: 0, final: false });

  const take = useCallback(
    async (text: string) => {
      const now = Date.now();
      if (busy.current || (text === last.current.text && (last.current.final || now - last.current.at < RETRY_MS))) return;
      last.current = { text, at: now, final: true };
      // Any other QR code (a payment code, an old slip's EPIC) is refused here, without a request.
      if (!readSlipToken(text)) return setOutcome({ kind: 'refused', message: formMessage(SLIP_TOKEN_INVALID) });
      busy.current = true;
      setChecking(true);
      try {
        const answer = await mark.mutateAsync(text);
        const voter = answer.voters[0];
        setOutcome({ kind: waitsInOutbox(answer) ? 'queued' : voter && !voter.changed ? 'already' : 'marked', voter });
        navigator.vibrate?.(80);
      } catch (error) {
        setOutcome({ kind: 'refused', message: formMessage(errorMessage(error, t('scan.failed'))) });
        // The server's answer is final; no answer at all (no connection, no copy to queue in) is not.
        last.current = { text, at: Date.now(), final: error instanceof ApiError };
      } finally {
        busy.current = false;
        setChecking(false);
      }
    },
    [formMessage, mark, t],
  );
  // The camera loop reads the latest `take` without restarting the camera.
  const takeLatest = useRef(take);
  useEffect(() => {
    takeLatest.current = take;
  }, [take]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const scan = () => {
      if (stopped) return;
      if (video.current && frame.current && !busy.current) {
        const text = readVideoFrame(video.current, frame.current);
        if (text) void takeLatest.current(text);
      }
      timer = window.setTimeout(scan, SCAN_EVERY_MS);
    };
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return;
    navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false }).then(
      async (opened) => {
        if (stopped) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        const element = video.current;
        if (!element) return;
        element.srcObject = opened;
        await element.play().catch(() => undefined);
        setCamera('scanning');
        scan();
      },
      () => {
        if (!stopped) setCamera('blocked');
      },
    );
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const fromPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setChecking(true);
    const text = await readImageFile(file).catch(() => null);
    setChecking(false);
    if (!text) return setOutcome({ kind: 'no-code' });
    // A photo chosen again is the person's own wish: sent again.
    last.current = { text: '', at: 0, final: false };
    await take(text);
  };

  return (
    <section aria-labelledby="slip-scan-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="slip-scan-title" className="text-base font-semibold text-slate-900">
            {t('scan.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('scan.hint')}</p>
        </div>
        <Button variant="ghost" className="shrink-0 px-2" aria-label={t('scan.close')} onClick={onClose}>
          <X aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>

      {(camera === 'starting' || camera === 'scanning') && (
        <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-lg bg-slate-900">
          <video ref={video} muted playsInline aria-label={t('scan.camera')} className="h-full w-full object-cover" />
          {/* Where to hold the code. */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-[12%] rounded-xl border-2 border-white shadow-[0_0_0_999px_rgba(15,23,42,0.35)]" />
          <p className="absolute inset-x-0 bottom-0 bg-black/50 px-3 py-1.5 text-center text-sm text-white">{camera === 'starting' ? t('scan.starting') : checking ? t('scan.checking') : t('scan.looking')}</p>
        </div>
      )}
      <canvas ref={frame} hidden />
      {camera === 'blocked' && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('scan.cameraBlocked')}</p>}
      {camera === 'unsupported' && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('scan.noCamera')}</p>}

      <Button variant="secondary" className="min-h-12 w-full text-base" onClick={() => photo.current?.click()} busy={checking && camera !== 'scanning'}>
        <ImageUp aria-hidden="true" className="h-5 w-5" />
        {t('scan.photo')}
      </Button>
      <input ref={photo} type="file" accept="image/*" hidden aria-label={t('scan.photo')} onChange={(event) => void fromPhoto(event)} />

      <div aria-live="polite" aria-label={t('scan.result')} role="status">
        {outcome && <OutcomeCard outcome={outcome} time={time} />}
      </div>
    </section>
  );
}

function OutcomeCard({ outcome, time }: { outcome: Outcome; time: (iso: string) => string }) {
  const { t } = useSlipQrTranslation();
  if (outcome.kind === 'refused' || outcome.kind === 'no-code') {
    return (
      <div className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
        <XCircle aria-hidden="true" className="h-6 w-6 shrink-0" />
        <p>
          {outcome.kind === 'refused' && <span className="block font-semibold">{t('scan.refused')}</span>}
          <span className="block text-sm">{outcome.kind === 'refused' ? outcome.message : t('scan.noCodeInPhoto')}</span>
        </p>
      </div>
    );
  }
  const { voter } = outcome;
  const style = outcome.kind === 'marked' ? 'border-green-200 bg-green-50 text-green-900' : outcome.kind === 'already' ? 'border-blue-200 bg-blue-50 text-blue-900' : 'border-slate-200 bg-slate-50 text-slate-800';
  const Icon = outcome.kind === 'queued' ? Clock : CheckCircle2;
  const said = outcome.kind === 'marked' ? t('scan.marked') : outcome.kind === 'already' ? t('scan.already', { time: voter?.marked_at ? time(voter.marked_at) : '' }) : t('scan.queued');
  return (
    <div className={`flex gap-3 rounded-lg border p-3 ${style}`}>
      <Icon aria-hidden="true" className="h-6 w-6 shrink-0" />
      <p className="min-w-0">
        {voter && <span className="block text-lg font-semibold">{voter.full_name}</span>}
        {voter?.part_serial !== undefined && voter.part_serial !== null && <span className="block text-sm">{t('scan.serial', { serial: voter.part_serial })}</span>}
        <span className="block text-sm font-medium">{said}</span>
      </p>
    </div>
  );
}
