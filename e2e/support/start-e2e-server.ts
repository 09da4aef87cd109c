import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/features/auth/passwords';
import { insertUser } from '../../server/src/features/users/users-repository';
import { startServer } from '../../server/src/server';
import { E2E_USERS } from './e2e-users';

// A fresh data folder for every browser run, with one user per role, then the real server.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'vms-e2e-'));
const config = loadConfig();
const database = openDatabase({ dataDir: config.dataDir });
await migrateToLatest(database.db);
for (const user of Object.values(E2E_USERS)) {
  await insertUser(database.db, { ...user, booth_access: [...user.booth_access], passwordHash: await hashPassword(user.password) });
}
await database.close();
await startServer();
