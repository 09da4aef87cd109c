import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { freePort, waitUntilUp } from './http-clients';

// npm run bench:phone: how fast the app opens on a Karyakarta's phone (issue 21). Chromium at
// 390 × 844 through Playwright's CDP session, the network throttled to 1.6 Mbps down,
// 750 kbps up, 150 ms round trip, and the CPU slowed 4×.
// - cold start: an empty browser (no cache, no service worker) opens /login; timed until the
//   username field is visible and enabled and the page's fonts are loaded. In English, and in
//   Marathi (the phone's language remembered, so the Devanagari font is needed too).
// - warm start: the same browser after a Karyakarta signed in once (the service worker
//   installed and its caches filled) opens the voter list again (Voter Data Entry, /voters:
//   My voters lists only the roll pages assigned to a worker); timed until it shows the first
//   voter of the booth.
// Two clocks: "in the page" is the page's own time from the start of the navigation to the
// moment it met the condition (read with performance.now(), after the next frame for the voter
// list), what the phone's user waits; "driver" is the time the benchmark itself saw pass, which adds
// Playwright's round trips and polling, slowed by the CPU throttling and a busy machine (issue 21,
// decision 037). The table gives both, each the median of its runs.
// Bytes are what the page itself received over the network (compressed sizes).
// PHONE_BENCH_BEFORE=<folder of another checkout, built> measures that version too, side by
// side ("before"); e.g. a clone of the commit before issue 21 with `npm ci && npm run build`.
// PHONE_BENCH_RUNS (default 3): runs per measure; the table shows the median. With a "before",
// the two alternate run by run, so a busy machine weighs on both alike.
// `--no-build` uses the present web/dist of this checkout.
const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.PHONE_BENCH_RUNS ?? 3);
// PHONE_BENCH_ONLY=warm (or cold, Marathi...): only the measures whose name holds one of these words.
const ONLY = (process.env.PHONE_BENCH_ONLY ?? 'start').split(',');
const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const KARYAKARTA = { username: 'bench.kk', password: 'Bench-Field-2026!', full_name: 'Bench Karyakarta' };
const VOTERS = 40;
// The list shows the newest first.
const NEWEST_VOTER = `Bench Voter ${String(VOTERS).padStart(3, '0')}`;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU_SLOWDOWN = 4;

interface Sample {
  ms: number;
  // The page's own clock: navigation start to the condition met.
  pageMs: number;
  bytes: number;
  requests: number;
}

interface Server {
  base: string;
  stop: () => void;
}

async function startServer(checkout: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vms-phone-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(checkout, 'server/src/main.ts')], {
    cwd: checkout,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DATABASE_URL: '', ADMIN_PASSWORD },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(base);
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base: string, method: string, url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// A Karyakarta of Booth-01 and the booth's voters, through the API as the office would.
async function seed(base: string): Promise<void> {
  const { token } = (await api(base, 'POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })) as { token: string };
  await api(base, 'POST', '/api/users', { ...KARYAKARTA, role: 'Karyakarta', booth_access: ['Booth-01'], mobile: '9876500099' }, token);
  for (let index = 1; index <= VOTERS; index += 1) {
    const number = String(index).padStart(3, '0');
    await api(base, 'POST', '/api/voters', { voter_no: `B1-${number}`, full_name: `Bench Voter ${number}`, voter_id: `BNC${number}${index * 7919}`, booth: 'Booth-01', age: 30 + (index % 40), gender: index % 2 ? 'Male' : 'Female' }, token);
  }
}

// Throttles the page's network and CPU and counts what it receives.
async function throttled(context: BrowserContext, page: Page): Promise<() => { bytes: number; requests: number }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  return () => ({ bytes, requests });
}

async function newPhone(browser: Browser, language: 'en' | 'mr'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
  if (language === 'mr') await context.addInitScript(() => localStorage.setItem('language', 'mr'));
  return context;
}

const usernameLabel = { en: 'Username', mr: /वापरकर्ता/ } as const;

async function coldStart(browser: Browser, base: string, language: 'en' | 'mr'): Promise<Sample> {
  const context = await newPhone(browser, language);
  const page = await context.newPage();
  const received = await throttled(context, page);
  const started = performance.now();
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  const username = page.getByLabel(usernameLabel[language]).first();
  await username.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const ready = !(document.getElementById('username') as HTMLInputElement | null)?.disabled && document.fonts.status === 'loaded';
      const clock = window as unknown as { readyAt?: number };
      if (ready) clock.readyAt ??= performance.now();
      return ready;
    },
    undefined,
    { timeout: 60_000, polling: 16 },
  );
  const ms = performance.now() - started;
  const pageMs = await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt);
  await context.close();
  return { ms, pageMs, ...received() };
}

