import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generatePassword, hashPassword } from '../auth/passwords';
import { countUsers, insertUser } from './users-repository';

// When the users table is empty, the first Super Admin comes from ADMIN_USERNAME /
// ADMIN_PASSWORD. A generated password is returned so the caller prints it once.
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  options: { username: string; password: string | undefined },
): Promise<{ created: boolean; username: string; generatedPassword?: string }> {
  if ((await countUsers(db)) > 0) return { created: false, username: options.username };
  const password = options.password ?? generatePassword();
  await insertUser(db, {
    username: options.username,
    passwordHash: await hashPassword(password),
    full_name: 'Super Admin',
    role: 'Super Admin',
    booth_access: ['Admin'],
    // Printed in a terminal (and maybe a log): replaced at the first sign-in (issue 57).
    mustChangePassword: options.password === undefined,
  });
  return { created: true, username: options.username, generatedPassword: options.password ? undefined : password };
}
