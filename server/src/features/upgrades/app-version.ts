import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// What an office runs: the package version and, in a git checkout, the commit. Read from the
// files (git itself need not be installed), once per process.
export interface AppVersion {
  version: string;
  // Short commit hash; null outside a git checkout.
  commit: string | null;
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHORT_COMMIT = 12;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

// .git is a folder, or in a worktree a file "gitdir: <path>"; a worktree keeps its refs in
// the common folder named by its "commondir" file.
function gitDirs(root: string): { gitDir: string; commonDir: string } | null {
  const dotGit = path.join(root, '.git');
  if (!existsSync(dotGit)) return null;
  let gitDir = dotGit;
  if (statSync(dotGit).isFile()) {
    const pointer = readText(dotGit)?.match(/^gitdir:\s*(.+)$/m)?.[1];
    if (!pointer) return null;
    gitDir = path.resolve(root, pointer);
  }
  const common = readText(path.join(gitDir, 'commondir'));
  return { gitDir, commonDir: common ? path.resolve(gitDir, common) : gitDir };
}

export function readGitCommit(root: string): string | null {
  const dirs = gitDirs(root);
  if (!dirs) return null;
  const head = readText(path.join(dirs.gitDir, 'HEAD'));
  if (!head) return null;
  const ref = head.match(/^ref:\s*(.+)$/)?.[1];
  // A detached HEAD holds the commit itself.
  if (!ref) return /^[0-9a-f]{40,64}$/.test(head) ? head.slice(0, SHORT_COMMIT) : null;
  const loose = readText(path.join(dirs.gitDir, ref)) ?? readText(path.join(dirs.commonDir, ref));
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose.slice(0, SHORT_COMMIT);
  // Refs that git has packed live in packed-refs as "<hash> <ref>" lines.
  const packed = readText(path.join(dirs.commonDir, 'packed-refs')) ?? '';
  const line = packed.split('\n').find((entry) => entry.endsWith(` ${ref}`));
  const hash = line?.split(' ')[0];
  return hash && /^[0-9a-f]{40,64}$/.test(hash) ? hash.slice(0, SHORT_COMMIT) : null;
}

export function readAppVersion(root: string): AppVersion {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return { version: typeof pkg.version === 'string' ? pkg.version : '0.0.0', commit: readGitCommit(root) };
}

let current: AppVersion | undefined;

// The running version, read on first use and kept: a `git pull` under a running server does
// not change what it runs.
export function runningVersion(): AppVersion {
  current ??= readAppVersion(PROJECT_ROOT);
  return current;
}

// "0.1.0 (abc123def456)", or the bare version outside a git checkout.
export function formatVersion({ version, commit }: AppVersion): string {
  return commit ? `${version} (${commit})` : version;
}
