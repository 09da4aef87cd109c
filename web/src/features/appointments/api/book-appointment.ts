import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentInput } from '@shared/appointments/appointment-schema';
import { apiRequest } from '@web/lib/api-client';

// A slot someone else booked meanwhile answers 409 with their booking (ApiError.current).
export function bookAppointment(input: AppointmentInput): Promise<Appointment> {
  return apiRequest<Appointment>('/appointments', { method: 'POST', body: input });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookAppointment, onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }) });
}
