import cluster from 'node:cluster';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/features/auth/passwords';
import { writeSettings } from '../../server/src/features/settings/settings-repository';
import { insertUser } from '../../server/src/features/users/users-repository';
import { startServer } from '../../server/src/server';
import { E2E_USERS } from './e2e-users';
import { e2eRollReader } from './e2e-roll-reader';

// A fresh data folder for every browser run, with one user per role, then the real server.
// With several server processes (APP_WORKERS) each worker runs this file again: only the
// primary prepares the folder, and the workers inherit DATA_DIR (and DATABASE_URL).
// E2E_DB=postgres runs the same server on a fresh PostgreSQL database of its own, named after
// the port and made anew each run (the playwright.config.ts project "chromium-postgres").
if (cluster.isPrimary) {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'vms-e2e-'));
  if (process.env.E2E_DB === 'postgres') process.env.DATABASE_URL = await freshPostgresDatabase(`vms_e2e_${process.env.PORT ?? 'default'}`);
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(database.db);
  for (const user of Object.values(E2E_USERS)) {
    await insertUser(database.db, { ...user, booth_access: [...user.booth_access], passwordHash: await hashPassword(user.password) });
  }
  // Issue 22: an election far enough ahead that no SMS silence period touches the other specs, so
  // the poll-day spec can mark voters without changing the settings under another spec's feet.
  // Field workers land on their own work (My voters, Booths), as most specs written before issue 56
  // expect; sign-in.spec.ts serves the spec's default (voter entry) to its own pages and checks it.
  await writeSettings(database.db, { election_name: 'Yavatmal By-election', poll_date: '2029-10-20', field_landing: 'own-work' });
  await database.close();
  // Decision 079: WhatsApp template messages go to a stand-in of Meta's Cloud API on this machine
  // (no internet here), which accepts every message as Meta does.
  process.env.WHATSAPP_API_URL = await fakeWhatsAppCloudApi();
  process.env.WHATSAPP_ACCESS_TOKEN = 'e2e-token';
  process.env.WHATSAPP_PHONE_NUMBER_ID = '1098765432';
}
// Roll PDFs go to the real reader; the roll-like test files that carry their pages as JSON (made
// by the browser test of the review screen) go to the test double of the API tests.
await startServer({ rollReader: e2eRollReader });

async function freshPostgresDatabase(name: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). Start it (see README, "Testing") or set TEST_DATABASE_URL.`);
  }
  // The previous run's database goes first (a stopped browser run cannot drop its own).
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function fakeWhatsAppCloudApi(): Promise<string> {
  let sent = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      sent += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.e2e${sent}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}/v21.0`;
}
