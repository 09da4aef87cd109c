import { ALL_BOOTHS_ACCESS, BOOTHS, isBooth } from '../reference/booths';
import { isAdminRole, type Role } from './roles';

export type BoothScope = { kind: 'all' } | { kind: 'booths'; booths: readonly string[] };

// Issue 4: Super Admin, Admin, and anyone whose booth_access holds "Admin" reach every booth;
// everyone else reaches only the booths in their booth_access. The server enforces it; the
// web offers only those booths.
export function boothScopeOf(role: Role, boothAccess: readonly string[]): BoothScope {
  if (isAdminRole(role) || boothAccess.includes(ALL_BOOTHS_ACCESS)) return { kind: 'all' };
  return { kind: 'booths', booths: boothAccess.filter(isBooth) };
}

// The booths a user may choose in a filter or a form.
export function boothsInScope(scope: BoothScope): readonly string[] {
  return scope.kind === 'all' ? BOOTHS : scope.booths;
}
