import path from 'node:path';
import { startTypeScriptWorker } from './typescript-worker';

// Run as the server runs (node with V8 options and `--import tsx`): starts the reporting worker
// through the door every worker uses and prints what it reported.
const worker = await startTypeScriptWorker(path.join(import.meta.dirname, 'report-thread-options.test-helper.ts'), null);
const report = await new Promise((resolve) => worker.once('message', resolve));
console.log(JSON.stringify(report));
await worker.terminate();
