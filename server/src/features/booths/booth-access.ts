import { type BoothScope, boothScopeOf, boothsInScope } from '@shared/auth/booth-scope';
import { isAdminRole, type Role } from '@shared/auth/roles';
import { boothLabelOf } from '@shared/reference/booths';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { parseBoothAccess } from '../users/users-repository';
import { boothScopeFor } from '../voters/voter-access';

// Who may see and organise which booth (issue 20). Booth access decides everything: a page
// assignment never widens what a Karyakarta may see.

export function inScope(scope: BoothScope, label: string): boolean {
  return scope.kind === 'all' || scope.booths.includes(label);
}

const yours = (scope: BoothScope) => (scope.kind === 'booths' && scope.booths.length > 0 ? scope.booths.join(', ') : 'none');

// The booth's label, once the caller may see it (403 otherwise, as the voter list answers a
// booth filter outside the caller's booths).
export function boothVisibleTo(user: UserRow, id: number): string {
  const label = boothLabelOf(id);
  if (!label) throw new HttpError(404, BOOTH_NOT_FOUND);
  if (!inScope(boothScopeFor(user), label)) throw new HttpError(403, `You do not have access to ${label}`);
  return label;
}

export const BOOTH_NOT_FOUND = 'Booth not found';

export function canEditBooths(user: UserRow): boolean {
  return isAdminRole(user.role as Role);
}

// Office roles assign pages anywhere, a Supervisor within their booths.
export function canAssignPages(user: UserRow, label: string): boolean {
  if (isAdminRole(user.role as Role)) return true;
  return user.role === 'Supervisor' && inScope(boothScopeFor(user), label);
}

export function assertCanAssign(user: UserRow, label: string): void {
  if (canAssignPages(user, label)) return;
  const scope = boothScopeFor(user);
  throw new HttpError(403, `You can only assign pages in your own booths (${yours(scope)})`);
}

// Whether a user's own booth access reaches the booth: the holder of a page must have it.
export function userReachesBooth(user: Pick<UserRow, 'role' | 'booth_access'>, label: string): boolean {
  return inScope(boothScopeOf(user.role as Role, parseBoothAccess(user.booth_access)), label);
}

// The booths a user may see, as labels (undefined: every booth).
export function visibleBooths(user: UserRow): readonly string[] | undefined {
  const scope = boothScopeFor(user);
  return scope.kind === 'all' ? undefined : boothsInScope(scope);
}
