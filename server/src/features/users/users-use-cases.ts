import type { Kysely, Transaction } from 'kysely';
import { passwordPolicyProblem } from '@shared/auth/password-policy';
import type { Role } from '@shared/auth/roles';
import { type UpdateUserData, type UserProfileData, userProfileSchema } from '@shared/users/user-input-schemas';
import type { Language } from '@shared/i18n/languages';
import { canManageRole } from '@shared/users/user-permissions';
import type { User } from '@shared/users/user-schema';
import type { DatabaseDialect } from '../../db/dialects/database-dialect';
import type { Database, UserRow } from '../../db/schema';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError, validationError } from '../../plugins/http-error';
import type { Actor } from '../audit/actor';
import { type AuditEntry, recordAudit } from '../audit/audit-repository';
import { userRecordName } from '../audit/record-names';
import type { LoginThrottle } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions-repository';
import { currentPasswordPolicy } from '../settings/settings-repository';
import {
  deleteUser,
  findUserById,
  findUserByUsername,
  insertUser,
  type NewUser,
  setPasswordHash,
  setUserLanguage,
  toUserDto,
  updateUser,
} from './users-repository';

// Texts of spec section 8 (the screen shows them as they come).
export const USERNAME_EXISTS = 'Username already exists';
export const CANNOT_DELETE_SELF = 'You cannot delete yourself.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate yourself.';
export const USE_CHANGE_PASSWORD = 'Use "Change password" to change your own password.';
export const ESCALATION_REFUSED = 'Only a Super Admin can manage Super Admin and Admin accounts.';
export const USER_NOT_FOUND = 'User not found';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const SAME_PASSWORD = 'The new password must be different from the current one';

// Whoever manages users: a signed-in admin, or the command line.
export type UsersActor = Actor & { role: Role };

// The command line has a Super Admin's rights: whoever runs it holds the server's files anyway.
export const COMMAND_LINE: UsersActor = { userId: null, userName: 'Command line', ipAddress: null, role: 'Super Admin' };

// The database the use cases write to, and how it names its errors.
export interface UsersStore {
  db: Kysely<Database>;
  dialect: Pick<DatabaseDialect, 'classifyError'>;
}

export type NewUserInput = Omit<NewUser, 'passwordHash'> & { password: string };

const usernameTaken = () => new HttpError(409, USERNAME_EXISTS, { username: USERNAME_EXISTS });

// The password_policy setting, checked wherever a password is set; the message names
// what is missing and sits beside the field that holds the password.
async function assertPasswordPolicy(db: Kysely<Database>, password: string, field: string): Promise<void> {
  const problem = passwordPolicyProblem(password, await currentPasswordPolicy(db));
  if (problem) throw new HttpError(400, problem, { [field]: problem });
}

async function findTarget(db: Kysely<Database>, id: number): Promise<UserRow> {
  const target = await findUserById(db, id);
  if (!target) throw new HttpError(404, USER_NOT_FOUND);
  return target;
}

function assertCanManage(actor: UsersActor, role: string): void {
  if (!canManageRole(actor.role, role as Role)) throw new HttpError(403, ESCALATION_REFUSED);
}

