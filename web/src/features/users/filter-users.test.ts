import { describe, expect, it } from 'vitest';
import type { User } from '@shared/users/user-schema';
import { buildUser } from '@web/testing/user-factory';
import { filterUsers, parseRoleFilter } from './filter-users';

const users = [
  buildUser({ id: 1, username: 'asha.super', full_name: 'Asha Deshmukh', role: 'Super Admin', email: 'asha@example.org' }),
  buildUser({ id: 2, username: 'vikas.admin', full_name: 'Vikas Jadhav', role: 'Admin' }),
  buildUser({ id: 3, username: 'sunil.sup', full_name: 'Sunil Rathod', role: 'Supervisor', email: 'sunil@field.in' }),
  buildUser({ id: 4, username: 'rahul.kk', full_name: 'राहुल चव्हाण', role: 'Karyakarta' }),
];
const ids = (list: User[]) => list.map((item) => item.id);

describe('filterUsers', () => {
  it('should return everyone when there is no search and no role', () => {
    expect(ids(filterUsers(users, '  ', ''))).toEqual([1, 2, 3, 4]);
  });

  it('should match the full name, the email or the username in any letter case', () => {
    expect(ids(filterUsers(users, 'jadhav', ''))).toEqual([2]);
    expect(ids(filterUsers(users, 'FIELD.IN', ''))).toEqual([3]);
    expect(ids(filterUsers(users, 'rahul.', ''))).toEqual([4]);
    expect(ids(filterUsers(users, 'राहुल', ''))).toEqual([4]);
  });

  it('should find a full name written in the other script, after the users found as typed', () => {
    expect(ids(filterUsers(users, 'chavan', ''))).toEqual([4]);
    expect(ids(filterUsers(users, 'जाधव', ''))).toEqual([2]);
    expect(ids(filterUsers(users, 'देशमुख', 'Admin'))).toEqual([]);
    const more = [...users, buildUser({ id: 5, username: 'rahul.dev', full_name: 'Rahul Pawar', role: 'Karyakarta' })];
    expect(ids(filterUsers(more, 'राहुल', ''))).toEqual([4, 5]);
    expect(ids(filterUsers(more, 'rahul', ''))).toEqual([4, 5]);
    expect(ids(filterUsers(more, 'rahul p', ''))).toEqual([5]);
  });

  it('should keep only the chosen role when a role is chosen', () => {
    expect(ids(filterUsers(users, '', 'Supervisor'))).toEqual([3]);
    expect(ids(filterUsers(users, 'a', 'Admin'))).toEqual([2]);
  });
});

describe('parseRoleFilter', () => {
  it('should accept a known role and ignore anything else', () => {
    expect(parseRoleFilter('Admin')).toBe('Admin');
    expect(parseRoleFilter('Boss')).toBe('');
    expect(parseRoleFilter(null)).toBe('');
  });
});
