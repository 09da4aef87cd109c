// The four staff roles of spec section 1, spelt exactly as they travel on the wire.
export const ROLES = ['Super Admin', 'Admin', 'Supervisor', 'Karyakarta'] as const;
export type Role = (typeof ROLES)[number];

// Office roles run the organisation; field roles enter and look up voters (spec section 6).
export const ADMIN_ROLES = ['Super Admin', 'Admin'] as const satisfies readonly Role[];
export const ALL_ROLES = ROLES;

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

// Where each role lands after sign-in: the office on the dashboard; Karyakarta and Supervisor on
// voter entry (spec section 2), or, where the office chose their own work in Settings (issue 56),
// a Supervisor on their booths and a Karyakarta on the voters of their roll pages.
export function homePathFor(role: Role, fieldLanding: 'voter-entry' | 'own-work' = 'voter-entry'): string {
  if (isAdminRole(role)) return '/dashboard';
  if (fieldLanding === 'voter-entry') return '/voters?tab=entry';
  return role === 'Supervisor' ? '/booths' : '/my-voters';
}
