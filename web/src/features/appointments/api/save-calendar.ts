import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentCalendar, BlockedDay, BlockedDayInput, CalendarInput, CalendarUpdate } from '@shared/appointments/appointment-calendar';
import { apiRequest } from '@web/lib/api-client';

// A new calendar, or a change from the version the form opened with (409 when someone saved between).
export function saveCalendar({ id, input }: { id: number | null; input: CalendarInput | CalendarUpdate }): Promise<AppointmentCalendar> {
  return id === null
    ? apiRequest<AppointmentCalendar>('/appointments/calendars', { method: 'POST', body: input })
    : apiRequest<AppointmentCalendar>(`/appointments/calendars/${id}`, { method: 'PUT', body: input });
}

export function blockDay({ calendarId, input }: { calendarId: number; input: BlockedDayInput }): Promise<BlockedDay & { bookings: number }> {
  return apiRequest<BlockedDay & { bookings: number }>(`/appointments/calendars/${calendarId}/blocked-days`, { method: 'POST', body: input });
}

export function unblockDay({ calendarId, id }: { calendarId: number; id: number }): Promise<void> {
  return apiRequest<void>(`/appointments/calendars/${calendarId}/blocked-days/${id}`, { method: 'DELETE' });
}

function useAppointmentsMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }) });
}

export const useSaveCalendar = () => useAppointmentsMutation(saveCalendar);
export const useBlockDay = () => useAppointmentsMutation(blockDay);
export const useUnblockDay = () => useAppointmentsMutation(unblockDay);
