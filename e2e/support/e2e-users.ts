import type { Role } from '@shared/auth/roles';

// The staff the browser tests sign in as; start-e2e-server.ts creates them.
export interface E2eUser {
  username: string;
  password: string;
  full_name: string;
  role: Role;
  booth_access: string[];
  mobile: string;
}

export const E2E_USERS = {
  superAdmin: { username: 'asha.super', password: 'Super-Admin-2026', full_name: 'Asha Deshmukh', role: 'Super Admin', booth_access: ['Admin'], mobile: '9876500010' },
  admin: { username: 'vikas.admin', password: 'Office-Admin-2026', full_name: 'Vikas Jadhav', role: 'Admin', booth_access: ['Admin'], mobile: '9876500011' },
  supervisor: { username: 'sunil.sup', password: 'Field-Super-2026', full_name: 'Sunil Rathod', role: 'Supervisor', booth_access: ['Booth-01', 'Booth-02'], mobile: '9876500012' },
  karyakarta: { username: 'rahul.kk', password: 'Field-Worker-2026', full_name: 'Rahul Chavan', role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876500013' },
} as const satisfies Record<string, E2eUser>;
