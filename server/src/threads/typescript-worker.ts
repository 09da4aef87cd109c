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

export async function startTypeScriptWorker(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Promise<Worker> {
  let bundled = bundles.get(file);
  if (!bundled) {
    bundled = bundle(file);
    bundles.set(file, bundled);
    // A failed build is tried again next time.
    bundled.catch(() => bundles.delete(file));
  }
  return new Worker(await bundled, { workerData, resourceLimits, execArgv: WORKER_NODE_OPTIONS });
}
