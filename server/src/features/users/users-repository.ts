import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@shared/auth/roles';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { User } from '@shared/users/user-schema';
import type { Database, UserRow } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

// The wire form of a user: `_id` and `id` both (spec section 3), never the password hash.
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    email: row.email,
    mobile: row.mobile,
    age: row.age,
    address: row.address,
    id_number: row.id_number,
    dob: row.dob,
    designation: row.designation,
    organisation: row.organisation,
    role: row.role as Role,
    booth_access: parseBoothAccess(row.booth_access),
    is_active: row.is_active === 1,
    last_login: row.last_login,
    created_at: row.created_at,
    version: row.version,
    language: isLanguage(row.language) ? row.language : null,
    must_change_password: row.must_change_password === 1,
  };
}

export function parseBoothAccess(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

// Usernames are matched without regard to case, so "Admin" and "admin" are one account.
export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewUser {
  username: string;
  passwordHash: string;
  full_name: string;
  role: Role;
  email?: string | null;
  mobile?: string | null;
  age?: number | null;
  address?: string | null;
  id_number?: string | null;
  dob?: string | null;
  designation?: string | null;
  organisation?: string | null;
  booth_access?: string[];
  is_active?: boolean;
  // A generated password: replaced at the first sign-in (issue 57).
  mustChangePassword?: boolean;
}

// The profile columns as stored: absent optional fields are null, booth access is JSON.
function profileColumns(profile: Omit<NewUser, 'passwordHash' | 'is_active' | 'mustChangePassword'>) {
  return {
    username: profile.username,
    full_name: profile.full_name,
    role: profile.role,
    email: profile.email ?? null,
    mobile: profile.mobile ?? null,
    age: profile.age ?? null,
    address: profile.address ?? null,
    id_number: profile.id_number ?? null,
    dob: profile.dob ?? null,
    designation: profile.designation ?? null,
    organisation: profile.organisation ?? null,
    booth_access: JSON.stringify(profile.booth_access ?? []),
  };
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      ...profileColumns(user),
      password_hash: user.passwordHash,
      is_active: user.is_active === false ? 0 : 1,
      // Written only when set: the column's default is 0 (and an older schema has none).
      ...(user.mustChangePassword ? { must_change_password: 1 } : {}),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setLastLogin(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_login: at.toISOString() }).where('id', '=', id).execute();
}

// mustChange: true when someone other than the user set it (a reset), false when they chose it.
export async function setPasswordHash(db: Executor, id: number, passwordHash: string, mustChange: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

// Newest first: the person an admin just added is the one they are most likely looking for.
export function listUsers(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function listActiveUsersByRole(db: Executor, role: Role): Promise<Pick<UserRow, 'id' | 'username' | 'full_name' | 'role'>[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'role'])
    .where('role', '=', role)
    .where('is_active', '=', 1)
    .orderBy('full_name')
    .orderBy('id')
    .execute();
}

// The active users whose registered mobile is this one (poll-day marks by SMS, issue 61).
export function activeUsersByMobile(db: Executor, mobile: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).where('is_active', '=', 1).limit(2).execute();
}

export type UserProfile = Omit<NewUser, 'passwordHash' | 'is_active'> & { is_active: boolean };

// Writes the profile only if the user is still at the version read (`expectedVersion`),
// raising it by one; undefined when another writer changed it in between (record-versions.ts).
export async function updateUser(db: Executor, id: number, expectedVersion: number, profile: UserProfile): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ ...profileColumns(profile), is_active: profile.is_active ? 1 : 0, updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .returningAll()
    .executeTakeFirst();
}

// The user's own interface language: not part of the profile an admin edits, so the version
// stays (an admin's open edit form is not made stale by it).
export async function setUserLanguage(db: Executor, id: number, language: Language | null): Promise<UserRow | undefined> {
  return db.updateTable('users').set({ language, updated_at: new Date().toISOString() }).where('id', '=', id).returningAll().executeTakeFirst();
}

// Sessions go with the user (the foreign key cascades; deleting them here too keeps
// that true even on a database opened without foreign keys). Audit rows stay: they
// carry the user's name as it was and have no foreign key.
export async function deleteUser(db: Executor, id: number): Promise<boolean> {
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