async function warmStart(browser: Browser, base: string, trace?: string): Promise<Sample> {
  const context = await newPhone(browser, 'en');
  // The first visit, unthrottled: sign in, let the service worker install and fill its caches.
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await first.getByLabel('Username').fill(KARYAKARTA.username);
  await first.getByLabel('Password', { exact: true }).fill(KARYAKARTA.password);
  await first.getByRole('button', { name: 'Sign in' }).click();
  await first.waitForURL(/\/my-voters/);
  await first.goto(`${base}/voters`);
  await first.getByText(NEWEST_VOTER).filter({ visible: true }).first().waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
    await first.screenshot({ path: path.join(os.tmpdir(), 'phone-bench-failure.png') });
    throw error;
  });
  await first.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return;
    const registration = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
    if (!registration) return; // a version without a service worker: the HTTP cache only
  });
  await first.waitForTimeout(1500);
  await first.close();

  const page = await context.newPage();
  // The page notes when the voter's name is first in the document, then waits for the next frame.
  await page.addInitScript((name: string) => {
    const clock = window as unknown as { shownAt?: number };
    const seen = new MutationObserver(() => {
      if (!document.body.textContent?.includes(name)) return;
      seen.disconnect();
      requestAnimationFrame(() => {
        clock.shownAt = performance.now();
      });
    });
    document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true, characterData: true }));
  }, NEWEST_VOTER);
  const received = await throttled(context, page);
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const started = performance.now();
  await page.goto(`${base}/voters`, { waitUntil: 'commit' });
  await page.getByText(NEWEST_VOTER).filter({ visible: true }).first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  const pageMs = await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, undefined, { timeout: 10_000 }).then((handle) => handle.jsonValue() as Promise<number>);
  if (trace) {
    const buffer = await browser.stopTracing();
    writeFileSync(trace, buffer);
    const origin = await page.evaluate(() => performance.timeOrigin);
    printTraceSummary(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }, origin, pageMs);
    // When each request was asked for and answered, by the page's clock (the service worker's
    // share: workerStart to fetchStart; the network's: requestStart to responseStart).
    const timings = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceResourceTiming[]).concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: entry.name.replace(/^https?:\/\/[^/]+/, ''),
        start: entry.startTime,
        worker: entry.workerStart,
        fetch: entry.fetchStart,
        request: entry.requestStart,
        response: entry.responseStart,
        end: entry.responseEnd,
      })),
    );
    console.log('start  worker  fetch  request  response  end  (ms)  name');
    for (const timing of timings) console.log([timing.start, timing.worker, timing.fetch, timing.request, timing.response, timing.end].map((value) => value.toFixed(0).padStart(6)).join(' '), timing.name.slice(0, 60));
  }
  await context.close();
  return { ms, pageMs, ...received() };
}

// PHONE_BENCH_TRACE=<file.json>: one more warm start, recorded as a Chromium performance trace
// (open it in DevTools' Performance panel), with a summary of the main thread's work printed.
const TRACE_CATEGORIES = ['-*', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-devtools.timeline.frame', 'netlog', 'disabled-by-default-v8.cpu_profiler'];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; fileName?: string; url?: string };
}

