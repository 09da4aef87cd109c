import type { Role } from '../auth/roles';

// Who may manage whom (issue 3, "No escalation"): a Super Admin manages everyone;
// an Admin manages field staff only, so an Admin can never create, edit, delete or
// promote a Super Admin or another Admin. Read by the server (which enforces it)
// and by the screen (which only hides what would be refused).
const MANAGEABLE_ROLES: Record<Role, readonly Role[]> = {
  'Super Admin': ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'],
  Admin: ['Supervisor', 'Karyakarta'],
  Supervisor: [],
  Karyakarta: [],
};

export function canManageRole(actor: Role, target: Role): boolean {
  return MANAGEABLE_ROLES[actor].includes(target);
}

// The roles an actor may give someone, in the form's order.
export function assignableRoles(actor: Role): readonly Role[] {
  return MANAGEABLE_ROLES[actor];
}

// May the actor edit this user's profile? Anyone with access to the screen may edit
// their own profile (but not their own role or Active flag); others by role.
export function canEditUser(actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean {
  return actor.id === target.id || canManageRole(actor.role, target.role);
}
