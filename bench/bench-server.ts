import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags';

// What the import benchmarks share: the real server as its own process (with `npm start`'s Node
// flags), its memory read from /proc, and uploads streamed from disk as a browser sends them.
export const BENCH_SERVER_ADMIN = { username: 'admin', password: 'Bench-Admin-2026' };
const MAIN = path.resolve(import.meta.dirname, '../server/src/main.ts');

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// The server's resident memory, read from /proc every 50 ms: private (heap, SQLite's page
// cache, buffers) and all of it, which adds the database file's pages that SQLite reads
// through memory mapping (shared with the OS file cache, given back under pressure). With
// several processes (APP_WORKERS) the server is a primary and its workers: all of them are
// summed, and the largest one's private memory is kept apart (the process doing the work).
// peak() returns and resets the phase's peaks.
export function memorySampler(pid: number) {
  const childrenOf = (parent: number): number[] => {
    try {
      return readdirSync(`/proc/${parent}/task`).flatMap((task) => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const treeOf = (root: number): number[] => [root, ...childrenOf(root).flatMap(treeOf)];
  const readOne = (one: number) => {
    try {
      const status = readFileSync(`/proc/${one}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
      return { anon: kb('RssAnon'), all: kb('VmRSS') };
    } catch {
      return { anon: 0, all: 0 };
    }
  };
  let anon = 0;
  let all = 0;
  let largest = 0;
  let latest = 0;
  const sample = () => {
    const each = treeOf(pid).map(readOne);
    latest = each.reduce((sum, one) => sum + one.anon, 0);
    anon = Math.max(anon, latest);
    all = Math.max(all, each.reduce((sum, one) => sum + one.all, 0));
    largest = Math.max(largest, ...each.map((one) => one.anon));
  };
  const timer = setInterval(sample, 50);
  const peaks = () => {
    sample();
    const values = { anon, all, largest };
    anon = 0;
    all = 0;
    largest = 0;
    return values;
  };
  return {
    peak() {
      const values = peaks();
      return `${mb(values.anon)} / ${mb(values.all)}`;
    },
    peaks,
    // The whole server's private memory now (its processes summed).
    current() {
      sample();
      return latest;
    },
    // The server's processes now (a roll reader is one of its children).
    processes: () => treeOf(pid),
    stop: () => clearInterval(timer),
  };
}

// The server on its own port over DATA_DIR, on SQLite or (databaseUrl) PostgreSQL; answers once healthy.
// nodeFlags are added to `npm start`'s (a CPU profile's --cpu-prof, say).
export async function startServer(options: { port: number; dataDir: string; databaseUrl?: string; env?: Record<string, string>; nodeFlags?: string[] }): Promise<ChildProcess> {
  const { port, dataDir, databaseUrl = '' } = options;
  const child = spawn(process.execPath, [...serverNodeFlags(), ...(options.nodeFlags ?? []), '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: BENCH_SERVER_ADMIN.username,
      ADMIN_PASSWORD: BENCH_SERVER_ADMIN.password,
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      IMPORT_MAX_MB: '1024',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // With several processes (APP_WORKERS) the first answers before the others listen; "running at"
  // comes once all do.
  let running = false;
  let seen = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    seen = (seen + chunk.toString('utf8')).slice(-500);
    if (seen.includes('is running at')) running = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if (running && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

export async function signInAdmin(address: string, admin: { username: string; password: string } = BENCH_SERVER_ADMIN): Promise<string> {
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  return ((await login.json()) as { token: string }).token;
}

// A multipart upload streamed from disk, as a browser sends it (the client never holds the file).
export function upload(address: string, token: string, file: string, name: string, fields: Record<string, string> = {}, route = '/api/voters/import'): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const fieldParts = Object.entries(fields).map(([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(`${address}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + statSync(file).size + tail.length },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.write(head);
    const input = createReadStream(file);
    input.pipe(request, { end: false });
    input.on('end', () => request.end(tail));
  });
}
