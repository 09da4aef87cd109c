import { ROLES, type Role } from '@shared/auth/roles';
import { nameMatches, parseNameSearch } from '@shared/search/name-keys';
import type { User } from '@shared/users/user-schema';

// Spec section 2: the search box matches full name, email or username; the role filter
// narrows to one role. Staff lists are small, so the screen filters what it fetched. A name
// typed in either script also finds the full name written in the other, as the voter search
// does (issue 18); users found as typed come first.
export function filterUsers(users: readonly User[], search: string, role: Role | ''): User[] {
  const needle = search.trim().toLowerCase();
  const name = parseNameSearch(search);
  const asTyped = (user: User) => [user.full_name, user.email ?? '', user.username].some((text) => text.toLowerCase().includes(needle));
  const inRole = users.filter((user) => !role || user.role === role);
  if (!needle) return inRole;
  const typed = inRole.filter(asTyped);
  const otherScript = name ? inRole.filter((user) => !asTyped(user) && nameMatches(user.full_name, name)) : [];
  return [...typed, ...otherScript];
}

// The role filter's options (spec section 2): All Roles, then these.
export const ROLE_FILTER_OPTIONS: readonly Role[] = ['Admin', 'Supervisor', 'Karyakarta'];

export function parseRoleFilter(value: string | null): Role | '' {
  return value && (ROLES as readonly string[]).includes(value) ? (value as Role) : '';
}
