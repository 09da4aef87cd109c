import { useQuery } from '@tanstack/react-query';
import type { AppointmentDay } from '@shared/appointments/appointment-schema';
import { apiRequest } from '@web/lib/api-client';

export function getAppointmentDay(date: string): Promise<AppointmentDay> {
  return apiRequest<AppointmentDay>('/appointments', { query: { date } });
}

export function useAppointmentDay(date: string) {
  return useQuery({ queryKey: ['appointments', 'day', date], queryFn: () => getAppointmentDay(date) });
}
