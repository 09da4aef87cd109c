// The four staff roles of spec section 1, spelt exactly as they travel on the wire.
export const ROLES = ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const;
export type Role = (typeof ROLES)[number];

// Office roles run the organisation; field roles enter and look up voters (spec section 6).
export const ADMIN_ROLES = ['Super Admin', 'Admin'] as const satisfies readonly Role[];
export const ALL_ROLES = ROLES;

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

// Spec section 6: Karyakarta and Supervisor land on voter entry, everyone else on the dashboard.
export function homePathFor(role: Role): string {
  return isAdminRole(role) ? '/dashboard' : '/voters?tab=entry';
}
