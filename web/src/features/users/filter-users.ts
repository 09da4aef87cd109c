import { ROLES, type Role } from '@shared/auth/roles';
import type { User } from '@shared/users/user-schema';

// Spec section 2: the search box matches full name, email or username; the role filter
// narrows to one role. Staff lists are small, so the screen filters what it fetched.
export function filterUsers(users: readonly User[], search: string, role: Role | ''): User[] {
  const needle = search.trim().toLowerCase();
  return users.filter((user) => {
    if (role && user.role !== role) return false;
    if (!needle) return true;
    return [user.full_name, user.email ?? '', user.username].some((text) => text.toLowerCase().includes(needle));
  });
}

// The role filter's options (spec section 2): All Roles, then these.
export const ROLE_FILTER_OPTIONS: readonly Role[] = ['Admin', 'Supervisor', 'Karyakarta'];

export function parseRoleFilter(value: string | null): Role | '' {
  return value && (ROLES as readonly string[]).includes(value) ? (value as Role) : '';
}
