import Dexie from 'dexie';
import { entryOf, newestFirst, searchEntries, withTerms } from '@web/lib/offline/offline-search';

// What bench/offline-bench.ts runs in Chromium: the phone's search and Dexie, as the app bundles them.
(globalThis as unknown as { offlineBench: unknown }).offlineBench = { Dexie, entryOf, newestFirst, searchEntries, withTerms };
