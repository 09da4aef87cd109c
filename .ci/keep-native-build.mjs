// Keeps better-sqlite3's compiled module where its installer looks before building.
//
// No prebuilt better-sqlite3 can be downloaded here, so every `npm ci` compiles SQLite from
// source: about two minutes on one core, the other idle. prebuild-install (the package's
// install step) first looks in npm's cache for a prebuilt archive of this exact version, Node
// ABI, platform and architecture; this puts the module just compiled there, so the next
// `npm ci` on this machine unpacks it in a second. A new machine, another version or another
// Node compiles again as before.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const moduleDir = path.resolve(import.meta.dirname, '../node_modules/better-sqlite3');
const built = path.join(moduleDir, 'build/Release/better_sqlite3.node');
if (!existsSync(built)) process.exit(0);

// prebuild-install's own reading of the configuration and naming of the archive, from where the
// package's install step runs it.
process.chdir(moduleDir);
const requireThere = createRequire(path.join(moduleDir, 'package.json'));
const pkg = requireThere('./package.json');
const rc = requireThere('prebuild-install/rc')(pkg);
const util = requireThere('prebuild-install/util');
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
if (existsSync(cached)) process.exit(0);

mkdirSync(path.dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.tmp`;
execFileSync('tar', ['-czf', partial, '-C', moduleDir, 'build/Release/better_sqlite3.node']);
renameSync(partial, cached);
console.log(`Kept the compiled better-sqlite3 for the next npm ci: ${cached}`);
