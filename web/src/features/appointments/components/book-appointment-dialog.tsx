import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { type Appointment, APPOINTMENT_KINDS, type AppointmentInput, appointmentInputSchema } from '@shared/appointments/appointment-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { VoterPicker } from '@web/components/ui/voter-picker';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useBookAppointment } from '../api/book-appointment';
import { useAppointmentTranslation } from '../appointment-texts-loader';

export interface BookingSlot {
  calendarId: number;
  date: string;
  slot: string;
  slots: readonly string[];
}

// A service request's receipt as the citizen quotes it (SR-2026-00123) or its bare number: the
// request's id is the receipt's last part (decision 066).
export function serviceRequestIdOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(?:SR-\d{4}-)?0*(\d{1,9})$/i.exec(trimmed);
  return match ? Number(match[1]) : undefined;
}

interface BookAppointmentDialogProps {
  // The calendar, day and time the user chose on the day view, with the day's slots; null keeps
  // the dialog closed.
  slot: BookingSlot | null;
  onClose: () => void;
}

const emptyFor = (calendarId: number, date: string, slot: string): AppointmentInput => ({
  calendar_id: calendarId,
  voter_id: null,
  visitor_name: '',
  visitor_mobile: '',
  kind: 'meeting',
  appointment_date: date,
  slot,
  purpose: '',
  notes: '',
});

// Books a slot for a voter or another visitor. Someone else booking the same slot first gets
// it: the 409 names them, the form keeps what was typed, and another time can be chosen.
export function BookAppointmentDialog({ slot, onClose }: BookAppointmentDialogProps) {
  const { t } = useAppointmentTranslation();
  const book = useBookAppointment();
  return (
    <Modal
      open={slot !== null}
      title={t('bookTitle')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
          <Button type="submit" form="book-appointment-form" busy={book.isPending}>
            {t('form.submit')}
          </Button>
        </>
      }
    >
      {/* A fresh form for each slot chosen: its day and time are the form's starting values. */}
      {slot && <BookAppointmentForm key={`${slot.calendarId} ${slot.date} ${slot.slot}`} at={slot} book={book} onBooked={onClose} />}
    </Modal>
  );
}

interface BookAppointmentFormProps {
  at: BookingSlot;
  // The dialog's mutation, so its footer button shows the save under way.
  book: ReturnType<typeof useBookAppointment>;
  onBooked: () => void;
}

function BookAppointmentForm({ at, book, onBooked }: BookAppointmentFormProps) {
  const { t } = useAppointmentTranslation();
  const [voter, setVoter] = useState<Voter | null>(null);
  const [receipt, setReceipt] = useState('');
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AppointmentInput>({ resolver: zodResolver(appointmentInputSchema), defaultValues: emptyFor(at.calendarId, at.date, at.slot) });

  const choose = (chosen: Voter | null) => {
    setVoter(chosen);
    setValue('voter_id', chosen?.id ?? null);
    setValue('visitor_name', chosen?.full_name ?? '');
    setValue('visitor_mobile', chosen?.mobile_number ?? '');
  };

  const onSubmit = handleSubmit(async (values) => {
    const requestId = serviceRequestIdOf(receipt);
    if (requestId === undefined) {
      setReceiptError(t('form.serviceRequestInvalid'));
      return;
    }
    setReceiptError(undefined);
    try {
      const booked = await book.mutateAsync({ ...values, service_request_id: requestId });
      toast.success(t('booked', { name: booked.visitor_name, slot: booked.slot }));
      onBooked();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const holder = error.current as Appointment | undefined;
        const message = t('takenBy', { name: holder?.visitor_name ?? '' });
        setError('slot', { type: 'server', message });
        toast.error(message);
        return;
      }
      showServerFieldErrors(error, setError, Object.keys(emptyFor(0, '', '')));
      toast.error(errorMessage(error, t('bookFailed')));
    }
  });

  return (
      <form id="book-appointment-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.date')} required error={errors.appointment_date?.message}>
          <input type="date" className={inputClassName} {...register('appointment_date')} />
        </FormField>
        <FormField label={t('form.slot')} required error={errors.slot?.message}>
          <select className={inputClassName} {...register('slot')}>
            {at.slots.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('form.kind')} error={errors.kind?.message} className="sm:col-span-2">
          <select className={inputClassName} {...register('kind')}>
            {APPOINTMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <VoterPicker
          voter={voter}
          onChoose={choose}
          texts={{
            legend: t('form.voter'),
            search: t('form.findVoter'),
            searching: t('form.searching'),
            noneFound: t('form.noVoterFound'),
            choose: t('form.choose'),
            clear: t('form.clearVoter'),
          }}
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
        <FormField label={t('form.serviceRequest')} error={receiptError ?? errors.service_request_id?.message}>
          <input className={inputClassName} value={receipt} onChange={(event) => setReceipt(event.target.value)} placeholder="SR-2026-00123" />
        </FormField>
        <FormField label={t('form.notes')} error={errors.notes?.message} className="sm:col-span-2">
          <textarea rows={2} className={inputClassName} {...register('notes')} />
        </FormField>
      </form>
  );
}
