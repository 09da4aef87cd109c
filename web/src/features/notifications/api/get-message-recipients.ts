import { useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/auth/roles';
import type { RoleUser } from '@shared/users/user-input-schemas';
import { apiRequest } from '@web/lib/api-client';

// GET /notifications/recipients (issue 60): the active staff of a role the signed-in user may
// message; a field role gets only the office, their Supervisors and their own booths' staff.
export function getMessageRecipients(role: Role): Promise<RoleUser[]> {
  return apiRequest<RoleUser[]>('/notifications/recipients', { query: { role } });
}

export function useMessageRecipients(role: Role | undefined) {
  return useQuery({ queryKey: ['notifications', 'recipients', role], queryFn: () => getMessageRecipients(role as Role), enabled: role !== undefined });
}
