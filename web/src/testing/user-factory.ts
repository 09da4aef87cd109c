import type { User } from '@shared/users/user-schema';

// A user as the API returns it (an active Admin); overrides win.
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    _id: 1,
    id: 1,
    username: 'vikas.admin',
    full_name: 'Vikas Jadhav',
    email: null,
    mobile: '9876543210',
    age: null,
    address: null,
    id_number: null,
    dob: null,
    designation: null,
    organisation: null,
    role: 'Admin',
    booth_access: ['Admin'],
    is_active: true,
    last_login: null,
    created_at: '2026-11-21T00:00:00.000Z',
    version: 1,
    language: null,
    must_change_password: false,
    ...overrides,
  };
}
