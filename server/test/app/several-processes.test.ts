import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 23 (decision 039): `npm start` with APP_WORKERS=2 on the test's database (SQLite or
// PostgreSQL, TEST_DB). The real server runs as a child process: a primary and two workers.
// Every request below goes over a connection of its own, and node:cluster hands new
// connections to the workers in turn, so consecutive requests land on different processes; the
// request log's pid field says which.

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const ADMIN_PASSWORD = 'Several-Processes-9';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface LogLine {
  pid?: number;
  msg?: string;
  req?: { method?: string; url?: string };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// One request on a new connection (no keep-alive), so the cluster chooses a worker for it.
function request(port: number, method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { connection: 'close' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const sent = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) }));
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe('npm start with APP_WORKERS=2', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let port: number;
  let token: string;
  const lines: LogLine[] = [];
  const logged = (message: string) => lines.filter((line) => line.msg === message);

  beforeAll(async () => {
    database = await createTestDatabase();
    // The server opens the database itself, from its own processes.
    await database.handle.close();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        // The operator's own glibc settings would win over the server's (tested below).
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_'))),
        APP_WORKERS: '2',
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'info',
        SMS_GATEWAY: 'log',
        SCHEDULED_JOBS_FIRST_RUN_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    const ready = new Promise<void>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the server stopped before it was ready (exit code ${code})`)));
      server.stdout?.setEncoding('utf8');
      server.stdout?.on('data', (chunk: string) => {
        pending += chunk;
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        for (const part of parts) {
          if (part.includes('(2 processes)')) resolve();
          if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
        }
      });
    });
    await ready;
    const login = await request(port, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    token = String(login.body.token);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  });

  it('should save every write from both processes when creates arrive together', async () => {
    const creates = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        request(port, 'POST', '/api/voters', { token, body: { voter_no: `SP-${index}`, full_name: `Several Processes ${index}`, voter_id: `SPX${String(index).padStart(7, '0')}`, booth: 'Booth-07', gender: 'Female', age: 30 } }),
      ),
    );
    expect(creates.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    const list = await request(port, 'GET', '/api/voters?limit=1&search=Several%20Processes', { token });
    expect(list.body.total).toBe(40);
    const servedBy = new Set(logged('incoming request').filter((line) => line.req?.method === 'POST' && line.req.url === '/api/voters').map((line) => line.pid));
    expect(servedBy.size).toBe(2);
  });

  it('should refuse the 11th message in a minute when the sends are spread over both processes', async () => {
    const recipient = await request(port, 'POST', '/api/users', {
      token,
      body: { username: 'meera_k', full_name: 'Meera Kulkarni', mobile: '9876543210', role: 'Karyakarta', password: 'Field-Pass-42!', booth_access: ['Booth-05'] },
    });
    expect(recipient.status).toBe(201);
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      statuses.push((await request(port, 'POST', '/api/notifications/send', { token, body: { message: `Message ${index}`, recipients: [recipient.body.id] } })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    // One process dispatches SMS (the log gateway writes each one): each of the ten goes once.
    const sms = () => lines.filter((line) => line.msg?.startsWith('SMS to 98******10: Message ')).map((line) => line.msg);
    await expect.poll(() => sms().length, { timeout: 8000 }).toBe(10);
    expect(new Set(sms()).size).toBe(10);
  });

  it('should slow a username down after 5 wrong passwords when the guesses are spread over both processes', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await request(port, 'POST', '/api/auth/login', { body: { username: 'admin', password: `wrong-${index}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  // Linux: a process's environment as it started, in /proc.
  it("should start its worker processes with glibc's arena and mapping settings, which keep a roll being read about 50 MB leaner", async () => {
    const pids = new Set(logged('incoming request').map((line) => line.pid));
    expect(pids.size).toBe(2);
    for (const pid of pids) {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=131072']));
    }
  });

  it('should run the scheduled retention purge in one process when two serve', async () => {
    await expect.poll(() => logged('retention purge finished').length, { timeout: 5000 }).toBeGreaterThan(0);
    // Time for a second process's purge, were there one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logged('retention purge finished')).toHaveLength(1);
  });
});
