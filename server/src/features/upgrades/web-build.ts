import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { computeSourceStamp, readBuildStamp } from '../../../../web/build/web-build-stamp';

export interface WebBuildOptions {
  // The folder of vite.config.ts; shared/ and the package files sit beside it.
  webRoot: string;
  // Where the server serves the build from.
  distDir: string;
  log: (line: string) => void;
  // Builds into outDir and says whether it succeeded: Vite by default.
  build?: (outDir: string) => boolean;
}

export type WebBuildResult = 'up-to-date' | 'built';

export class WebBuildError extends Error {}

function viteBuild(webRoot: string): (outDir: string) => boolean {
  const require = createRequire(import.meta.url);
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return (outDir) =>
    spawnSync(process.execPath, [viteBin, 'build', '--config', path.join(webRoot, 'vite.config.ts'), '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.dirname(webRoot),
      stdio: 'inherit',
    }).status === 0;
}

// `npm start`: makes sure the served web app is built from the current sources. A build whose
// stamp differs (an update changed the sources) is rebuilt into a folder beside it and swapped
// in only once it succeeded, so a failing build leaves the previous one in place.
export function ensureWebBuild(options: WebBuildOptions): WebBuildResult {
  const { webRoot, distDir, log } = options;
  const sourceStamp = computeSourceStamp(webRoot);
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const built = hasBuild ? readBuildStamp(distDir) : null;
  if (built?.stamp === sourceStamp) return 'up-to-date';

  log(
    !hasBuild
      ? 'Building the web app (first start)...'
      : `The web app's sources changed since its last build (${built?.stamp ?? 'no stamp'} -> ${sourceStamp}): rebuilding it...`,
  );
  const next = `${distDir}.next`;
  const old = `${distDir}.old`;
  rmSync(next, { recursive: true, force: true });
  const ok = (options.build ?? viteBuild(webRoot))(next);
  if (!ok || !existsSync(path.join(next, 'index.html'))) {
    rmSync(next, { recursive: true, force: true });
    throw new WebBuildError(
      `Building the web app failed (see the output above). The server was not started; ${hasBuild ? 'the previous build is left in place' : 'there is no build to serve'}.`,
    );
  }
  // Two renames: the old build is never half replaced.
  rmSync(old, { recursive: true, force: true });
  if (existsSync(distDir)) renameSync(distDir, old);
  renameSync(next, distDir);
  rmSync(old, { recursive: true, force: true });
  return 'built';
}
