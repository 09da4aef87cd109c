import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// A real server process for the tests that kill one (SIGKILL mid-write) or need several.
const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Node itself runs the server (tsx as a loader), so SIGKILL reaches the process that holds
// the database; the tsx command would be a wrapper whose child survives the kill. One process
// (APP_WORKERS=1): the kill must stop the process doing the work.
export function startServerProcess(options: { dataDir: string; port: number; adminPassword: string; databaseUrl?: string; env?: Record<string, string> }): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: options.adminPassword,
      LOG_LEVEL: 'silent',
      DATABASE_URL: options.databaseUrl ?? '',
      APP_WORKERS: '1',
      ...options.env,
    },
    stdio: 'ignore',
  });
}

export async function waitUntilUp(base: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server at ${base} did not start`);
}

export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

export async function signInOver(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (response.status !== 200) throw new Error(`sign-in as ${username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
