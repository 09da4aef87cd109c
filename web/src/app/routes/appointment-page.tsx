import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { dayClosed } from '@shared/appointments/appointment-calendar';
import { type Appointment, type AppointmentStatus, SLOT_HOLDING_STATUSES } from '@shared/appointments/appointment-schema';
import { isAdminRole } from '@shared/auth/roles';
import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGE_PICKER_ORDER } from '@shared/i18n/languages';
import { isCalendarDate } from '@shared/time/calendar-date';
import { nextDay } from '@shared/time/zoned-time';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/form-field';
import { ListLoading } from '@web/components/ui/list-states';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { formatCalendarDate, officeToday } from '@web/lib/date-format';
import { useSession } from '@web/lib/session';
import { downloadDaySheet } from '@web/features/appointments/api/download-day-sheet';
import { useAppointmentDay } from '@web/features/appointments/api/get-appointment-day';
import { useCalendars } from '@web/features/appointments/api/get-calendars';
import { useUpdateAppointment } from '@web/features/appointments/api/update-appointment';
import { AppointmentDayView } from '@web/features/appointments/components/appointment-day';
import { BookAppointmentDialog, type BookingSlot } from '@web/features/appointments/components/book-appointment-dialog';
import { CalendarsDialog } from '@web/features/appointments/components/calendars-dialog';
import { WalkInQueue } from '@web/features/appointments/components/walk-in-queue';
import { useAppointmentTranslation } from '@web/features/appointments/appointment-texts-loader';

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

type View = 'day' | 'queue';

