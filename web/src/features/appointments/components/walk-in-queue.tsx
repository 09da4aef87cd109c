import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { NEXT_TOKEN_STATUSES, type TokenInput, tokenInputSchema, type TokenStatus, WAITING_TOKEN_STATUSES, type WalkInToken } from '@shared/appointments/walk-in-token-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { Modal } from '@web/components/ui/modal';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useMoveToken, useRegisterWalkIn, useTokenQueue } from '../api/walk-in-tokens';
import { useAppointmentTranslation } from '../appointment-texts-loader';

const COLORS: Record<TokenStatus, BadgeColor> = { Registered: 'gray', 'Checked in': 'blue', Called: 'orange', Done: 'green', 'No-show': 'red' };
const waiting = (token: WalkInToken) => (WAITING_TOKEN_STATUSES as readonly TokenStatus[]).includes(token.status);

interface WalkInQueueProps {
  calendarId: number;
  date: string;
  // A day off or a blocked day gives out no tokens (the server says so too).
  closed: boolean;
}

// The walk-in queue of a hearing day, in token order: one card a token, big enough to tap on a
// phone at the door, a row of them on a desk. Register gives the next token number; the cards
// move Registered → Checked in → Called → Done (or No-show).
export function WalkInQueue({ calendarId, date, closed }: WalkInQueueProps) {
  const { t } = useAppointmentTranslation();
  const queue = useTokenQueue(calendarId, date);
  const move = useMoveToken();
  const [registering, setRegistering] = useState(false);
  const items = queue.data?.items ?? [];

  const moveTo = async (token: WalkInToken, status: TokenStatus) => {
    try {
      await move.mutateAsync({ id: token.id, input: { status, version: token.version } });
      toast.success(t('queue.moved'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? t('queue.stale') : errorMessage(error, t('queue.moveFailed')));
    }
  };

  return (
    <section aria-label={t('views.queue')}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-600">{t('queue.waiting', { count: items.filter(waiting).length, done: items.filter((item) => item.status === 'Done').length })}</p>
        <Button className="ml-auto" onClick={() => setRegistering(true)} disabled={closed}>
          {t('queue.register')}
        </Button>
      </div>
      {queue.isLoading ? (
        <ListLoading label={t('loading')} />
      ) : items.length === 0 ? (
        <ListEmpty title={t('queue.empty')} />
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((token) => (
            <li key={token.id} aria-label={t('queue.token', { number: token.token_number })} className={`rounded-xl border bg-white p-3 shadow-sm ${waiting(token) ? 'border-slate-200' : 'border-dashed border-slate-200 opacity-70'}`}>
              <div className="flex items-start gap-3">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-slate-900 font-mono text-xl font-bold text-white" aria-hidden="true">
                  {token.token_number}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{token.visitor_name}</span>
                    <Badge color={COLORS[token.status]}>{t(`queue.statuses.${token.status}`)}</Badge>
                  </div>
                  {token.visitor_mobile && <p className="text-xs text-slate-500">{token.visitor_mobile}</p>}
                  <p className="text-sm text-slate-600">{token.purpose}</p>
                  {token.service_request_receipt && <p className="text-xs text-slate-500">{t('serviceRequest', { receipt: token.service_request_receipt })}</p>}
                </div>
              </div>
              {NEXT_TOKEN_STATUSES[token.status].length > 0 && (
                <div className="mt-2 flex flex-wrap gap-1">
                  {NEXT_TOKEN_STATUSES[token.status].map((next) => (
                    <Button key={next} variant={next === 'No-show' ? 'ghost-danger' : next === 'Called' || next === 'Done' ? 'primary' : 'secondary'} disabled={move.isPending} onClick={() => void moveTo(token, next)}>
                      {token.status === 'Called' && next === 'Checked in' ? t('queue.backToQueue') : t(`queue.actions.${next as Exclude<TokenStatus, 'Registered'>}`)}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <RegisterWalkInDialog open={registering} calendarId={calendarId} date={date} onClose={() => setRegistering(false)} />
    </section>
  );
}

function RegisterWalkInDialog({ open, calendarId, date, onClose }: { open: boolean; calendarId: number; date: string; onClose: () => void }) {
  const { t } = useAppointmentTranslation();
  const register = useRegisterWalkIn();
  return (
    <Modal
      open={open}
      title={t('queue.title')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
          <Button type="submit" form="register-walk-in-form" busy={register.isPending}>
            {t('queue.submit')}
          </Button>
        </>
      }
    >
      {open && <RegisterWalkInForm key={`${calendarId} ${date}`} calendarId={calendarId} date={date} register={register} onDone={onClose} />}
    </Modal>
  );
}

function RegisterWalkInForm({ calendarId, date, register: save, onDone }: { calendarId: number; date: string; register: ReturnType<typeof useRegisterWalkIn>; onDone: () => void }) {
  const { t } = useAppointmentTranslation();
  const [voter, setVoter] = useState<Voter | null>(null);
  const empty: TokenInput = { calendar_id: calendarId, token_date: date, voter_id: null, visitor_name: '', visitor_mobile: '', purpose: '', present: true };
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TokenInput>({ resolver: zodResolver(tokenInputSchema), defaultValues: empty });

  const choose = (chosen: Voter | null) => {
    setVoter(chosen);
    setValue('voter_id', chosen?.id ?? null);
    setValue('visitor_name', chosen?.full_name ?? '');
    setValue('visitor_mobile', chosen?.mobile_number ?? '');
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const token = await save.mutateAsync(values);
      toast.success(t('queue.given', { number: token.token_number, name: token.visitor_name }));
      onDone();
    } catch (error) {
      showServerFieldErrors(error, setError, Object.keys(empty));
      toast.error(errorMessage(error, t('queue.failed')));
    }
  });

  return (
    <form id="register-walk-in-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <VoterPicker
        voter={voter}
        onChoose={choose}
        texts={{ legend: t('form.voter'), search: t('form.findVoter'), searching: t('form.searching'), noneFound: t('form.noVoterFound'), choose: t('form.choose'), clear: t('form.clearVoter') }}
      />
      <FormField label={t('form.visitorName')} required error={errors.visitor_name?.message}>
        <input className={inputClassName} {...register('visitor_name')} />
      </FormField>
      <FormField label={t('form.visitorMobile')} error={errors.visitor_mobile?.message}>
        <input className={inputClassName} inputMode="numeric" {...register('visitor_mobile')} />
      </FormField>
      <FormField label={t('form.purpose')} required error={errors.purpose?.message} className="sm:col-span-2">
        <input className={inputClassName} {...register('purpose')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5" {...register('present')} />
        {t('queue.present')}
      </label>
      {errors.token_date?.message && <p className="text-sm text-red-700 sm:col-span-2">{errors.token_date.message}</p>}
    </form>
  );
}
