import cluster, { type Worker } from 'node:cluster';
import { isMessage, type PrimaryMessage, ROLE_ENV, type WorkerMessage } from './process-messages';
import type { ProcessRole } from './process-role';

interface WorkerState {
  role: ProcessRole;
  imports: number;
}

// glibc gives every thread that allocates its own memory arena (up to eight per core) and
// seldom hands freed arena memory back: a roll being read (a reader thread rendering pages, a
// tesseract thread per page read at once) then holds more than it uses: with two reader
// threads, 190 MB more (820 MB rather than 640; bench/roll-server-bench.ts). glibc also raises
// the size from which it maps a block of its own to the largest block freed so far, so after
// the first rendered page (18 MB) every page-sized buffer came from the arenas and their freed
// space stayed held: kept at 128 KB, with the same for giving the arena's top back, a Hindi
// scan read ×10 peaked at 586 MB on average over six runs rather than 640 over three, as fast.
// An operator's own settings win; other C libraries ignore them.
const WORKER_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
const workerMallocEnv = (): Record<string, string> => Object.fromEntries(Object.entries(WORKER_MALLOC_SETTINGS).map(([name, value]) => [name, process.env[name] ?? value]));

// A worker that stopped on its own is started again after this pause (a crash loop would
// otherwise spin a core).
const RESTART_DELAY_MS = 1000;

// The primary of a server with several processes (decision 039): it answers no request and
// opens no database. It starts the first worker, which runs the once-per-start work
// (migrations, repairs, recovery) and the scheduled jobs, waits until that one listens, then
// starts the others; node:cluster hands each new connection to the workers in turn. It
// replaces a worker that dies (the jobs go to the replacement), relays the messages that
// concern another process, and stops the workers on SIGINT/SIGTERM.
export async function runPrimary(options: { count: number; log: (line: string) => void }): Promise<{ stop: () => Promise<void> }> {
  const states = new Map<Worker, WorkerState>();
  let stopping = false;

  const send = (worker: Worker, message: PrimaryMessage) => {
    if (worker.isConnected()) worker.send(message);
  };
  // Each worker hears how many imports the others run (the backup waits for none).
  const shareImports = () => {
    const total = [...states.values()].reduce((sum, state) => sum + state.imports, 0);
    for (const [worker, state] of states) send(worker, { type: 'imports-elsewhere', count: total - state.imports });
  };

  const start = (role: ProcessRole): Worker => {
    const worker = cluster.fork({ [ROLE_ENV]: JSON.stringify(role), ...workerMallocEnv() });
    states.set(worker, { role, imports: 0 });
    worker.on('message', (message: unknown) => {
      if (!isMessage<WorkerMessage>(message)) return;
      if (message.type === 'sms-kick') {
        for (const [other, state] of states) if (state.role.runsJobs) send(other, { type: 'sms-kick' });
      } else if (message.type === 'imports') {
        const state = states.get(worker);
        if (state) state.imports = message.running;
        shareImports();
      }
    });
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const failed = (code: number | null, signal: string | null) => reject(new Error(`server process ${worker.process.pid} stopped before it was ready (${signal ?? `exit code ${code}`})`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        resolve();
      });
    });

  const stop = async () => {
    stopping = true;
    const exits = [...states.keys()].map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    for (const worker of states.keys()) worker.process.kill('SIGTERM');
    await Promise.all(exits);
  };

  try {
    // Migrations and recovery first, alone: no other process may serve a half-migrated database
    // or start a job that recovery would then mark as stopped.
    await listening(start({ startsService: true, runsJobs: true }));
    await Promise.all(Array.from({ length: options.count - 1 }, () => listening(start({ startsService: false, runsJobs: false }))));
  } catch (error) {
    await stop();
    throw error;
  }

  cluster.on('exit', (worker, code, signal) => {
    const state = states.get(worker);
    states.delete(worker);
    shareImports();
    if (stopping || !state) return;
    options.log(`Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${state.role.runsJobs ? ' to run the scheduled jobs' : ''}`);
    setTimeout(() => {
      if (!stopping) start({ startsService: false, runsJobs: state.role.runsJobs });
    }, RESTART_DELAY_MS);
  });
  return { stop };
}

// A worker's role, as the primary gave it.
export function workerRole(env: NodeJS.ProcessEnv = process.env): ProcessRole {
  const parsed = JSON.parse(env[ROLE_ENV] ?? '{}') as Partial<ProcessRole>;
  return { startsService: parsed.startsService === true, runsJobs: parsed.runsJobs === true };
}
