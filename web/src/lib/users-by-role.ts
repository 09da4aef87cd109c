import { useQueries } from '@tanstack/react-query';
import type { Role } from '@shared/auth/roles';
import { apiRequest } from './api-client';

// GET /users/by-role (spec section 7): the active staff of a role, for choosing
// notification recipients and task assignees. Any signed-in user may call it; only the
// office roles get usernames.
export interface RoleUser {
  _id: number;
  username?: string;
  full_name: string;
  role: Role;
}

export function getUsersByRole(role: Role): Promise<RoleUser[]> {
  return apiRequest<RoleUser[]>('/users/by-role', { query: { role } });
}

export function useUsersByRoles(roles: readonly Role[]) {
  return useQueries({
    queries: roles.map((role) => ({ queryKey: ['users', 'by-role', role], queryFn: () => getUsersByRole(role) })),
    combine: (results) => ({
      users: results.flatMap((result) => result.data ?? []),
      isLoading: results.some((result) => result.isLoading),
    }),
  });
}
