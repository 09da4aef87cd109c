import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { type AppointmentCalendar, type CalendarInput, calendarInputSchema, WEEKDAYS } from '@shared/appointments/appointment-calendar';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useBlockDay, useSaveCalendar, useUnblockDay } from '../api/save-calendar';
import { useAppointmentTranslation } from '../appointment-texts-loader';

interface CalendarsDialogProps {
  open: boolean;
  calendars: readonly AppointmentCalendar[];
  today: string;
  onClose: () => void;
  // A new calendar is shown at once.
  onCreated: (id: number) => void;
}

const NEW = 'new';
const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

// The office's set-up of leaders' calendars: pick one (or New calendar), edit its name, working
// days, hours, slot length and reminder SMS, and block or open its days.
export function CalendarsDialog({ open, calendars, today, onClose, onCreated }: CalendarsDialogProps) {
  const { t } = useAppointmentTranslation();
  const [chosen, setChosen] = useState<number | typeof NEW>(calendars[0]?.id ?? NEW);
  const calendar = chosen === NEW ? undefined : calendars.find((item) => item.id === chosen);
  return (
    <Modal open={open} title={t('calendars.title')} onClose={onClose} size="xl">
      <div className="space-y-5">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('calendar')}>
          {calendars.map((item) => (
            <Button key={item.id} variant={item.id === chosen ? 'primary' : 'secondary'} aria-pressed={item.id === chosen} onClick={() => setChosen(item.id)}>
              {item.name}
            </Button>
          ))}
          <Button variant={chosen === NEW ? 'primary' : 'ghost'} aria-pressed={chosen === NEW} onClick={() => setChosen(NEW)}>
            {t('calendars.add')}
          </Button>
        </div>
        <CalendarForm
          key={calendar ? `${calendar.id} ${calendar.version}` : NEW}
          calendar={calendar}
          onSaved={(saved) => {
            if (!calendar) {
              setChosen(saved.id);
              onCreated(saved.id);
            }
          }}
        />
        {calendar && <BlockedDays calendar={calendar} today={today} />}
      </div>
    </Modal>
  );
}

const blank: CalendarInput = { name: '', working_days: [1, 2, 3, 4, 5, 6], day_start: '10:00', day_end: '18:00', slot_minutes: 15, reminder_sms: false, reminder_dlt_template_id: '' };

function CalendarForm({ calendar, onSaved }: { calendar: AppointmentCalendar | undefined; onSaved: (calendar: AppointmentCalendar) => void }) {
  const { t } = useAppointmentTranslation();
  const save = useSaveCalendar();
  const start: CalendarInput = calendar
    ? { name: calendar.name, working_days: calendar.working_days, day_start: calendar.day_start, day_end: calendar.day_end, slot_minutes: calendar.slot_minutes, reminder_sms: calendar.reminder_sms, reminder_dlt_template_id: calendar.reminder_dlt_template_id }
    : blank;
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<CalendarInput>({ resolver: zodResolver(calendarInputSchema), defaultValues: start });
  const days = useWatch({ control, name: 'working_days' }) as number[];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: calendar?.id ?? null, input: calendar ? { ...values, version: calendar.version } : values });
      toast.success(t('calendars.saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.current) {
        toast.error(t('calendars.stale'));
        return;
      }
      showServerFieldErrors(error, setError, Object.keys(blank));
      toast.error(errorMessage(error, t('calendars.saveFailed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3" aria-label={calendar ? t('calendars.edit', { name: calendar.name }) : t('calendars.add')}>
      <FormField label={t('calendars.name')} required error={errors.name?.message} className="sm:col-span-3">
        <input className={inputClassName} {...register('name')} />
      </FormField>
      <fieldset className="sm:col-span-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('calendars.workingDays')}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-1 rounded-lg border border-slate-200 px-3 text-sm sm:min-h-0 sm:py-1.5">
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(event) => setValue('working_days', event.target.checked ? [...days, day].sort() : days.filter((item) => item !== day), { shouldValidate: true })}
              />
              {t(`calendars.weekdays.${WEEKDAY_KEYS[day - 1] ?? 'mon'}`)}
            </label>
          ))}
        </div>
        {errors.working_days?.message && <p className="mt-1 text-sm text-red-700">{errors.working_days.message}</p>}
      </fieldset>
      <FormField label={t('calendars.dayStart')} required error={errors.day_start?.message}>
        <input type="time" className={inputClassName} {...register('day_start')} />
      </FormField>
      <FormField label={t('calendars.dayEnd')} required error={errors.day_end?.message}>
        <input type="time" className={inputClassName} {...register('day_end')} />
      </FormField>
      <FormField label={t('calendars.slotMinutes')} required error={errors.slot_minutes?.message}>
        <input type="number" min={5} max={240} className={inputClassName} {...register('slot_minutes')} />
      </FormField>
      <div className="sm:col-span-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="h-5 w-5" {...register('reminder_sms')} />
          {t('calendars.reminder')}
        </label>
        <p className="mt-1 text-xs text-slate-500">{t('calendars.reminderHint')}</p>
      </div>
      <FormField label={t('calendars.dlt')} error={errors.reminder_dlt_template_id?.message} className="sm:col-span-2">
        <input className={inputClassName} inputMode="numeric" {...register('reminder_dlt_template_id')} />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" busy={save.isPending} className="w-full">
          {t('calendars.save')}
        </Button>
      </div>
    </form>
  );
}

function BlockedDays({ calendar, today }: { calendar: AppointmentCalendar; today: string }) {
  const { t } = useAppointmentTranslation();
  const block = useBlockDay();
  const unblock = useUnblockDay();
  const [date, setDate] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onBlock = async () => {
    try {
      const blocked = await block.mutateAsync({ calendarId: calendar.id, input: { blocked_date: date, reason } });
      toast.success(blocked.bookings > 0 ? t('calendars.blockedWithBookings', { count: blocked.bookings }) : t('calendars.blocked'));
      setReason('');
      setError(undefined);
    } catch (failure) {
      const message = errorMessage(failure, t('calendars.blockFailed'));
      setError(message);
      toast.error(message);
    }
  };

  return (
    <section className="border-t border-slate-200 pt-4" aria-label={t('calendars.blockedDays')}>
      <h3 className="mb-2 font-semibold text-slate-900">{t('calendars.blockedDays')}</h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <FormField label={t('calendars.blockDate')} required>
          <input type="date" className={inputClassName} value={date} min={today} onChange={(event) => setDate(event.target.value)} />
        </FormField>
        <FormField label={t('calendars.blockReason')} required error={error}>
          <input className={inputClassName} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <Button variant="secondary" busy={block.isPending} onClick={() => void onBlock()}>
          {t('calendars.block')}
        </Button>
      </div>
      {calendar.blocked_days.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t('calendars.noBlockedDays')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {calendar.blocked_days.map((day) => (
            <li key={day.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-mono font-medium">{day.blocked_date}</span>
              <span className="flex-1 text-slate-600">{day.reason}</span>
              <Button variant="ghost" disabled={unblock.isPending} onClick={() => void unblock.mutateAsync({ calendarId: calendar.id, id: day.id }).catch((failure: unknown) => toast.error(errorMessage(failure, t('calendars.blockFailed'))))}>
                {t('calendars.unblock', { date: day.blocked_date })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
