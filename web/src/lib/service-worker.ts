import { announceNewVersion, setNewVersionReloader } from './app-build';

// The installed app's service worker (vite.config.ts, VitePWA): it keeps the app shell so a
// second start needs no network for it (issue 21). One banner for updates: when a new worker
// is waiting, this says "a new version is available" through the same store as the server's
// X-App-Build header (lib/app-build.ts), and the banner's Reload hands over to it.
const WAIT_FOR_NEW_WORKER_MS = 10_000;

// Precaching fetches every screen's script, about 260 KB on a phone (issue 56): it starts once
// the page has fetched nothing for NETWORK_QUIET_MS, so the first screen's data (the voter list
// after sign-in) has a weak connection to itself; at the latest after LONGEST_WAIT_MS, however
// busy the page stays, so the app still becomes installable and usable offline.
const NETWORK_QUIET_MS = 4000;
const LONGEST_WAIT_MS = 30_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // After the page has loaded and the network has gone quiet; workbox-window is not part of
  // the first download either.
  const start = () => afterNetworkQuiet(() => void startServiceWorker());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function afterNetworkQuiet(run: () => void): void {
  const begun = performance.now();
  let timer = 0;
  const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => wait()) : null;
  function wait() {
    window.clearTimeout(timer);
    const left = LONGEST_WAIT_MS - (performance.now() - begun);
    timer = window.setTimeout(done, Math.max(0, Math.min(NETWORK_QUIET_MS, left)));
  }
  function done() {
    observer?.disconnect();
    run();
  }
  // Every finished fetch of the page (scripts, fonts, API calls) starts the quiet wait again.
  observer?.observe({ type: 'resource' });
  wait();
}

async function startServiceWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let waiting = false;
  const waiters = new Set<() => void>();
  workbox.addEventListener('waiting', () => {
    waiting = true;
    for (const waiter of waiters) waiter();
    announceNewVersion();
  });

  // A browser that refuses workers (private mode, a test context that blocks them) keeps the
  // plain web app, and the banner's Reload a plain reload.
  const registration = await workbox.register().catch(() => undefined);
  if (!registration) return;

  setNewVersionReloader(async () => {
    if (!waiting) {
      // The server told us first (X-App-Build): ask for the new worker; when one is installing,
      // give it a moment, so the reload shows the new screens rather than the kept old ones.
      await registration.update().catch(() => undefined);
      if (registration.waiting) waiting = true;
      else if (registration.installing) {
        await Promise.race([new Promise<void>((resolve) => waiters.add(resolve)), new Promise<void>((resolve) => setTimeout(resolve, WAIT_FOR_NEW_WORKER_MS))]);
      }
    }
    if (!waiting) return false;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
    return true;
  });
}
