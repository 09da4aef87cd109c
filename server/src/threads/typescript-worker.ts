import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { build } from 'esbuild';

// Worker threads start as plain Node, without the tsx loader the server runs under (which would
// cost each worker some 40 MB: its own loader thread and compiler). So a worker's TypeScript is
// bundled once per process by esbuild (the compiler tsx itself uses): the project's own code
// only, packages load from node_modules as usual. The bundle is named by its content and
// written atomically, so processes starting workers side by side (the tests) share it.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLES = path.join(ROOT, 'node_modules', '.cache', 'voter-management-workers');
const bundles = new Map<string, Promise<string>>();

async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild produced nothing for ${file}`);
  const target = path.join(BUNDLES, `${path.basename(file, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await mkdir(BUNDLES, { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, target);
  return target;
}

// A worker thread inherits its parent's Node options unless told otherwise, and the server's
// include `--import tsx`: in a worker it compiles nothing (the bundle is JavaScript), but it turns
// Node's source maps on there, so a package's source map is read and kept parsed once a stack trace
// is formatted (pdf.js's: about 20 MB in a roll reader thread), and the tesseract threads a reader
// starts inherit the same. So a worker is given no Node options: none of the others is one a
// bundle needs, and V8's (the young generation's size, --no-allocation-site-pretenuring) are the
// whole process's, in force in every thread whatever a thread is given.
const WORKER_NODE_OPTIONS: string[] = [];

function bundled(file: string): Promise<string> {
  let built = bundles.get(file);
  if (!built) {
    built = bundle(file);
    bundles.set(file, built);
    // A failed build is tried again next time.
    built.catch(() => bundles.delete(file));
  }
  return built;
}

export async function startTypeScriptWorker(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Promise<Worker> {
  return new Worker(await bundled(file), { workerData, resourceLimits, execArgv: WORKER_NODE_OPTIONS });
}

export interface ProcessOptions {
  // Node's own options (a heap limit); none of the server's is passed on (as for a worker).
  nodeOptions: string[];
  // A program that starts Node for it with more limits, and its arguments (`prlimit --data=N --`).
  launcher?: { program: string; args: string[] };
}

// The same bundle as a child process, its answers by IPC ('advanced': typed arrays cross as
// they are). A process rather than a thread where memory must be bounded and given back whole:
// a thread's resource limits reach only its JavaScript heap. The bundle gets `args` as its own.
export async function startTypeScriptProcess(file: string, args: string[], options: ProcessOptions): Promise<ChildProcess> {
  const { launcher } = options;
  return fork(await bundled(file), args, {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // fork runs execPath with execArgv before the bundle: a launcher runs Node in its place, the
    // same process (it execs), so the IPC channel it inherits is Node's.
    ...(launcher ? { execPath: launcher.program, execArgv: [...launcher.args, process.execPath, ...options.nodeOptions] } : { execArgv: options.nodeOptions }),
  });
}
