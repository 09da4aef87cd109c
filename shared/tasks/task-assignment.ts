import { ROLES, type Role } from '../auth/roles';

// Who may assign a task to whom (the spec is silent; see the issue 6 note): the office
// assigns to anyone, a Supervisor to Supervisors and Karyakartas, and everyone may
// assign a task to themselves (a personal to-do).
export function assignableRoles(role: Role): readonly Role[] {
  switch (role) {
    case 'Super Admin':
    case 'Admin':
      return ROLES;
    case 'Supervisor':
      return ['Supervisor', 'Karyakarta'];
    case 'Karyakarta':
      return [];
  }
}

export function mayAssign(assigner: { id: number; role: Role }, assignee: { id: number; role: Role }): boolean {
  return assigner.id === assignee.id || assignableRoles(assigner.role).includes(assignee.role);
}
