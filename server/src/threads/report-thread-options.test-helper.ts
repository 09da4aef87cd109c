import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';

// A worker for typescript-worker.test.ts: after enough short-lived objects to grow its young
// generation to its limit, it reports the Node options and source-map setting it runs with.
let kept = 0;
for (let round = 0; round < 2_000_000; round += 1) kept += [round].length;
const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
parentPort?.postMessage({ execArgv: process.execArgv, sourceMaps: process.sourceMapsEnabled, newSpaceMb: (newSpace?.space_size ?? 0) / 1048576, kept });
