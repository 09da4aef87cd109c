import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentUpdate } from '@shared/appointments/appointment-schema';
import { apiRequest } from '@web/lib/api-client';

// With the version the day showed: a change by someone else meanwhile answers 409 and the
// refreshed day shows the booking as it now is.
export function updateAppointment({ id, input }: { id: number; input: AppointmentUpdate }): Promise<Appointment> {
  return apiRequest<Appointment>(`/appointments/${id}`, { method: 'PUT', body: input });
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAppointment, onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }) });
}
