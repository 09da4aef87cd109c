import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';

// Run as its own process (node --import tsx): builds the app as a server process does at start,
// then prints the packages loaded by then, from Node's module cache (CommonJS packages) and the
// process's memory map (native addons).
const { app } = await buildApp({ config: loadConfig(), logger: false });
await app.ready();
const cached = Object.keys(createRequire(import.meta.url).cache);
const mapped = readFileSync('/proc/self/maps', 'utf8').split('\n');
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
const loaded = new Set([...cached, ...mapped].map(packageOf).filter((name): name is string => name !== undefined));
console.log(JSON.stringify([...loaded].sort()));
await app.close();
