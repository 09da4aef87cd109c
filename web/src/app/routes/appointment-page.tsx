import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { type Appointment, APPOINTMENT_SLOTS, type AppointmentStatus, SLOT_HOLDING_STATUSES } from '@shared/appointments/appointment-schema';
import { isCalendarDate } from '@shared/time/calendar-date';
import { nextDay } from '@shared/time/zoned-time';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { formatCalendarDate, officeToday } from '@web/lib/date-format';
import { useAppointmentDay } from '@web/features/appointments/api/get-appointment-day';
import { useUpdateAppointment } from '@web/features/appointments/api/update-appointment';
import { AppointmentDayView } from '@web/features/appointments/components/appointment-day';
import { BookAppointmentDialog } from '@web/features/appointments/components/book-appointment-dialog';
import { useAppointmentTranslation } from '@web/features/appointments/appointment-texts-loader';

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

// /appointment (spec section 2, issue 59): the leader's day, slot by slot. The day lives in
// the address (?date=2026-12-08); without one, the office's today.
export function AppointmentPage() {
  const { t, i18n } = useAppointmentTranslation();
  const { timezone } = useAppSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date');
  const today = officeToday(timezone);
  const date = asked && isCalendarDate(asked) ? asked : today;
  const day = useAppointmentDay(date);
  const update = useUpdateAppointment();
  const [booking, setBooking] = useState<{ date: string; slot: string } | null>(null);

  useEffect(() => {
    if (day.isError) toast.error(errorMessage(day.error, t('fetchFailed')), { id: 'appointments-fetch-failed' });
  }, [day.isError, day.error, t]);

  const goTo = (next: string) => setSearchParams(next === today ? {} : { date: next }, { replace: true });

  const move = async (appointment: Appointment, status: AppointmentStatus) => {
    try {
      const { id, version, voter_id: _voter, voter_epic: _epic, created_at: _created, created_by_name: _by, updated_at: _updated, ...fields } = appointment;
      await update.mutateAsync({ id, input: { ...fields, status, version } });
      toast.success(t('updated'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? t('stale') : errorMessage(error, t('updateFailed')));
    }
  };

  const items = day.data?.items ?? [];
  const held = items.filter((item) => (SLOT_HOLDING_STATUSES as readonly AppointmentStatus[]).includes(item.status)).length;
  return (
    <div>
      <PageHeader title={t('title')} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="px-3" aria-label={t('previousDay')} onClick={() => goTo(previousDay(date))}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </Button>
        <div className="w-40 sm:w-44">
          <input type="date" aria-label={t('day')} className={inputClassName} value={date} onChange={(event) => isCalendarDate(event.target.value) && goTo(event.target.value)} />
        </div>
        <Button variant="secondary" className="px-3" aria-label={t('nextDay')} onClick={() => goTo(nextDay(date))}>
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button variant="ghost" onClick={() => goTo(today)}>
          {t('today')}
        </Button>
        <p className="w-full text-sm text-slate-600 sm:ml-auto sm:w-auto">
          <span className="font-medium text-slate-900">{formatCalendarDate(date, i18n.language)}</span> · {t('summary', { count: held, total: APPOINTMENT_SLOTS.length })}
        </p>
      </div>
      {day.isLoading ? <ListLoading label={t('loading')} /> : <AppointmentDayView items={items} busy={update.isPending} onBook={(slot) => setBooking({ date, slot })} onMove={(item, status) => void move(item, status)} />}
      <BookAppointmentDialog slot={booking} onClose={() => setBooking(null)} />
    </div>
  );
}
