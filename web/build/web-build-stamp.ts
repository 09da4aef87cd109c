import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The build stamp: a hash of everything the web build reads (web/, shared/ which it imports,
// the package files that pin its dependencies). The build writes it into the output folder
// and compiles it into the app; `npm start` rebuilds when the sources' stamp differs from the
// built one, and the server tells the browser which build it serves (X-App-Build).
export const BUILD_STAMP_FILE = 'build-stamp.json';
// The stamp as the app and the header carry it: short enough to read, long enough never to collide.
const STAMP_LENGTH = 16;

export interface BuildStamp {
  stamp: string;
  builtAt: string;
}

// Folders and files that never feed the build: outputs (dist and the start's dist.next /
// dist.old), dependencies, and tests.
const isSkippedDir = (name: string) => name === 'node_modules' || name.startsWith('dist') || name.startsWith('.');
const isSkippedFile = (name: string) => /\.test\.tsx?$/.test(name) || name.startsWith('.');

function collectFiles(dir: string, into: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedDir(entry.name)) collectFiles(full, into);
    } else if (entry.isFile() && !isSkippedFile(entry.name)) into.push(full);
  }
}

// The inputs of the web build whose root (the folder of vite.config.ts) is webRoot.
export function webBuildInputs(webRoot: string): string[] {
  const projectRoot = path.dirname(webRoot);
  const files: string[] = [];
  for (const dir of [webRoot, path.join(projectRoot, 'shared')]) if (existsSync(dir)) collectFiles(dir, files);
  for (const file of ['package.json', 'package-lock.json']) {
    const full = path.join(projectRoot, file);
    if (existsSync(full)) files.push(full);
  }
  return files;
}

// Each file's path (relative, with forward slashes) and contents, in name order: the same
// sources give the same stamp on any machine and folder.
export function computeSourceStamp(webRoot: string): string {
  const projectRoot = path.dirname(webRoot);
  const hash = createHash('sha256');
  const files = webBuildInputs(webRoot).map((file) => ({ file, name: path.relative(projectRoot, file).split(path.sep).join('/') }));
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { file, name } of files) {
    const contents = readFileSync(file);
    hash.update(`${name}\0${contents.length}\0`);
    hash.update(contents);
  }
  return hash.digest('hex').slice(0, STAMP_LENGTH);
}

export function readBuildStamp(distDir: string): BuildStamp | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(distDir, BUILD_STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return typeof parsed.stamp === 'string' && parsed.stamp ? { stamp: parsed.stamp, builtAt: String(parsed.builtAt ?? '') } : null;
  } catch {
    // No stamp (a build from before stamps, or none at all): treated as out of date.
    return null;
  }
}

// Vite plugin: the stamp of the sources as the build starts, compiled in as
// import.meta.env.VITE_APP_BUILD and written beside index.html.
export function buildStampPlugin(webRoot: string): Plugin {
  let stamp = 'dev';
  return {
    name: 'build-stamp',
    config(_config, { command }) {
      // The dev server has no build to compare; 'dev' turns the browser's check off.
      if (command === 'build') stamp = computeSourceStamp(webRoot);
      return { define: { 'import.meta.env.VITE_APP_BUILD': JSON.stringify(stamp) } };
    },
    generateBundle() {
      const content: BuildStamp = { stamp, builtAt: new Date().toISOString() };
      this.emitFile({ type: 'asset', fileName: BUILD_STAMP_FILE, source: `${JSON.stringify(content, null, 2)}\n` });
    },
  };
}
