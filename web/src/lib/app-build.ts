import { useSyncExternalStore } from 'react';

// Whether the server now serves screens built from other sources than this page: after an
// update the API may expect what the old screens do not send, so the page offers a reload
// (components/layout/new-version-banner.tsx). The api client reports each answer's
// X-App-Build header here.
//
// The service worker (lib/service-worker.ts) announces a waiting new worker here too, and the
// banner's Reload goes through reloadToNewVersion(): the waiting worker takes over first, so
// the reload shows the new screens rather than the ones it kept.
const OWN_BUILD: string | undefined = import.meta.env.VITE_APP_BUILD;

let newVersionAvailable = false;
const listeners = new Set<() => void>();

export function announceNewVersion(): void {
  if (newVersionAvailable) return;
  newVersionAvailable = true;
  for (const listener of listeners) listener();
}

// Set by the service worker: hands over to a new worker and reloads; false when there is none.
let newVersionReloader: (() => Promise<boolean>) | null = null;

export function setNewVersionReloader(reloader: () => Promise<boolean>): void {
  newVersionReloader = reloader;
}

export async function reloadToNewVersion(): Promise<void> {
  const handedOver = newVersionReloader ? await newVersionReloader().catch(() => false) : false;
  if (!handedOver) window.location.reload();
}

// A page without a build stamp (dev server, unit tests) or an answer without the header
// (a server serving no build) has nothing to compare.
export function noticeServerBuild(serverBuild: string | null, ownBuild: string | undefined = OWN_BUILD): void {
  if (!serverBuild || !ownBuild || ownBuild === 'dev') return;
  if (serverBuild !== ownBuild) announceNewVersion();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNewVersionAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => newVersionAvailable);
}
