import { useQuery } from '@tanstack/react-query';
import type { AppointmentDay } from '@shared/appointments/appointment-schema';
import { apiRequest } from '@web/lib/api-client';

export function getAppointmentDay(calendarId: number, date: string): Promise<AppointmentDay> {
  return apiRequest<AppointmentDay>('/appointments', { query: { date, calendar_id: String(calendarId) } });
}

export function useAppointmentDay(calendarId: number | null, date: string) {
  return useQuery({ queryKey: ['appointments', 'day', calendarId, date], queryFn: () => getAppointmentDay(calendarId ?? 0, date), enabled: calendarId !== null });
}
