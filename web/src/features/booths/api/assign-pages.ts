import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentResult, PageAssignment } from '@shared/booths/booth-schema';
import { apiRequest } from '@web/lib/api-client';
import { boothsQueryKey } from './get-booths';

// One request gives (or with user_id null takes back) a whole range of pages or a list of houses.
export function assignPages({ boothId, assignment }: { boothId: number; assignment: PageAssignment }): Promise<AssignmentResult> {
  return apiRequest<AssignmentResult>(`/booths/${boothId}/assignments`, { method: 'PUT', body: assignment });
}

export function useAssignPages() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignPages, onSuccess: () => queryClient.invalidateQueries({ queryKey: boothsQueryKey }) });
}
