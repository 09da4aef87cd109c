import { useQuery } from '@tanstack/react-query';
import type { VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { apiRequest } from '@web/lib/api-client';

export function getVoterTemplates(): Promise<VoterTemplate[]> {
  return apiRequest<VoterTemplate[]>('/voter-messages/templates');
}

export function useVoterTemplates() {
  return useQuery({ queryKey: ['voter-messages', 'templates'], queryFn: getVoterTemplates });
}