// The fields whose value changed, for the audit row (names only: values may be personal data).
function changedFields(before: User, after: User): string[] {
  const keys = ['username', 'full_name', 'email', 'mobile', 'age', 'address', 'id_number', 'dob', 'designation', 'organisation', 'role', 'booth_access', 'is_active'] as const;
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

type UserAudit = Pick<AuditEntry, 'action' | 'recordId' | 'recordName' | 'details'>;

// A change to the users table and its audit row, in one transaction. Password hashes are
// made before: argon2 is slow and must not hold the write lock. A username taken meanwhile
// (the unique index refused it) answers like one taken before.
async function writeUser<T>({ db, dialect }: UsersStore, actor: Actor, write: (trx: Transaction<Database>, audit: (entry: UserAudit) => Promise<void>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute((trx) => write(trx, (entry) => recordAudit(trx, { ...actor, tableName: 'users', ...entry })));
  } catch (error) {
    if (dialect.classifyError(error) === 'unique-violation') throw usernameTaken();
    throw error;
  }
}

// An Admin may create Supervisors and Karyakartas only.
export async function createUser(store: UsersStore, actor: UsersActor, input: NewUserInput): Promise<User> {
  const { db } = store;
  const { password, ...profile } = input;
  assertCanManage(actor, profile.role);
  await assertPasswordPolicy(db, password, 'password');
  if (await findUserByUsername(db, profile.username)) throw usernameTaken();
  const passwordHash = await hashPassword(password);
  const created = await writeUser(store, actor, async (trx, audit) => {
    const row = await insertUser(trx, { ...profile, passwordHash });
    await audit({ action: 'CREATE_USER', recordId: row.id, recordName: userRecordName(row), details: { username: row.username, role: row.role } });
    return row;
  });
  return toUserDto(created);
}

export const USER_CHANGED = 'Someone else changed this user after you opened it';

// The stored profile in the edit's terms, so the fields sent can be merged over it.
function storedProfile(row: UserRow): UserProfileData {
  const { username, full_name, email, mobile, age, address, id_number, dob, designation, organisation, role, booth_access, is_active } = toUserDto(row);
  return { username, full_name, email, mobile: mobile ?? '', age, address, id_number, dob, designation, organisation, role, booth_access, is_active };
}

// Nobody can lock themselves out or promote themselves; a deactivated user or one whose
// role changed must sign in again (or not at all). The fields sent are merged over the user
// as it is inside the transaction, and every rule is checked against that (record-versions.ts).
export async function editUser(store: UsersStore, actor: UsersActor, id: number, input: UpdateUserData): Promise<User> {
  const { version, ...sent } = input;
  const updated = await retryWhenStale(() =>
    writeUser(store, actor, async (trx, audit) => {
      const target = await findUserById(trx, id);
      if (!target) throw new HttpError(404, USER_NOT_FOUND);
      assertVersion(version, target.version, () => new EditConflictError(USER_CHANGED, toUserDto(target)));
      const merged = userProfileSchema.safeParse({ ...storedProfile(target), ...sent });
      if (!merged.success) throw validationError(merged.error);
      const { is_active, ...profile } = merged.data;
      const active = is_active ?? target.is_active === 1;
      if (target.id === actor.userId) {
        if (profile.role !== target.role) throw new HttpError(400, CANNOT_CHANGE_OWN_ROLE, { role: CANNOT_CHANGE_OWN_ROLE });
        if (!active) throw new HttpError(400, CANNOT_DEACTIVATE_SELF, { is_active: CANNOT_DEACTIVATE_SELF });
      } else {
        assertCanManage(actor, target.role);
        assertCanManage(actor, profile.role);
      }
      const sameName = await findUserByUsername(trx, profile.username);
      if (sameName && sameName.id !== id) throw usernameTaken();
      const row = await updateUser(trx, id, target.version, { ...profile, is_active: active });
      if (!row) throw new StaleRowError();
      if ((target.is_active === 1 && !active) || target.role !== row.role) await revokeUserSessions(trx, id);
      await audit({ action: 'UPDATE_USER', recordId: id, recordName: userRecordName(row), details: { changed: changedFields(toUserDto(target), toUserDto(row)), version: row.version } });
      return row;
    }),
  );
  return toUserDto(updated);
}

// An admin (or the command line) sets someone's password: any open session may be
// someone else's, so all of them end. Setting one's own password without the current
// one would let a borrowed session take the account.
export async function resetPassword(store: UsersStore, actor: UsersActor, id: number, password: string): Promise<void> {
  const { db } = store;
  if (id === actor.userId) throw new HttpError(400, USE_CHANGE_PASSWORD);
  const target = await findTarget(db, id);
  assertCanManage(actor, target.role);
  await assertPasswordPolicy(db, password, 'password');
  const passwordHash = await hashPassword(password);
  await writeUser(store, actor, async (trx, audit) => {
    await setPasswordHash(trx, id, passwordHash, true);
    await revokeUserSessions(trx, id);
    await audit({ action: 'RESET_PASSWORD', recordId: id, recordName: userRecordName(target) });
  });
}

// Guessing the current password here counts like guessing it at sign-in. Whoever else
// holds a session of this account is signed out; this device (sessionId) stays in.
export async function changeOwnPassword(
  store: UsersStore,
  actor: Actor & { userId: number; ipAddress: string },
  input: { sessionId: string; current_password: string; new_password: string },
  throttle: LoginThrottle,
): Promise<void> {
  const { db } = store;
  const user = await findTarget(db, actor.userId);
  // Counted before the check, like a sign-in (issue 17): parallel guesses cannot outrun it.
  const limitKeys = throttle.keysForSignedIn(user.username);
  await throttle.admit(db, limitKeys, () => 'Too many wrong passwords. Please try again later.');
  // 400, not 401: the session is fine, and a 401 would sign the user out.
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new HttpError(400, CURRENT_PASSWORD_WRONG, { current_password: CURRENT_PASSWORD_WRONG });
  }
  await throttle.succeeded(db, limitKeys);
  if (input.current_password === input.new_password) throw new HttpError(400, SAME_PASSWORD, { new_password: SAME_PASSWORD });
  await assertPasswordPolicy(db, input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await writeUser(store, actor, async (trx, audit) => {
    await setPasswordHash(trx, user.id, passwordHash, false);
    await revokeUserSessions(trx, user.id, input.sessionId);
    await audit({ action: 'CHANGE_PASSWORD', recordId: user.id, recordName: userRecordName(user) });
  });
}

// Sessions go with the user; audit rows keep their name.
export async function removeUser(store: UsersStore, actor: UsersActor, id: number): Promise<void> {
  const { db } = store;
  if (id === actor.userId) throw new HttpError(400, CANNOT_DELETE_SELF);
  const target = await findTarget(db, id);
  assertCanManage(actor, target.role);
  await writeUser(store, actor, async (trx, audit) => {
    if (!(await deleteUser(trx, id))) throw new HttpError(404, USER_NOT_FOUND);
    await audit({ action: 'DELETE_USER', recordId: id, recordName: userRecordName(target), details: { username: target.username, full_name: target.full_name, role: target.role } });
  });
}

// Anyone sets their own interface language (issue 18); null goes back to the Language setting.
// Audited like every write, with the choice before and after; choosing the same one writes nothing.
export async function setOwnLanguage(store: UsersStore, actor: Actor & { userId: number }, language: Language | null): Promise<User> {
  return toUserDto(
    await writeUser(store, actor, async (trx, audit) => {
      const user = await findUserById(trx, actor.userId);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      if (user.language === language) return user;
      const row = await setUserLanguage(trx, actor.userId, language);
      if (!row) throw new HttpError(404, USER_NOT_FOUND);
      await audit({ action: 'CHANGE_LANGUAGE', recordId: row.id, recordName: userRecordName(row), details: { from: user.language, to: language } });
      return row;
    }),
  );
}
