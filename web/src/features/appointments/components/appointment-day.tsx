import { type Appointment, type AppointmentStatus, NEXT_APPOINTMENT_STATUSES, SLOT_HOLDING_STATUSES } from '@shared/appointments/appointment-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAppointmentTranslation } from '../appointment-texts-loader';

const COLORS: Record<AppointmentStatus, BadgeColor> = { Requested: 'blue', Confirmed: 'indigo', 'Checked in': 'teal', Done: 'green', Cancelled: 'gray', 'No-show': 'orange' };

interface AppointmentDayProps {
  // The calendar's slots that day (none on a day off); bookings at other times are listed too.
  slots: readonly string[];
  items: readonly Appointment[];
  busy: boolean;
  onBook: (slot: string) => void;
  onMove: (appointment: Appointment, status: AppointmentStatus) => void;
}

const holdsSlot = (appointment: Appointment) => (SLOT_HOLDING_STATUSES as readonly AppointmentStatus[]).includes(appointment.status);

// The day view: every slot of the office day, free ones with a Book button, booked ones with
// the visitor, purpose and the next steps (Confirm, Mark done, No-show, Cancel). A cancelled
// booking stays under its time, greyed, beside whoever took the slot after.
export function AppointmentDayView({ slots, items, busy, onBook, onMove }: AppointmentDayProps) {
  const { t } = useAppointmentTranslation();
  const bySlot = new Map<string, Appointment[]>();
  for (const item of items) bySlot.set(item.slot, [...(bySlot.get(item.slot) ?? []), item]);
  const offered = new Set(slots);
  const times = [...new Set([...slots, ...bySlot.keys()])].sort();
  if (times.length === 0) return null;
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {times.map((slot) => {
        const bookings = bySlot.get(slot) ?? [];
        const free = offered.has(slot) && !bookings.some(holdsSlot);
        return (
          <li key={slot} className="flex gap-3 px-3 py-2 sm:px-4" aria-label={slot}>
            <span className="w-12 shrink-0 pt-1.5 font-mono text-sm font-semibold text-slate-700">{slot}</span>
            <div className="min-w-0 flex-1 space-y-2">
              {bookings.map((booking) => (
                <article key={booking.id} aria-label={booking.visitor_name} className={`rounded-lg border p-2 ${holdsSlot(booking) ? 'border-slate-200' : 'border-dashed border-slate-200 opacity-60'}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{booking.visitor_name}</span>
                    {booking.visitor_mobile && <span className="text-xs text-slate-500">{booking.visitor_mobile}</span>}
                    <Badge color={COLORS[booking.status]}>{t(`statuses.${booking.status}`)}</Badge>
                    {booking.kind === 'hearing' && <Badge color="teal">{t('kinds.hearing')}</Badge>}
                  </div>
                  <p className="text-sm text-slate-600">{booking.purpose}</p>
                  {booking.service_request_receipt && <p className="text-xs text-slate-500">{t('serviceRequest', { receipt: booking.service_request_receipt })}</p>}
                  {booking.notes && <p className="text-xs text-slate-500">{booking.notes}</p>}
                  {NEXT_APPOINTMENT_STATUSES[booking.status].length > 0 && (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {NEXT_APPOINTMENT_STATUSES[booking.status].map((next) => (
                        <Button key={next} variant={next === 'Cancelled' ? 'ghost-danger' : 'secondary'} disabled={busy} onClick={() => onMove(booking, next)}>
                          {t(`actions.${next as Exclude<AppointmentStatus, 'Requested'>}`)}
                        </Button>
                      ))}
                    </div>
                  )}
                </article>
              ))}
              {free && (
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm text-slate-400">{t('free')}</span>
                  <Button variant="secondary" aria-label={t('bookAt', { slot })} onClick={() => onBook(slot)}>
                    {t('book')}
                  </Button>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
