import type { Page } from '@playwright/test';

// The voter ids in the phone's copy (IndexedDB), read the way the app stores them. Never creates
// the database (the app opens it only once its first screen is up: decision 037) and closes it
// after reading, so the app's own opening and upgrade are never blocked by the test.
export async function cachedIds(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const opening = indexedDB.open('vms-offline');
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('voters')) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction('voters').objectStore('voters').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result as number[]);
          };
        };
        opening.onerror = () => resolve([]);
      }),
  );
}
