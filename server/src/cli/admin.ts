import { parseArgs } from 'node:util';
import { passwordPolicyProblem } from '@shared/auth/password-policy';
import { ROLES, type Role } from '@shared/auth/roles';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { recordAudit } from '../features/audit/audit-repository';
import { generatePassword, hashPassword } from '../features/auth/passwords';
import { revokeUserSessions } from '../features/auth/sessions-repository';
import { currentPasswordPolicy } from '../features/settings/settings-repository';
import { findUserByUsername, insertUser, setPasswordHash } from '../features/users/users-repository';

// `npm run admin -- <command>`: office tasks that must work even when nobody can sign in.
// Uses the same DATA_DIR / DATABASE_URL as the server, so it works on SQLite and PostgreSQL.
const USAGE = `Usage:
  npm run admin -- create-user --username NAME --role "Super Admin|Admin|Supervisor|Karyakarta" [--full-name "Full Name"] [--password PASSWORD] [--mobile 9876543210] [--booth Booth-01 ...]
  npm run admin -- reset-password USERNAME [--password PASSWORD]

Without --password a strong password is generated and printed once.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      role: { type: 'string' },
      'full-name': { type: 'string' },
      password: { type: 'string' },
      mobile: { type: 'string' },
      booth: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, target] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }

  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    if (command === 'create-user') {
      const username = values.username;
      const role = values.role as Role | undefined;
      if (!username || !role || !ROLES.includes(role)) {
        console.error(`create-user needs --username and --role (one of: ${ROLES.join(', ')})\n\n${USAGE}`);
        return 1;
      }
      if (await findUserByUsername(database.db, username)) {
        console.error(`Username already exists: ${username}`);
        return 1;
      }
      const password = values.password ?? generatePassword();
      const problem = passwordPolicyProblem(password, await currentPasswordPolicy(database.db));
      if (problem) {
        console.error(`${problem} (the password policy in Settings).`);
        return 1;
      }
      const user = await insertUser(database.db, {
        username,
        passwordHash: await hashPassword(password),
        full_name: values['full-name'] ?? username,
        role,
        mobile: values.mobile ?? null,
        booth_access: values.booth ?? (role === 'Super Admin' || role === 'Admin' ? ['Admin'] : []),
      });
      await recordAudit(database.db, { action: 'CREATE_USER', userId: null, userName: 'Command line', tableName: 'users', recordId: user.id });
      console.log(`Created ${role} "${username}" (id ${user.id}).${values.password ? '' : `\nPassword (shown once): ${password}`}`);
      return 0;
    }
    if (command === 'reset-password') {
      if (!target) {
        console.error(`reset-password needs a USERNAME\n\n${USAGE}`);
        return 1;
      }
      const user = await findUserByUsername(database.db, target);
      if (!user) {
        console.error(`No user named ${target}`);
        return 1;
      }
      const password = values.password ?? generatePassword();
      const problem = passwordPolicyProblem(password, await currentPasswordPolicy(database.db));
      if (problem) {
        console.error(`${problem} (the password policy in Settings).`);
        return 1;
      }
      await setPasswordHash(database.db, user.id, await hashPassword(password));
      // A reset password means any open session may be someone else's: end them all.
      await revokeUserSessions(database.db, user.id);
      await recordAudit(database.db, { action: 'RESET_PASSWORD', userId: null, userName: 'Command line', tableName: 'users', recordId: user.id });
      console.log(`Password of "${user.username}" reset; their sessions were ended.${values.password ? '' : `\nNew password (shown once): ${password}`}`);
      return 0;
    }
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