function printTraceSummary(trace: { traceEvents: TraceEvent[] }, _origin: number, pageMs: number): void {
  const events = trace.traceEvents;
  const threads = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const byName = new Map<string, { count: number; ms: number }>();
  for (const event of events) {
    if (event.dur === undefined) continue;
    const key = `${threads.get(`${event.pid}:${event.tid}`)} ${event.name}`;
    const entry = byName.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += event.dur / 1000;
    byName.set(key, entry);
  }
  console.log(`trace: page ${pageMs.toFixed(0)} ms`);
  for (const [name, entry] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 60)) console.log(`${entry.ms.toFixed(1).padStart(8)} ms ${String(entry.count).padStart(5)}  ${name}`);
}

// The median of each clock (and the bytes of the run with the median page time).
function median(samples: Sample[]): Sample {
  const middle = <T>(sorted: T[]) => sorted[Math.floor(sorted.length / 2)] as T;
  const byPage = middle([...samples].sort((a, b) => a.pageMs - b.pageMs));
  return { ...byPage, ms: middle(samples.map((sample) => sample.ms).sort((a, b) => a - b)) };
}

const MEASURES = ['cold start to sign-in, English', 'cold start to sign-in, Marathi', 'warm start to the voter list'] as const;
type MeasureName = (typeof MEASURES)[number];

function runMeasure(browser: Browser, base: string, name: MeasureName): Promise<Sample> {
  if (name === 'warm start to the voter list') return warmStart(browser, base);
  return coldStart(browser, base, name.endsWith('English') ? 'en' : 'mr');
}

// Each checkout gets its own server; with a "before", their runs alternate (after, before, after,
// ...) so a busy machine's ups and downs fall on both alike.
async function measure(browser: Browser, checkouts: string[]): Promise<Record<string, Sample>[]> {
  const servers: Server[] = [];
  try {
    for (const checkout of checkouts) servers.push(await startServer(checkout));
    for (const server of servers) await seed(server.base);
    const results = servers.map(() => ({}) as Record<string, Sample>);
    for (const name of MEASURES.filter((measureName) => ONLY.some((word) => measureName.includes(word)))) {
      const samples = servers.map(() => [] as Sample[]);
      for (let index = 0; index < RUNS; index += 1) {
        for (const [at, server] of servers.entries()) samples[at]?.push(await runMeasure(browser, server.base, name));
      }
      for (const [at, result] of results.entries()) result[name] = median(samples[at] ?? []);
    }
    const trace = process.env.PHONE_BENCH_TRACE;
    if (trace) await warmStart(browser, servers[0]?.base ?? '', trace);
    return results;
  } finally {
    for (const server of servers) server.stop();
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(ROOT, 'web/vite.config.ts'), '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  const before = process.env.PHONE_BENCH_BEFORE;
  if (before && !existsSync(path.join(before, 'web/dist/index.html'))) throw new Error(`${before} has no web build: run npm run build there first`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'] });
  try {
    const [after = {}, earlier = null] = await measure(browser, before ? [ROOT, before] : [ROOT]);
    console.log(`Phone load: 390 × 844, ${NETWORK.latency} ms round trip, 1.6 Mbps down / 750 kbps up, CPU ${CPU_SLOWDOWN}× slower; median of ${RUNS}`);
    const seconds = (ms?: number) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
    const kb = (sample?: Sample) => (sample ? `${(sample.bytes / 1024).toFixed(0)} KB / ${sample.requests}` : '–');
    console.log('| measure | target | before, in the page | after, in the page | before, driver | after, driver | before: received / requests | after: received / requests |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const name of Object.keys(after)) {
      const target = name.startsWith('cold') ? '< 2.5 s' : '< 1 s';
      console.log(`| ${name} | ${target} | ${seconds(earlier?.[name]?.pageMs)} | ${seconds(after[name]?.pageMs)} | ${seconds(earlier?.[name]?.ms)} | ${seconds(after[name]?.ms)} | ${kb(earlier?.[name])} | ${kb(after[name])} |`);
    }
  } finally {
    await browser.close();
  }
}

await main();
