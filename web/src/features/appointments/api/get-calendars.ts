import { useQuery } from '@tanstack/react-query';
import type { AppointmentCalendar } from '@shared/appointments/appointment-calendar';
import { apiRequest } from '@web/lib/api-client';

export function getCalendars(): Promise<{ items: AppointmentCalendar[] }> {
  return apiRequest<{ items: AppointmentCalendar[] }>('/appointments/calendars');
}

export function useCalendars() {
  return useQuery({ queryKey: ['appointments', 'calendars'], queryFn: getCalendars });
}
