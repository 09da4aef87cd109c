import { boothScopeOf } from '@shared/auth/booth-scope';
import { isAdminRole, type Role } from '@shared/auth/roles';
import { RESTRICTED_VOTER_FIELDS, type RestrictedVoterField, VOTER_FIELD_LABELS, type VoterInput } from '@shared/voters/voter-schema';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/error-handler';
import { parseBoothAccess } from '../users/users-repository';
import type { BoothScope } from './voter-filters';

// The rule itself is shared with the web (shared/auth/booth-scope.ts).
export function boothScopeFor(user: UserRow): BoothScope {
  return boothScopeOf(user.role as Role, parseBoothAccess(user.booth_access));
}

export function canEditRestrictedFields(user: UserRow): boolean {
  return isAdminRole(user.role as Role);
}

export const VOTER_NOT_FOUND = 'Voter not found';

// A booth named in a filter or a form must be one the user may reach.
export function assertBoothAllowed(scope: BoothScope, booth: string | null | undefined, action: 'view' | 'save'): void {
  if (scope.kind === 'all') return;
  const yours = scope.booths.length > 0 ? scope.booths.join(', ') : 'none';
  if (!booth) {
    if (action === 'save') throw new HttpError(403, `Choose one of your booths (${yours})`, { booth: 'Choose one of your booths' });
    return;
  }
  if (!scope.booths.includes(booth)) {
    const message = action === 'save' ? `You can only save voters in your own booths (${yours})` : `You do not have access to ${booth}`;
    throw new HttpError(403, message, { booth: message });
  }
}

// Spec section 5: a change to a restricted field by anyone but Super Admin or Admin is refused,
// naming the field, whatever the form allowed.
export function assertRestrictedUnchanged(user: UserRow, before: VoterInput, after: VoterInput): void {
  if (canEditRestrictedFields(user)) return;
  const changed = RESTRICTED_VOTER_FIELDS.filter((field: RestrictedVoterField) => before[field] !== after[field]);
  if (changed.length === 0) return;
  const labels = changed.map((field) => VOTER_FIELD_LABELS[field]);
  const fields = Object.fromEntries(changed.map((field) => [field, `Only Super Admin or Admin can change ${VOTER_FIELD_LABELS[field]}`]));
  throw new HttpError(403, `Only Super Admin or Admin can change ${labels.join(', ')}`, fields);
}
