import Dexie from 'dexie';
import { entryOf, newestFirst, withTerms } from '@web/lib/offline/offline-search';
import { createLock, openLock, seal, unseal } from '@web/lib/offline/offline-vault';

// What bench/offline-unlock-bench.ts runs in Chromium: the lock of the phone's copy, its search
// index and Dexie, as the app bundles them.
(globalThis as unknown as { unlockBench: unknown }).unlockBench = { Dexie, entryOf, newestFirst, withTerms, createLock, openLock, seal, unseal };
