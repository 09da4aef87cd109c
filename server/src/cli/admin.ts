import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@shared/auth/roles';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { generatePassword } from '../features/auth/passwords';
import { findUserByUsername } from '../features/users/users-repository';
import { COMMAND_LINE, createUser, resetPassword, USERNAME_EXISTS } from '../features/users/users-use-cases';
import { HttpError } from '../plugins/http-error';

// `npm run admin -- <command>`: office tasks that must work even when nobody can sign in.
// Uses the same DATA_DIR / DATABASE_URL as the server, so it works on SQLite and PostgreSQL.
const USAGE = `Usage:
  npm run admin -- create-user --username NAME --role "Super Admin|Admin|Supervisor|Karyakarta" [--full-name "Full Name"] [--password PASSWORD] [--mobile 9876543210] [--booth Booth-01 ...]
  npm run admin -- reset-password USERNAME [--password PASSWORD]

Without --password a strong password is generated and printed once.`;

// The use cases refuse in the words the screen shows; here they get the command line's context.
function refusal(error: HttpError, username: string): string {
  if (error.message === USERNAME_EXISTS) return `Username already exists: ${username}`;
  if (error.fields?.password) return `${error.message} (the password policy in Settings).`;
  return error.message;
}

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
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  try {
    await migrateToLatest(database.bulkDb);
    if (command === 'create-user') {
      const username = values.username;
      const role = values.role as Role | undefined;
      if (!username || !role || !ROLES.includes(role)) {
        console.error(`create-user needs --username and --role (one of: ${ROLES.join(', ')})\n\n${USAGE}`);
        return 1;
      }
      const password = values.password ?? generatePassword();
      const user = await createUser(database, COMMAND_LINE, {
        username,
        password,
        full_name: values['full-name'] ?? username,
        role,
        mobile: values.mobile ?? null,
        booth_access: values.booth ?? (role === 'Super Admin' || role === 'Admin' ? ['Admin'] : []),
        // A generated password is printed on a terminal: replaced at the first sign-in (issue 57).
        mustChangePassword: values.password === undefined,
      });
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
      // A reset password means any open session may be someone else's: the use case ends them all.
      await resetPassword(database, COMMAND_LINE, user.id, password);
      console.log(`Password of "${user.username}" reset; their sessions were ended.${values.password ? '' : `\nNew password (shown once): ${password}`}`);
      return 0;
    }
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(refusal(error, values.username ?? ''));
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
