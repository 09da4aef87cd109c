import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@shared/auth/roles';
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
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: user.passwordHash,
      full_name: user.full_name,
      role: user.role,
      email: user.email ?? null,
      mobile: user.mobile ?? null,
      age: user.age ?? null,
      address: user.address ?? null,
      id_number: user.id_number ?? null,
      dob: user.dob ?? null,
      designation: user.designation ?? null,
      organisation: user.organisation ?? null,
      booth_access: JSON.stringify(user.booth_access ?? []),
      is_active: user.is_active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setLastLogin(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_login: at.toISOString() }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