// /appointment (spec section 2, issue 59, decision 091): a leader's calendar day by day, slot by
// slot, and the walk-in queue of a hearing day. The calendar, the day and the view live in the
// address (?calendar=2&date=2026-12-08&view=queue). The office sets up calendars and prints the
// day's sheet; a field user at the door sees only the queue.
export function AppointmentPage() {
  const { t, i18n } = useAppointmentTranslation();
  const { timezone, language: officeLanguage } = useAppSettings();
  const { user } = useSession();
  const office = user ? isAdminRole(user.role) : false;
  const [searchParams, setSearchParams] = useSearchParams();
  const today = officeToday(timezone);
  const asked = searchParams.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today;
  const view: View = !office || searchParams.get('view') === 'queue' ? 'queue' : 'day';
  const calendars = useCalendars();
  const items = calendars.data?.items ?? [];
  const askedCalendar = Number(searchParams.get('calendar'));
  const calendar = items.find((item) => item.id === askedCalendar) ?? items[0];
  const calendarId = calendar?.id ?? null;
  const day = useAppointmentDay(office && view === 'day' ? calendarId : null, date);
  const update = useUpdateAppointment();
  const [booking, setBooking] = useState<BookingSlot | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [sheetLanguage, setSheetLanguage] = useState<Language>(isLanguage(officeLanguage) ? officeLanguage : 'mr');
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (day.isError) toast.error(errorMessage(day.error, t('fetchFailed')), { id: 'appointments-fetch-failed' });
  }, [day.isError, day.error, t]);

  const goTo = (changes: { date?: string; view?: View; calendar?: number }) => {
    const next = new URLSearchParams(searchParams);
    const nextDate = changes.date ?? date;
    if (nextDate === today) next.delete('date');
    else next.set('date', nextDate);
    if (changes.view) {
      if (changes.view === 'day') next.delete('view');
      else next.set('view', changes.view);
    }
    if (changes.calendar !== undefined) next.set('calendar', String(changes.calendar));
    setSearchParams(next, { replace: true });
  };

  const move = async (appointment: Appointment, status: AppointmentStatus) => {
    try {
      const { id, version, calendar_id: _calendar, voter_id: _voter, voter_epic: _epic, created_at: _created, created_by_name: _by, updated_at: _updated, service_request_receipt: _receipt, reminder_status: _reminder, ...fields } = appointment;
      await update.mutateAsync({ id, input: { ...fields, status, version } });
      toast.success(t('updated'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? t('stale') : errorMessage(error, t('updateFailed')));
    }
  };

  const printSheet = async () => {
    if (calendarId === null) return;
    setPrinting(true);
    try {
      await downloadDaySheet(calendarId, date, sheetLanguage);
    } catch (error) {
      toast.error(errorMessage(error, t('sheet.failed')));
    } finally {
      setPrinting(false);
    }
  };

  const bookings = day.data?.items ?? [];
  const slots = day.data?.slots ?? [];
  const held = bookings.filter((item) => (SLOT_HOLDING_STATUSES as readonly AppointmentStatus[]).includes(item.status)).length;
  const closedDay = day.data?.closed ?? (calendar ? dayClosed(calendar, date) : null);
  return (
    <div>
      <PageHeader title={t('title')} />
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex w-full flex-col gap-1 text-sm font-medium text-slate-700 sm:w-56">
          {t('calendar')}
          <select aria-label={t('calendar')} className={inputClassName} value={calendarId ?? ''} onChange={(event) => goTo({ calendar: Number(event.target.value) })}>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {office && (
          <Button variant="secondary" onClick={() => setSettingUp(true)}>
            {t('calendars.manage')}
          </Button>
        )}
        {office && (
          <div className="flex w-full flex-wrap items-end gap-2 sm:ml-auto sm:w-auto">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {t('sheet.language')}
              <select aria-label={t('sheet.language')} className={inputClassName} value={sheetLanguage} onChange={(event) => isLanguage(event.target.value) && setSheetLanguage(event.target.value)}>
                {LANGUAGE_PICKER_ORDER.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" busy={printing} disabled={calendarId === null} onClick={() => void printSheet()}>
              {t('sheet.button')}
            </Button>
          </div>
        )}
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="px-3" aria-label={t('previousDay')} onClick={() => goTo({ date: previousDay(date) })}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </Button>
        <div className="w-40 sm:w-44">
          <input type="date" aria-label={t('day')} className={inputClassName} value={date} onChange={(event) => isCalendarDate(event.target.value) && goTo({ date: event.target.value })} />
        </div>
        <Button variant="secondary" className="px-3" aria-label={t('nextDay')} onClick={() => goTo({ date: nextDay(date) })}>
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button variant="ghost" onClick={() => goTo({ date: today })}>
          {t('today')}
        </Button>
        <p className="w-full text-sm text-slate-600 sm:ml-auto sm:w-auto">
          <span className="font-medium text-slate-900">{formatCalendarDate(date, i18n.language)}</span>
          {office && view === 'day' && day.data && !day.data.closed && <> · {t('summary', { count: held, total: slots.length })}</>}
        </p>
      </div>
      {office && (
        <div className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1" role="tablist">
          {(['day', 'queue'] as const).map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              aria-selected={view === item}
              className={`min-h-11 flex-1 rounded-md px-3 text-sm font-medium sm:min-h-9 ${view === item ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
              onClick={() => goTo({ view: item })}
            >
              {t(`views.${item}`)}
            </button>
          ))}
        </div>
      )}
      {closedDay && <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">{closedDay.kind === 'blocked' ? t('closedBlocked', { reason: closedDay.reason }) : t('closedNotWorking')}</p>}
      {calendars.isLoading || calendarId === null ? (
        <ListLoading label={t('loading')} />
      ) : view === 'queue' ? (
        <WalkInQueue calendarId={calendarId} date={date} closed={closedDay !== null} />
      ) : day.isLoading ? (
        <ListLoading label={t('loading')} />
      ) : (
        <AppointmentDayView slots={slots} items={bookings} busy={update.isPending} onBook={(slot) => setBooking({ calendarId, date, slot, slots })} onMove={(item, status) => void move(item, status)} />
      )}
      {office && <BookAppointmentDialog slot={booking} onClose={() => setBooking(null)} />}
      {office && settingUp && <CalendarsDialog open calendars={items} today={today} onClose={() => setSettingUp(false)} onCreated={(id) => goTo({ calendar: id })} />}
    </div>
  );
}
