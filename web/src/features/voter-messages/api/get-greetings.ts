import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GreetingsToday } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function getGreetings(templateId: number | null): Promise<GreetingsToday> {
  return apiRequest<GreetingsToday>(`/voter-messages/greetings${templateId ? `?template_id=${templateId}` : ''}`);
}

// Today's birthdays and anniversaries with the chosen template's greeting for each voter.
export function useGreetings(templateId: number | null) {
  return useQuery({ queryKey: ['voter-messages', 'greetings', templateId], queryFn: () => getGreetings(templateId), placeholderData: keepPreviousData });
}
