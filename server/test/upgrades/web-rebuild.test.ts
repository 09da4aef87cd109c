import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD_HEADER } from '@shared/health/health-schema';
import { PROJECT_ROOT } from '../../src/features/upgrades/app-version';
import { ensureWebBuild, WebBuildError } from '../../src/features/upgrades/web-build';
import { computeSourceStamp, readBuildStamp } from '../../../web/build/web-build-stamp';
import { createTestApp } from '../support/test-app';

// Issue 24's upgrade test: build, change a web source, start, and the new build is served.
// It runs the real Vite build on a copy of the web sources (the checkout's own are never
// touched), with the project's node_modules linked in so the copy resolves its packages.
let root: string;
let webRoot: string;
let distDir: string;
const lines: string[] = [];
const log = (line: string) => lines.push(line);
const SUBTITLE = 'Sign in to access the admin dashboard';
const UPDATED = 'Sign in to the updated build';

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'vms-upgrade-'));
  const outputs = (source: string) => !/[\\/](dist[^\\/]*|node_modules)$/.test(source);
  cpSync(path.join(PROJECT_ROOT, 'web'), path.join(root, 'web'), { recursive: true, filter: outputs });
  cpSync(path.join(PROJECT_ROOT, 'shared'), path.join(root, 'shared'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(PROJECT_ROOT, file), path.join(root, file));
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'junction');
  webRoot = path.join(root, 'web');
  distDir = path.join(webRoot, 'dist');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

// The English texts of the app as the server serves them: the entry script, then the English
// language file (each language is its own file since issue 21).
async function servedEntry(): Promise<{ script: string; build: string | undefined }> {
  const t = await createTestApp({ config: { webDistDir: distDir } });
  try {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const entry = page.body.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    if (!entry) throw new Error(`no entry script in ${page.body}`);
    expect((await t.app.inject({ method: 'GET', url: entry })).statusCode).toBe(200);
    const english = readdirSync(path.join(distDir, 'assets')).find((name) => /^en-[\w-]{8}\.js$/.test(name));
    if (!english) throw new Error('no English language file in the build');
    const script = await t.app.inject({ method: 'GET', url: `/assets/${english}` });
    expect(script.statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { script: script.body, build: health.headers[APP_BUILD_HEADER.toLowerCase()] as string | undefined };
  } finally {
    await t.close();
  }
}

// Each test runs a whole Vite build, which since issue 21 also writes the service worker and
// the brotli/gzip copies: on a busy machine that takes longer than the suite's 30 s default.
describe('npm start after an update', { timeout: 120_000 }, () => {
  it('should build the web app at the first start, then not again while the sources are unchanged', () => {
    expect(ensureWebBuild({ webRoot, distDir, log })).toBe('built');
    expect(lines).toEqual(['Building the web app (first start)...']);
    expect(readBuildStamp(distDir)?.stamp).toBe(computeSourceStamp(webRoot));
    expect(ensureWebBuild({ webRoot, distDir, log })).toBe('up-to-date');
    expect(lines).toHaveLength(1);
  });

  it('should rebuild and serve the new screens when a web source changed', async () => {
    const before = await servedEntry();
    expect(before.script).toContain(SUBTITLE);
    expect(before.build).toBe(computeSourceStamp(webRoot));

    const locale = path.join(webRoot, 'src', 'locales', 'en.ts');
    writeFileSync(locale, readFileSync(locale, 'utf8').replace(SUBTITLE, UPDATED));
    lines.length = 0;
    expect(ensureWebBuild({ webRoot, distDir, log })).toBe('built');
    // One line says why.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The web app's sources changed since its last build \([0-9a-f]{16} -> [0-9a-f]{16}\): rebuilding it\.\.\.$/);

    const after = await servedEntry();
    expect(after.script).toContain(UPDATED);
    expect(after.script).not.toContain(SUBTITLE);
    expect(after.build).toBe(computeSourceStamp(webRoot));
    expect(after.build).not.toBe(before.build);
  });

  it('should stop with a clear message and keep the previous build when the build fails', () => {
    const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const stamp = readBuildStamp(distDir)?.stamp;
    const main = path.join(webRoot, 'src', 'main.tsx');
    writeFileSync(main, `${readFileSync(main, 'utf8')}\nexport const broken = ;\n`);

    expect(() => ensureWebBuild({ webRoot, distDir, log })).toThrow(WebBuildError);
    expect(() => ensureWebBuild({ webRoot, distDir, log })).toThrow(/Building the web app failed .*the previous build is left in place/);
    expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toBe(index);
    expect(readBuildStamp(distDir)?.stamp).toBe(stamp);
    expect(existsSync(`${distDir}.next`)).toBe(false);
  });
});
